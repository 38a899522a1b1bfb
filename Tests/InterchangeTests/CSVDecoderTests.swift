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
    #expect(notes.allSatisfy { $0.uid == nil && $0.created == nil && $0.updated == nil })
  }

  @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
    let text =
      "uid,day,body,created,updated\r\n"
      + "u1,2024-05-01,\"a,b\r\n\"\"c\"\"\nd\r\",2024-04-30T18:02:11.250+02:00,\r\n"
      + "u2,2024-05-02,\"\",,2024-04-30T18:02:11Z\r\n"
    let notes = try decoded(text, .csv)
    #expect(notes.map(\.body) == ["a,b\r\n\"c\"\nd\r", ""])
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

  @Test func invalidUTF8IsRefused() {
    let bytes = Array("day,body\n2024-05-01,".utf8) + [0xFF] + [0x0A]
    #expect(decodingError(bytes, .csv) == "line 2: invalid UTF-8")
  }
}
