import CalendarPaging
import Interchange
import Testing

@Suite struct CSVDecoderTests {
  @Test func columnsAreFoundByNameInAnyOrder() throws {
    let text = "\u{FEFF}Body, extra ,DAY,id\n\"a\"\"b\",x,2024-05-01,3\n\nplain,,2024-05-02,"
    let notes = try decoded(text, .csv)
    #expect(notes.map(\.body) == ["a\"b", "plain"])
    #expect(notes.map(\.day) == [TestCorpus.day("2024-05-01"), TestCorpus.day("2024-05-02")])
    #expect(notes.map(\.line) == [2, 4])
    #expect(notes.allSatisfy { $0.uidIsDerived && $0.created == nil && $0.updated == nil })
  }

  @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
    let text =
      "uid,day,body,created,updated\r\n"
      + "u1,2024-05-01,\"a,b\r\n\"\"c\"\"\nd\r\",2024-04-30T18:02:11.250+02:00,\r\n"
      + "u2,2024-05-02,\"x\",,2024-04-30T18:02:11Z\r\n"
    let notes = try decoded(text, .csv)
    #expect(notes.map(\.body) == ["a,b\r\n\"c\"\nd\r", "x"])
    #expect(notes.map(\.line) == [2, 5])
    #expect(notes[0].created == TestCorpus.time("2024-04-30T16:02:11.250Z"))
    #expect(notes[1].updated == TestCorpus.time("2024-04-30T18:02:11.000Z"))
    #expect(try decoded("", .csv).isEmpty)
    #expect(try decoded("day,body\r\n", .csv).isEmpty)
  }

  static let malformed: [(String, String)] = [
    ("uid,day\n", "line 1: the header has no 'body' column"),
    ("body\n", "line 1: the header has no 'day' column"),
    ("day,body,Day\n", "line 1: the header names 'day' twice"),
    ("day,body\n2024-05-01,a\n\n2024-05-01,b,c\n", "line 4: 3 fields, but the header has 2"),
    ("day,body\n2024-05-01\n", "line 2: 1 field, but the header has 2"),
    ("day,body\n2024-05-01,\"a\nb\n", "line 2: unterminated quoted field"),
    (
      "day,body\n2024-05-01,a\"b\"\n",
      "line 2: a '\"' inside an unquoted field: quote the field and double the quote"
    ),
    (
      "day,body\n2024-05-01,\"a\"b\n",
      "line 2: unexpected 'b' after a closing quote, expected ',' or a line end"
    ),
    (
      "day,body\n2024-05-01,\"a\"日\n",
      "line 2: unexpected '日' after a closing quote, expected ',' or a line end"
    ),
    ("day,body\n2024-05-01,a\rb\n", "line 2: a carriage return outside quotes that ends no line"),
    (
      "day,body\n2024-05-01,\"multi\nline\"\n2024-13-01,b\n",
      "line 4: 'day' is not a date: '2024-13-01', there is no month 13"
    ),
    (
      "day,body\n0000-01-01,b\n",
      "line 2: 'day' is not a date: '0000-01-01', years run from 0001 to 9999"
    ),
    (
      "day,body,created\n2024-01-01,b,noon\n",
      "line 2: 'created' is not a time: 'noon', expected YYYY-MM-DDTHH:MM:SS.mmmZ"
    ),
    (
      "uid,day,body\n\"a\tb\u{1}\",2024-01-01,b\n",
      #"line 2: 'uid' contains a control character: 'a\tb\x01'"#
    ),
  ]

  @Test(arguments: malformed)
  func malformedInputNamesItsLine(text: String, message: String) {
    #expect(decodingError(text, .csv) == message)
  }

  static func decoder(_ text: String) throws -> (notes: [DecodedNote], report: ImportReport) {
    var decoder = try NoteDecoder(format: .csv, source: ByteArraySource(text, chunkSize: 5))
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    return (notes, decoder.report)
  }

  /// A spreadsheet saving CSV in many locales separates fields with ';' (LibreOffice, Excel).
  @Test func aSemicolonSeparatedFileIsRead() throws {
    let text =
      "\u{FEFF}day;body;Mood;uid\r\n2024-05-01;\"a; b, c\";happy;u1\r\n2024-05-02;plain, text;;\r\n"
    let (notes, report) = try Self.decoder(text)
    #expect(notes.map(\.body) == ["a; b, c", "plain, text"])
    #expect(notes.map(\.uid) == ["u1", notes[1].uid])
    #expect(notes[1].uidIsDerived)
    #expect(report.separator == ";")
    #expect(report.unknownColumns == ["Mood"])
    #expect(report.notices == ["unknown column ignored: 'Mood'"])
  }

  /// Excel's first line `sep=;` names the separator.
  @Test func excelsSeparatorLineIsHonoured() throws {
    let (notes, report) = try Self.decoder("sep=;\nday;body\n2024-05-01;x,y\n")
    #expect(notes.map(\.body) == ["x,y"])
    #expect(notes.map(\.line) == [3])
    #expect(report.separator == ";")
    #expect(try Self.decoder("sep=,\nday,body\n2024-05-01,a;b\n").notes.map(\.body) == ["a;b"])
  }

  static let refusedSeparators: [(String, String)] = [
    (
      "day\tbody\n2024-05-01\tx\n",
      "line 1: the header's fields are separated by tabs: calpager reads ',' or ';'"
    ),
    ("day|body\n", "line 1: the header's fields are separated by '|': calpager reads ',' or ';'"),
    (
      "\n\nsep=\t\nday\tbody\n",
      "line 3: the header's fields are separated by tabs: calpager reads ',' or ';'"
    ),
    ("date;text\n", "line 1: the header has no 'day' column (its fields are separated by ';')"),
    ("day;text;x\n", "line 1: the header has no 'body' column (its fields are separated by ';')"),
  ]

  @Test(arguments: refusedSeparators)
  func aSeparatorCalpagerDoesNotReadIsNamed(text: String, message: String) {
    #expect(decodingError(text, .csv) == message)
  }

  @Test func unknownColumnsAreReportedButNotID() throws {
    let (_, report) = try Self.decoder("id, Tags ,day,body,,x\n1,a,2024-05-01,b,,\n")
    #expect(report.unknownColumns == ["Tags", "", "x"])
    #expect(report.separator == ",")
  }

  @Test func whiteSpaceLinesAreSkippedAndAnEmptyBodyIsRefused() throws {
    let (notes, _) = try Self.decoder("  \n\t\r\nday,body\n \n2024-05-01,a\n\t \n")
    #expect(notes.map(\.body) == ["a"])
    #expect(notes.map(\.line) == [5])
    for body in ["", " ", "\"\n\"", "\"\u{3000}\u{A0}\""] {
      #expect(
        decodingError("day,body\n2024-05-01,a\n2024-05-02,\(body)\n", .csv)
          == "line 3: 'body' is empty or only white space: a note needs text")
    }
  }

  @Test func invalidUTF8IsRefused() {
    let bytes = Array("day,body\n2024-05-01,".utf8) + [0xFF] + [0x0A]
    #expect(decodingError(bytes, .csv) == "line 2: invalid UTF-8")
  }
}
