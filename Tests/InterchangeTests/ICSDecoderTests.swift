import CalendarPaging
import Foundation
import Interchange
import NoteModel
import Testing

@Suite struct ICSDecoderTests {
  static func calendar(_ lines: [String], ending: String = "\r\n") -> String {
    (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: ending) + ending
  }

  static func decoder(_ text: String, zone: LocalZone = .utc) throws -> (
    notes: [DecodedNote], report: ImportReport
  ) {
    var decoder = try NoteDecoder(format: .ics, source: ByteArraySource(text), zone: zone)
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    return (notes, decoder.report)
  }

  @Test func skipsAndCountsOtherComponentsAndKeepsWhatTheJournalNests() throws {
    let text = Self.calendar(
      [
        "VERSION:2.0", "METHOD:PUBLISH", "BEGIN:VTIMEZONE", "TZID:Europe/Paris", "BEGIN:STANDARD",
        "DTSTART:19701025T030000", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT",
        "DTSTART:20240501T100000Z", "SUMMARY:not a note", "BEGIN:VALARM", "ACTION:DISPLAY",
        "END:VALARM", "END:VEVENT", "BEGIN:VJOURNAL", "DTSTART;VALUE=DATE:20240501",
        "DESCRIPTION:the note", "BEGIN:VALARM", "DESCRIPTION:not the note", "END:VALARM",
        "END:VJOURNAL", "BEGIN:VTODO", "END:VTODO", "BEGIN:X-THING", "END:X-THING",
      ], ending: "\n")
    var decoder = try NoteDecoder(format: .ics, source: ByteArraySource(text))
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    #expect(notes.map(\.body) == ["the note"])
    #expect(notes.map(\.line) == [17])
    #expect(decoder.skippedComponents == 4)
    let report = decoder.report
    #expect(report.components.events == 1 && report.components.todos == 1)
    #expect(report.components.timeZones == 1 && report.components.ignored == 3)
    #expect(
      report.notices == [
        "1 event (VEVENT), 1 to-do (VTODO) and 1 'X-THING' component not imported: calpager keeps "
          + "journals (VJOURNAL) only; keep events and to-dos in a calendar or task program "
          + "(khal, todoman)"
      ])
    // The note keeps its journal as read, in a calendar with the file's properties but METHOD
    // (no time zone: the journal names none).
    #expect(
      notes[0].ical
        == "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VJOURNAL\nDTSTART;VALUE=DATE:20240501\n"
        + "DESCRIPTION:the note\nBEGIN:VALARM\nDESCRIPTION:not the note\nEND:VALARM\n"
        + "END:VJOURNAL\nEND:VCALENDAR\n")
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

  /// Issue 13's mapping: the summary, then a line break and the description.
  @Test func summaryAndDescriptionMakeTheBody() throws {
    let journals = [
      ["SUMMARY:only a summary"],
      ["SUMMARY:title", "DESCRIPTION:first", "DESCRIPTION:second"],
      ["DESCRIPTION:no title"],
      ["SUMMARY:", "DESCRIPTION:empty title"],
    ]
    var text = ""
    for lines in journals {
      text += Self.calendar(
        ["BEGIN:VJOURNAL", "DTSTART:20240501"] + lines + ["END:VJOURNAL"])
    }
    let notes = try decoded(text, .ics)
    #expect(
      notes.map(\.body) == [
        "only a summary", "title\nfirst\nsecond", "no title", "\nempty title",
      ])
    #expect(notes.map(\.line) == [2, 8, 16, 22])
  }

  /// calpager's own extensions win only while they agree with the standard properties.
  @Test func extensionsAreUsedOnlyWhileTheyAgree() throws {
    let original = Note(
      uid: "u", day: TestCorpus.day("2024-05-01"), body: "a\r\nb",
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"),
      updated: TestCorpus.time("2024-05-01T09:00:00.999Z"))
    let exported = String(decoding: NoteEncoder.encode([original], format: .ics), as: UTF8.self)
    #expect(exported.contains("SUMMARY:a\r\nDESCRIPTION:b\r\nX-CALPAGER-BODY:YQ0KYg==\r\n"))
    let exact = try #require(try decoded(exported, .ics).first)
    #expect(exact.body == "a\r\nb")
    #expect(exact.updated == original.updated)
    #expect(exact.ical == nil)  // exactly what calpager writes: nothing to keep
    // Another program changed the text and the modification time, keeping calpager's lines.
    let edited =
      exported
      .replacingOccurrences(of: "DESCRIPTION:b", with: "DESCRIPTION:b!")
      .replacingOccurrences(
        of: "LAST-MODIFIED:20240501T090000Z", with: "LAST-MODIFIED:20240601T000000Z")
    let note = try #require(try decoded(edited, .ics).first)
    #expect(note.body == "a\nb!")
    #expect(note.updated == TestCorpus.time("2024-06-01T00:00:00.000Z"))
    #expect(note.created == original.created)
    #expect(note.ical != nil)
  }

  /// Files exported before issue 13 (DESCRIPTION only, X-CALPAGER-BODY as BINARY) still read
  /// exactly, and keep no stored item.
  @Test func theOlderExportFormIsStillRead() throws {
    let text = Self.calendar([
      "VERSION:2.0", "PRODID:-//calpager//calpager//EN", "BEGIN:VJOURNAL", "UID:u",
      "DTSTAMP:20240501T090000Z", "DTSTART;VALUE=DATE:20240501", "CREATED:20240430T180211Z",
      "LAST-MODIFIED:20240501T090000Z", "DESCRIPTION:a\\nb",
      "X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY:YQ0KYg==",
      "X-CALPAGER-CREATED:2024-04-30T18:02:11.250Z",
      "X-CALPAGER-UPDATED:2024-05-01T09:00:00.999Z", "END:VJOURNAL",
    ])
    let note = try #require(try decoded(text, .ics).first)
    #expect(note.body == "a\r\nb")
    #expect(note.created == TestCorpus.time("2024-04-30T18:02:11.250Z"))
    #expect(note.ical == nil)
  }

  static let malformed: [(String, String)] = [
    (
      "BEGIN:VJOURNAL\r\nEND:VJOURNAL\r\n",
      "line 1: expected 'BEGIN:VCALENDAR', found 'BEGIN:VJOURNAL'"
    ),
    ("\r\nhello\r\n", "line 2: expected 'BEGIN:VCALENDAR', found 'hello'"),
    (
      calendar(["BEGIN:VJOURNAL", "DTSTART:20240501", "DESCRIPTION:x", "END:VEVENT"]),
      "line 5: 'END:VEVENT' does not close 'BEGIN:VJOURNAL'"
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
      calendar(["BEGIN:VJOURNAL", "X-A;P=\"unclosed:1", "END:VJOURNAL"]),
      "line 3: 'X-A;P=\"unclosed:1' is not a content line: expected NAME:VALUE"
    ),
    (
      calendar(["BEGIN:VEVENT", "BEGIN:VALARM", "END:VEVENT"]),
      "line 4: 'END:VEVENT' does not close 'BEGIN:VALARM'"
    ),
    (calendar(["END:VJOURNAL"]), "line 2: 'END:VJOURNAL' does not close 'BEGIN:VCALENDAR'"),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nDTSTART:20240501\r\n",
      "line 2: 'BEGIN:VJOURNAL' is never closed"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nBEGIN:VALARM\r\n",
      "line 3: 'BEGIN:VALARM' is never closed"
    ),
    ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", "line 1: 'BEGIN:VCALENDAR' is never closed"),
    (
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VCALENDAR\r\n",
      "line 3: expected 'BEGIN:VCALENDAR', found 'END:VCALENDAR'"
    ),
  ]

  /// A syntax error fails the whole input, naming the line where it is.
  @Test(arguments: malformed)
  func syntaxErrorsNameTheirLine(text: String, message: String) {
    #expect(decodingError(text, .ics) == message)
  }

  @Test func invalidUTF8IsASyntaxError() {
    let bytes =
      Array("BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nDESCRIPTION:".utf8) + [0xC0, 0xAF]
      + Array("\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n".utf8)
    #expect(decodingError(bytes, .ics) == "line 3: invalid UTF-8")
  }

  static let unusable: [([String], String)] = [
    (["UID:a", "DESCRIPTION:x"], "a journal with no DTSTART, CREATED or DTSTAMP to give it a day"),
    (
      ["UID:b", "DTSTART:20240501"], "a journal with no text (no SUMMARY or DESCRIPTION with text)"
    ),
    (["UID:c", "DTSTART:20240501", "SUMMARY: ", "DESCRIPTION:\\n\\n"], "a journal with no text"),
    (
      ["UID:d", "DTSTART;VALUE=DATE:20240230", "DESCRIPTION:x"],
      "'DTSTART' is not a date: '20240230', February 2024 has 29 days, not 30"
    ),
    (
      ["UID:e", "DTSTART:2024-05-01", "DESCRIPTION:x"],
      "'DTSTART' is not a date: '2024-05-01', expected YYYYMMDD, years 0001 to 9999"
    ),
    (["UID:f", "DTSTART:20240501", "DTSTART:20240502"], "the VJOURNAL has 'DTSTART' twice"),
    (
      ["UID:g", "DTSTART:20240501", "CREATED:yesterday", "SUMMARY:x"],
      "'CREATED' is not a time: 'yesterday', expected YYYYMMDDTHHMMSSZ"
    ),
    (
      ["UID:h", "RECURRENCE-ID:20240508", "DTSTART:20240508", "SUMMARY:x"],
      "an override (RECURRENCE-ID) whose recurring journal is not there"
    ),
  ]

  /// A journal calpager cannot take is skipped with its line, uid and reason; the notes around
  /// it are read.
  @Test(arguments: unusable)
  func aJournalCalpagerCannotTakeIsSkippedWithItsReason(lines: [String], reason: String) throws {
    let good = ["BEGIN:VJOURNAL", "UID:good", "DTSTART:20240501", "SUMMARY:ok", "END:VJOURNAL"]
    let text = Self.calendar(good + ["BEGIN:VJOURNAL"] + lines + ["END:VJOURNAL"] + good)
    let (notes, report) = try Self.decoder(text)
    #expect(notes.map(\.body) == ["ok", "ok"])
    #expect(report.skippedRecordCount == 1)
    let skipped = try #require(report.skippedRecords.first)
    #expect(skipped.line == 7)
    #expect(skipped.uid == String(lines[0].dropFirst(4)))
    #expect(skipped.reason.description.hasPrefix(reason))
    #expect(report.notices.first?.hasPrefix("skipped line 7 (uid '\(skipped.uid!)'): ") == true)
  }

  @Test func aJournalWithAControlCharacterInItsUIDIsSkipped() throws {
    let text = Self.calendar([
      "BEGIN:VJOURNAL", "UID:a\\nb", "DTSTART:20240501", "SUMMARY:x",
      "END:VJOURNAL",
    ])
    let (notes, report) = try Self.decoder(text)
    #expect(notes.isEmpty)
    #expect(report.skippedRecords.first?.uid == nil)
    #expect(
      report.skippedRecords.first?.reason.description
        == #"'uid' contains a control character: 'a\nb'"#)
  }

  /// DTSTART: a DATE, a DATE-TIME with TZID or floating give their own date; a UTC time gives
  /// the local date in the zone.
  @Test(arguments: [
    ("DTSTART;VALUE=DATE:20240501", 0, "2024-05-01"),
    ("DTSTART:20240501T230000Z", 0, "2024-05-01"),
    ("DTSTART:20240501T230000Z", 7200, "2024-05-02"),  // Europe/Berlin in May
    ("DTSTART:20240502T030000Z", -18_000, "2024-05-01"),  // New York, standard time
    ("DTSTART;TZID=Europe/Berlin:20240501T233000", 7200, "2024-05-01"),
    ("DTSTART;TZID=America/New_York:20240501T003000", 7200, "2024-05-01"),
    ("DTSTART:20240501T233000", 7200, "2024-05-01"),  // floating
  ])
  func theDayComesFromDTSTART(start: String, offset: Int, day: String) throws {
    let text = Self.calendar(["BEGIN:VJOURNAL", "UID:u", start, "SUMMARY:x", "END:VJOURNAL"])
    let (notes, _) = try Self.decoder(text, zone: .fixed(offsetSeconds: offset))
    #expect(notes.map(\.day) == [TestCorpus.day(day)])
  }

  /// No DTSTART: the local day of CREATED, else of DTSTAMP.
  @Test func anUndatedJournalIsFiledOnItsCreationDay() throws {
    let text = Self.calendar([
      "BEGIN:VJOURNAL", "UID:a", "CREATED:20240501T230000Z", "DTSTAMP:20240601T000000Z",
      "SUMMARY:x", "END:VJOURNAL", "BEGIN:VJOURNAL", "UID:b", "DTSTAMP:20240601T000000Z",
      "SUMMARY:y", "END:VJOURNAL",
    ])
    let (notes, report) = try Self.decoder(text, zone: .fixed(offsetSeconds: 7200))
    #expect(notes.map(\.day) == [TestCorpus.day("2024-05-02"), TestCorpus.day("2024-06-01")])
    #expect(report.skippedRecordCount == 0)
    #expect(notes.allSatisfy { $0.ical != nil })
  }

  /// A recurring journal and its overrides (same UID, next to each other, either order) are
  /// one note on the first day, keeping all of them; an override alone is skipped.
  @Test func aRecurringJournalAndItsOverridesAreOneNote() throws {
    let master = [
      "BEGIN:VJOURNAL", "UID:r", "DTSTART;VALUE=DATE:20240501", "RRULE:FREQ=WEEKLY;COUNT=4",
      "SUMMARY:weekly", "END:VJOURNAL",
    ]
    let override = [
      "BEGIN:VJOURNAL", "UID:r", "RECURRENCE-ID;VALUE=DATE:20240508",
      "DTSTART;VALUE=DATE:20240509", "SUMMARY:moved once", "END:VJOURNAL",
    ]
    let other = ["BEGIN:VJOURNAL", "UID:o", "DTSTART:20240502", "SUMMARY:other", "END:VJOURNAL"]
    let text = Self.calendar(master + override + other + override + master)
    let (notes, report) = try Self.decoder(text)
    #expect(notes.map(\.body) == ["weekly", "other", "weekly"])
    #expect(notes.map(\.uid) == ["r", "o", "r"])
    #expect(notes.map(\.line) == [2, 14, 25])
    #expect(notes[0].day == TestCorpus.day("2024-05-01"))
    #expect(report.skippedRecordCount == 0)
    let stored = try #require(notes[0].ical)
    #expect(stored.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
    #expect(stored.contains("RECURRENCE-ID;VALUE=DATE:20240508\r\nDTSTART;VALUE=DATE:20240509"))
    #expect(notes[2].ical?.hasSuffix("SUMMARY:weekly\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n") == true)
  }

  /// The time zones a journal names travel with it; others do not.
  @Test func aStoredItemKeepsTheTimeZonesItsJournalNames() throws {
    let text = Self.calendar([
      "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTIMEZONE", "TZID:Europe/Paris", "END:VTIMEZONE",
      "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "END:VTIMEZONE", "BEGIN:VJOURNAL", "UID:a",
      "DTSTART;TZID=Asia/Tokyo:20240501T090000", "SUMMARY:x", "END:VJOURNAL",
    ])
    let (notes, _) = try Self.decoder(text)
    #expect(
      notes.first?.ical
        == Self.calendar([
          "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo",
          "END:VTIMEZONE", "BEGIN:VJOURNAL", "UID:a", "DTSTART;TZID=Asia/Tokyo:20240501T090000",
          "SUMMARY:x", "END:VJOURNAL",
        ]))
  }

  @Test func emptyAndWhiteSpaceInputsHoldNoNotes() throws {
    for text in ["", "\u{FEFF}", "\r\n\r\n", "  \n\t\n", "\u{FEFF} \r\n"] {
      #expect(try decoded(text, .ics).isEmpty)
    }
  }

  @Test func journalsWithoutAUIDGetOneFromTheirContent() throws {
    let journal = ["BEGIN:VJOURNAL", "DTSTART:20240501", "SUMMARY:same", "END:VJOURNAL"]
    let text = Self.calendar(journal + journal)
    let first = try decoded(text, .ics)
    #expect(first.count == 2)
    #expect(first.allSatisfy { $0.uidIsDerived })
    #expect(Set(first.compactMap(\.uid)).count == 2)
    #expect(try decoded(text, .ics).map(\.uid) == first.map(\.uid))
  }

  @Test func aJournalLongerThanTheLimitNamesItsFirstLine() throws {
    let text = Self.calendar(
      ["BEGIN:VJOURNAL", "DTSTART:20240501"]
        + Array(repeating: "DESCRIPTION:" + String(repeating: "x", count: 60), count: 100)
        + ["END:VJOURNAL"])
    var decoder = try NoteDecoder(
      format: .ics, source: ByteArraySource(text), maximumRecordSize: 4096)
    #expect(throws: InterchangeError.malformed(line: 2, .recordTooLong(limit: 4096))) {
      try decoder.next()
    }
  }
}
