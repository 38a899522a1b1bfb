import Interchange
import Testing

/// The component model keeps every byte it reads and says what each line holds.
@Suite struct ICalendarDocumentTests {
  static let inputs: [String] = [
    "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    "\u{FEFF}BEGIN:VCALENDAR\nVERSION:2.0\n\nBEGIN:VJOURNAL\nDESCRIPTION:fol\n ded\n\tagain\nEND:VJOURNAL\nEND:VCALENDAR",
    "\r\n  \r\nBEGIN:VCALENDAR\r\nX-A;P=\"a:b\",c;Q=d:v\\,w\r\nBEGIN:X-ANY\r\nBEGIN:VALARM\r\nEND:VALARM\r\nEND:X-ANY\r\nEND:VCALENDAR\r\n\r\nbegin:vcalendar\r\nend:VCALENDAR\r\n\r\n",
    "BEGIN:VCALENDAR\r\nDESCRIPTION:lone\rCR and 日本語 🙂\r\nEND:VCALENDAR\r\n",
  ]

  @Test(arguments: inputs)
  func theBytesOfAParsedDocumentAreItsInput(text: String) throws {
    let document = try ICalendarDocument(parsing: Array(text.utf8))
    #expect(document.bytes == Array(text.utf8))
  }

  @Test func propertiesSayWhatTheyHold() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nsummary;LANGUAGE=en;X-LIST=\"a:b\",c:Hello\\, wor\r\n ld\\nnext\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
    let document = try ICalendarDocument(parsing: Array(text.utf8))
    let calendar = try #require(document.calendars.first)
    #expect(calendar.name == "VCALENDAR" && calendar.line == 1)
    let journal = try #require(calendar.components.first)
    #expect(journal.name == "VJOURNAL" && journal.line == 2)
    let summary = try #require(journal.property(named: "SUMMARY"))
    #expect(summary.line == 3)
    #expect(summary.value == "Hello\\, world\\nnext")
    #expect(summary.text == "Hello, world\nnext")
    #expect(
      summary.parameters == [
        ICalendarParameter(name: "LANGUAGE", values: ["en"]),
        ICalendarParameter(name: "X-LIST", values: ["a:b", "c"]),
      ])
    #expect(summary.parameter("LANGUAGE") == "en")
    #expect(
      String(decoding: summary.head, as: UTF8.self) == "summary;LANGUAGE=en;X-LIST=\"a:b\",c:")
    #expect(
      String(decoding: summary.raw, as: UTF8.self)
        == "summary;LANGUAGE=en;X-LIST=\"a:b\",c:Hello\\, wor\r\n ld\\nnext\r\n")
    #expect(journal.components.map(\.name) == ["VALARM"])
    #expect(journal.components[0].property(named: "TRIGGER")?.value == "-PT15M")
    #expect(journal.properties.map(\.name) == ["SUMMARY"])
    #expect(journal.bytes == Array(Array(text.utf8)[17..<(text.utf8.count - 15)]))
  }

  @Test func aSingleLineParsesIntoAProperty() throws {
    let property = try ICalendarProperty(parsing: Array("X-A;B=c:d\r\n e\r\n".utf8))
    #expect(property.name == "X-A" && property.value == "de" && property.parameter("B") == "c")
    #expect(throws: InterchangeError.malformed(line: 2, .notContentLine("Y:z"))) {
      try ICalendarProperty(parsing: Array("X:a\r\nY:z\r\n".utf8))
    }
    #expect(throws: InterchangeError.malformed(line: 1, .notContentLine("nonsense"))) {
      try ICalendarProperty(parsing: Array("nonsense".utf8))
    }
  }

  static let malformed: [(String, String)] = [
    ("VERSION:2.0\r\n", "line 1: expected 'BEGIN:VCALENDAR', found 'VERSION:2.0'"),
    ("BEGIN:VCALENDAR\r\nX\r\n", "line 2: 'X' is not a content line: expected NAME:VALUE"),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nEND:VCALENDAR\r\n",
      "line 3: 'END:VCALENDAR' does not close 'BEGIN:VJOURNAL'"
    ),
    ("BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\n", "line 2: 'BEGIN:VJOURNAL' is never closed"),
  ]

  @Test(arguments: malformed)
  func syntaxErrorsNameTheirLine(text: String, message: String) {
    #expect(throws: (any Error).self) { try ICalendarDocument(parsing: Array(text.utf8)) }
    do {
      _ = try ICalendarDocument(parsing: Array(text.utf8))
    } catch {
      #expect(error.description == message)
    }
  }
}
