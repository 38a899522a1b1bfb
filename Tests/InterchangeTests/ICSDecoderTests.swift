import CalendarPaging
import Foundation
import Interchange
import Testing

@Suite struct ICSDecoderTests {
  static func calendar(_ lines: [String], ending: String = "\r\n") -> String {
    (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: ending) + ending
  }

  @Test func skipsAndCountsOtherComponentsAndNestedOnes() throws {
    let text = Self.calendar(
      [
        "VERSION:2.0", "BEGIN:VTIMEZONE", "TZID:Europe/Paris", "BEGIN:STANDARD",
        "DTSTART:19701025T030000", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT",
        "DTSTART:20240501T100000Z", "SUMMARY:not a note", "BEGIN:VALARM", "ACTION:DISPLAY",
        "END:VALARM", "END:VEVENT", "BEGIN:VJOURNAL", "DTSTART;VALUE=DATE:20240501",
        "DESCRIPTION:the note", "BEGIN:VALARM", "DESCRIPTION:not the note", "END:VALARM",
        "END:VJOURNAL", "BEGIN:VTODO", "END:VTODO",
      ], ending: "\n")
    var decoder = try NoteDecoder(format: .ics, source: ByteArraySource(text))
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    #expect(notes.map(\.body) == ["the note"])
    #expect(notes.map(\.line) == [16])
    #expect(decoder.skippedComponents == 3)
  }

  @Test func unfoldsUnescapesAndReadsOtherProducersForms() throws {
    let text = Self.calendar([
      "begin:vjournal",
      "uid:abc\\,def",
      "DTSTART;TZID=\"Europe/Paris:odd\":20240501T233000",
      "DESCRIPTION;LANGUAGE=en:fol",
      " ded\\Nand",
      "\t tabbed \\: kept",
      "DESCRIPTION:second",
      "CREATED:20240101T000000",
      "DTSTAMP:20240102T030405Z",
      "end:vjournal",
    ])
    let note = try #require(try decoded(text, .ics).first)
    #expect(note.uid == "abc,def")
    #expect(note.day == TestCorpus.day("2024-05-01"))
    #expect(note.body == "folded\nand tabbed \\: kept\nsecond")
    #expect(note.created == TestCorpus.time("2024-01-01T00:00:00.000Z"))
    #expect(note.updated == TestCorpus.time("2024-01-02T03:04:05.000Z"))
  }

  @Test func summaryStandsInForAMissingDescriptionAndSeveralCalendarsAreRead() throws {
    let journal = ["BEGIN:VJOURNAL", "DTSTART:20240501", "SUMMARY:only a summary", "END:VJOURNAL"]
    let notes = try decoded(Self.calendar(journal) + "\r\n" + Self.calendar(journal), .ics)
    #expect(notes.map(\.body) == ["only a summary", "only a summary"])
    #expect(notes.map(\.line) == [2, 9])
  }

  /// calpager's own extensions win only while they agree with the standard properties.
  @Test func extensionsAreUsedOnlyWhileTheyAgree() throws {
    let original = Note(
      uid: "u", day: TestCorpus.day("2024-05-01"), body: "a\r\nb",
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"),
      updated: TestCorpus.time("2024-05-01T09:00:00.999Z"))
    let exported = String(decoding: NoteEncoder.encode([original], format: .ics), as: UTF8.self)
    let exact = try #require(try decoded(exported, .ics).first)
    #expect(exact.body == "a\r\nb")
    #expect(exact.updated == original.updated)
    // Another program changed the text and the modification time, keeping calpager's lines.
    let edited =
      exported
      .replacingOccurrences(of: "DESCRIPTION:a\\nb", with: "DESCRIPTION:a\\nb!")
      .replacingOccurrences(
        of: "LAST-MODIFIED:20240501T090000Z", with: "LAST-MODIFIED:20240601T000000Z")
    let note = try #require(try decoded(edited, .ics).first)
    #expect(note.body == "a\nb!")
    #expect(note.updated == TestCorpus.time("2024-06-01T00:00:00.000Z"))
    #expect(note.created == original.created)
  }

  static let malformed: [(String, String)] = [
    (
      "BEGIN:VJOURNAL\r\nEND:VJOURNAL\r\n",
      "line 1: expected 'BEGIN:VCALENDAR', found 'BEGIN:VJOURNAL'"
    ),
    ("\r\nhello\r\n", "line 2: expected 'BEGIN:VCALENDAR', found 'hello'"),
    (
      calendar(["VERSION:2.0", "BEGIN:VJOURNAL", "DESCRIPTION:x", "END:VJOURNAL"]),
      "line 3: the VJOURNAL has no 'DTSTART'"
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:20240501", "END:VJOURNAL"]),
      "line 2: the VJOURNAL has no 'DESCRIPTION'"
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART;VALUE=DATE:20240230", "DESCRIPTION:x", "END:VJOURNAL"]),
      "line 2: 'DTSTART' is not a date: '20240230', February 2024 has 29 days, not 30"
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:2024-05-01", "DESCRIPTION:x", "END:VJOURNAL"]),
      "line 2: 'DTSTART' is not a date: '2024-05-01', expected YYYYMMDD, years 0001 to 9999"
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:20240501", "DTSTART:20240502", "END:VJOURNAL"]),
      "line 2: the VJOURNAL has 'DTSTART' twice"
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:20240501", "CREATED:yesterday", "END:VJOURNAL"]),
      "line 2: 'CREATED' is not a time: 'yesterday', expected YYYYMMDDTHHMMSSZ"
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:20240501", "UID:a\\nb", "END:VJOURNAL"]),
      #"line 2: 'uid' contains a control character: 'a\nb'"#
    ),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:20240501", "DESCRIPTION:x", "END:VEVENT"]),
      "line 2: 'END:VEVENT' does not close 'BEGIN:VJOURNAL'"
    ),
    (
      calendar(["BEGIN:VEVENT", "no colon here", "END:VEVENT"]),
      "line 3: 'no colon here' is not a content line: expected NAME:VALUE"
    ),
    (
      calendar(["BEGIN:VEVENT", "X;BAD:1", "END:VEVENT"]),
      "line 3: 'X;BAD:1' is not a content line: expected NAME:VALUE"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nDTSTART:20240501\r\n",
      "line 2: 'BEGIN:VJOURNAL' is never closed"
    ),
    ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", "line 1: 'BEGIN:VCALENDAR' is never closed"),
    (
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VCALENDAR\r\n",
      "line 3: expected 'BEGIN:VCALENDAR', found 'END:VCALENDAR'"
    ),
  ]

  @Test(arguments: malformed)
  func malformedInputNamesItsLine(text: String, message: String) {
    #expect(decodingError(text, .ics) == message)
  }

  @Test func invalidUTF8IsRefused() {
    let bytes =
      Array("BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nDESCRIPTION:".utf8) + [0xC0, 0xAF]
      + Array("\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n".utf8)
    #expect(decodingError(bytes, .ics) == "line 2: invalid UTF-8")
  }
}
