import CalendarPaging
import Interchange
import NoteModel
import Testing

/// `import --format jrnl`: the JSON `jrnl --export json` writes (issue 13 item 4).
@Suite struct JRNLDecoderTests {
  /// What jrnl 4 writes (`json.dumps(…, indent=2)`: non-ASCII as `\u` escapes, no final line
  /// break), printed by Python from the exporter's dictionary.
  static let export = #"""
    {
      "tags": {
        "@work": 2,
        "@garden": 1
      },
      "entries": [
        {
          "title": "Called in sick.",
          "body": "Used the time to clean the house and spent 4h on writing my book.",
          "date": "2012-03-29",
          "time": "09:00",
          "tags": [],
          "starred": false
        },
        {
          "title": "Meeting with @work team.",
          "body": "",
          "date": "2024-05-01",
          "time": "23:30",
          "tags": [
            "@work"
          ],
          "starred": true
        },
        {
          "title": "Tulips \u82b1 \ud83c\udf37",
          "body": "Planted @garden bulbs.\n\nSecond paragraph.",
          "date": "2024-05-01",
          "time": "07:05",
          "tags": [
            "@garden"
          ],
          "starred": false
        },
        {
          "title": "Meeting with @work team.",
          "body": "",
          "date": "2024-05-01",
          "time": "23:30",
          "tags": [
            "@work"
          ],
          "starred": true
        }
      ]
    }
    """#

  static func decode(_ text: String, zone: LocalZone = .utc) throws -> (
    notes: [DecodedNote], report: ImportReport
  ) {
    var decoder = try NoteDecoder(
      format: .jrnl, source: ByteArraySource(text, chunkSize: 7), zone: zone)
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    return (notes, decoder.report)
  }

  @Test func eachEntryIsANoteOnItsDate() throws {
    let (notes, report) = try Self.decode(Self.export, zone: .fixed(offsetSeconds: 7200))
    #expect(
      notes.map(\.body) == [
        "Called in sick.\nUsed the time to clean the house and spent 4h on writing my book.",
        "Meeting with @work team.", "Tulips 花 🌷\nPlanted @garden bulbs.\n\nSecond paragraph.",
        "Meeting with @work team.",
      ])
    #expect(
      notes.map(\.day)
        == ["2012-03-29", "2024-05-01", "2024-05-01", "2024-05-01"].map(TestCorpus.day))
    #expect(notes.map(\.line) == [7, 15, 25, 35])
    // Local times in the zone: 23:30 at UTC+2 is 21:30Z.
    #expect(notes[1].created == TestCorpus.time("2024-05-01T21:30:00.000Z"))
    #expect(notes.allSatisfy { $0.created == $0.updated && $0.uidIsDerived && $0.ical == nil })
    #expect(report.starred == 2)
    #expect(report.notices == ["2 starred entries (the star is not kept)"])
  }

  /// uids come from the content rule: a second import finds the same notes, and two identical
  /// entries stay two notes.
  @Test func uidsAreTheSameOnEveryImport() throws {
    let first = try Self.decode(Self.export).notes.map(\.uid)
    #expect(try Self.decode(Self.export).notes.map(\.uid) == first)
    #expect(Set(first).count == 4)
    let body = Array(
      "Called in sick.\nUsed the time to clean the house and spent 4h on writing my book.".utf8)
    let expected = body.withUnsafeBufferPointer {
      ContentUID.uid(day: TestCorpus.day("2012-03-29"), body: $0, occurrence: 1)
    }
    #expect(first[0] == expected)
  }

  @Test func aDayOneUUIDBecomesTheUID() throws {
    let text =
      #"{"entries":[{"title":"t","body":"b","date":"2024-05-01","time":"10:00","uuid":"ABC123","creator":{"device_agent":"x"},"starred":false}]}"#
    let note = try #require(try Self.decode(text).notes.first)
    #expect(note.uid == "ABC123" && !note.uidIsDerived)
    #expect(note.created == TestCorpus.time("2024-05-01T10:00:00.000Z"))
  }

  @Test func anEmptyJournalAndEmptyInputsHoldNoNotes() throws {
    #expect(try Self.decode(#"{"tags": {}, "entries": []}"#).notes.isEmpty)
    #expect(try Self.decode(" \n").notes.isEmpty)
  }

  static let malformed: [(String, String)] = [
    ("[]", "line 1: unexpected '[', expected '{' to open jrnl's export"),
    (#"{"tags":{}}"#, "line 1: missing 'entries'"),
    ("{}", "line 1: missing 'entries'"),
    (#"{"entries":{}}"#, "line 1: 'entries' must be an array, not an object"),
    (#"{"entries":[],"entries":[]}"#, "line 1: duplicate key 'entries'"),
    (
      "{\"entries\":[\n{\"title\":\"x\",\"date\":\"2024-02-30\"}]}",
      "line 2: 'date' is not a date: '2024-02-30', February 2024 has 29 days, not 30"
    ),
    ("{\"entries\":[\n{\"title\":\"x\"}]}", "line 2: missing 'date'"),
    (
      "{\"entries\":[\n{\"title\":\" \",\"body\":\"\",\"date\":\"2024-05-01\"}]}",
      "line 2: the entry's 'title' and 'body' are empty: a note needs text"
    ),
    (
      "{\"entries\":[\n{\"title\":\"x\",\"date\":\"2024-05-01\",\"time\":\"9am\"}]}",
      "line 2: 'time' is not a time: '9am', expected HH:MM"
    ),
    (
      "{\"entries\":[\n{\"title\":\"x\",\"date\":\"2024-05-01\",\"starred\":1}]}",
      "line 2: 'starred' must be a boolean, not a number"
    ),
    (
      "{\"entries\":[\n{\"title\":\"x\",\"date\":\"2024-05-01\"}",
      "line 2: unexpected end of input, expected ',' or ']'"
    ),
    ("{\"entries\":[]}\nx", "line 2: unexpected 'x', expected nothing after the closing '}'"),
    ("{\"tags\":{\"a\":1,}, \"entries\":[]}", "line 1: unexpected '}', expected a key"),
    ("{\"entries\":[] \"tags\":{}}", "line 1: unexpected '\"', expected ',' or '}'"),
  ]

  @Test(arguments: malformed)
  func malformedInputNamesItsLine(text: String, message: String) {
    #expect(decodingError(text, .jrnl) == message)
  }

  @Test func jrnlIsImportOnly() throws {
    #expect(try Format(name: "jrnl") == .jrnl)
    #expect(Format(path: "journal.json") == .json)  // never inferred from a file name
    #expect(!Format.jrnl.isExportable && Format.jrnl.isImportable)
    #expect(throws: InterchangeError.importOnly(.jrnl)) { try NoteEncoder(exporting: .jrnl) }
    #expect(
      InterchangeError.importOnly(.jrnl).description
        == "'jrnl' can be imported but not exported: export writes jsonl, json, csv, ics or md")
  }
}
