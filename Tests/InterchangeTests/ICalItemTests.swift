import CalendarPaging
import Foundation
import Interchange
import NoteModel
import Testing

/// One `.ics` item file, read into a note and written back: issue 13's lossless journals.
@Suite struct ICalItemTests {
  static func item(_ lines: [String], ending: String = "\r\n") -> [UInt8] {
    Array(
      ((["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: ending) + ending).utf8)
  }

  /// A journal from another client (jtx Board through DAVx5, say): a summary, categories, an
  /// attachment, a status, an X- property with a parameter, a description in English, an
  /// alarm, a long folded line, and a time zone.
  static let foreignLines = [
    "VERSION:2.0",
    "PRODID:-//techbee//jtx Board//EN",
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Berlin",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "DTSTART:19700329T020000",
    "END:DAYLIGHT",
    "END:VTIMEZONE",
    "BEGIN:VJOURNAL",
    "UID:jtx-1234@example.org",
    "DTSTAMP:20240501T100000Z",
    "CREATED:20240501T095900Z",
    "LAST-MODIFIED:20240501T100000Z",
    "SEQUENCE:4",
    "DTSTART;TZID=Europe/Berlin:20240501T120000",
    "SUMMARY;LANGUAGE=en:Garden",
    "CATEGORIES:Home,Garden",
    "ATTACH;FMTTYPE=image/jpeg:https://example.org/photos/tulips.jpg",
    "STATUS:FINAL",
    "X-JTX-COLOR;X-FORMAT=argb:#FF00FF00",
    "DESCRIPTION;LANGUAGE=en:Planted the tulips\\, watered the roses. A long line that",
    "  goes on past seventy-five octets and is folded.",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-PT15M",
    "END:VALARM",
    "END:VJOURNAL",
  ]

  static let updated = TestCorpus.time("2024-06-01T08:30:00.250Z")

  static func read(_ bytes: [UInt8], zone: LocalZone = .utc) throws -> DecodedNote {
    guard case .note(let note) = ICalItem.read(bytes, zone: zone) else {
      Issue.record("not a note: \(ICalItem.read(bytes, zone: zone))")
      throw CancellationError()
    }
    return note
  }

  static func note(_ decoded: DecodedNote, body: String? = nil, day: Day? = nil) -> Note {
    Note(
      uid: decoded.uid ?? "", day: day ?? decoded.day, body: body ?? decoded.body,
      created: decoded.created ?? .earliest, updated: updated, ical: decoded.ical)
  }

  /// The item file of `decoded`'s note moved to `day` as `mv` moves it: the move written into
  /// the stored item (`ICalItem.moved`), then the file rendered from it.
  static func moved(_ decoded: DecodedNote, to day: Day, zone: LocalZone) -> [UInt8] {
    var note = note(decoded, day: day)
    note.ical = (try? ICalItem.moved(note, from: decoded.day, zone: zone)) ?? note.ical
    return ICalItem.render(note, zone: zone)
  }

  static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
  }

  @Test func aForeignJournalReadsAsANoteThatKeepsItsItem() throws {
    let bytes = Self.item(Self.foreignLines)
    let decoded = try Self.read(bytes)
    #expect(decoded.uid == "jtx-1234@example.org")
    #expect(decoded.day == TestCorpus.day("2024-05-01"))
    #expect(
      decoded.body
        == "Garden\nPlanted the tulips, watered the roses. A long line that "
        + "goes on past seventy-five octets and is folded.")
    #expect(decoded.created == TestCorpus.time("2024-05-01T09:59:00.000Z"))
    #expect(decoded.updated == TestCorpus.time("2024-05-01T10:00:00.000Z"))
    #expect(decoded.ical.map { Array($0.utf8) } == bytes)
    #expect(decoded.line == 12)
  }

  /// Nothing changed: the same bytes, whatever the note's times say.
  @Test func anUnchangedNoteWritesTheItemBackByteForByte() throws {
    let bytes = Self.item(Self.foreignLines)
    let note = Self.note(try Self.read(bytes))
    #expect(ICalItem.render(note, zone: .utc) == bytes)
  }

  /// After a body edit every line but SUMMARY, DESCRIPTION, DTSTAMP, LAST-MODIFIED and
  /// SEQUENCE is byte for byte what it was, and the rewritten ones keep their parameters.
  @Test func aBodyEditRewritesOnlyTheTextAndTheStamps() throws {
    let bytes = Self.item(Self.foreignLines)
    let edited = ICalItem.render(
      Self.note(try Self.read(bytes), body: "Garden work\nPlanted tulips; no roses"), zone: .utc)
    let expected = Self.foreignLines.map { line -> String in
      switch line {
      case "DTSTAMP:20240501T100000Z": return "DTSTAMP:20240601T083000Z"
      case "LAST-MODIFIED:20240501T100000Z": return "LAST-MODIFIED:20240601T083000Z"
      case "SEQUENCE:4": return "SEQUENCE:5"
      case "SUMMARY;LANGUAGE=en:Garden": return "SUMMARY;LANGUAGE=en:Garden work"
      default:
        if line.hasPrefix("DESCRIPTION;LANGUAGE=en:") {
          return "DESCRIPTION;LANGUAGE=en:Planted tulips\\; no roses"
        }
        return line
      }
    }.filter { $0 != "  goes on past seventy-five octets and is folded." }
    #expect(Self.lines(edited) == ["BEGIN:VCALENDAR"] + expected + ["END:VCALENDAR", ""])
    let again = try Self.read(edited)
    #expect(again.body == "Garden work\nPlanted tulips; no roses")
    #expect(again.day == TestCorpus.day("2024-05-01"))
    #expect(again.updated == TestCorpus.time("2024-06-01T08:30:00.000Z"))
  }

  /// Only the part of the text that changed is rewritten.
  @Test func aChangeToTheDescriptionLeavesTheSummaryLine() throws {
    let bytes = Self.item(Self.foreignLines)
    let decoded = try Self.read(bytes)
    let edited = Self.lines(
      ICalItem.render(Self.note(decoded, body: "Garden\nonly this changed"), zone: .utc))
    #expect(edited.contains("SUMMARY;LANGUAGE=en:Garden"))
    #expect(edited.contains("DESCRIPTION;LANGUAGE=en:only this changed"))
    // One line: the description goes.
    let titleOnly = Self.lines(
      ICalItem.render(Self.note(decoded, body: "Just a title"), zone: .utc))
    #expect(titleOnly.contains("SUMMARY;LANGUAGE=en:Just a title"))
    #expect(!titleOnly.contains { $0.hasPrefix("DESCRIPTION") })
    #expect(try Self.read(Array(titleOnly.joined(separator: "\r\n").utf8)).body == "Just a title")
  }

  /// Without SUMMARY a journal keeps its shape: no SUMMARY is added; several DESCRIPTIONs stay
  /// several until the body changes, then become one.
  @Test func aJournalWithoutSummaryKeepsItsShape() throws {
    let bytes = Self.item([
      "BEGIN:VJOURNAL", "UID:d", "DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501",
      "DESCRIPTION:first", "X-OTHER:between", "DESCRIPTION:second", "END:VJOURNAL",
    ])
    let decoded = try Self.read(bytes)
    #expect(decoded.body == "first\nsecond")
    #expect(
      ICalItem.render(Self.note(decoded, day: TestCorpus.day("2024-05-03")), zone: .utc)
        == Self.item([
          "BEGIN:VJOURNAL", "UID:d", "DTSTAMP:20240601T083000Z", "DTSTART;VALUE=DATE:20240503",
          "DESCRIPTION:first", "X-OTHER:between", "DESCRIPTION:second",
          "LAST-MODIFIED:20240601T083000Z", "SEQUENCE:1", "END:VJOURNAL",
        ]))
    let edited = ICalItem.render(Self.note(decoded, body: "one\nbody"), zone: .utc)
    #expect(
      Self.lines(edited) == [
        "BEGIN:VCALENDAR", "BEGIN:VJOURNAL", "UID:d", "DTSTAMP:20240601T083000Z",
        "DTSTART;VALUE=DATE:20240501", "DESCRIPTION:one\\nbody", "X-OTHER:between",
        "LAST-MODIFIED:20240601T083000Z", "SEQUENCE:1", "END:VJOURNAL", "END:VCALENDAR", "",
      ])
    #expect(try Self.read(edited).body == "one\nbody")
  }

  /// Moving a note changes DTSTART's date and keeps its time and parameters.
  @Test(arguments: [
    ("DTSTART;VALUE=DATE:20240501", 0, "DTSTART;VALUE=DATE:20240510"),
    ("DTSTART;TZID=Europe/Berlin:20240501T233000", 0, "DTSTART;TZID=Europe/Berlin:20240510T233000"),
    ("DTSTART:20240501T233000", 0, "DTSTART:20240510T233000"),
    // 23:00Z is 01:00 on 2 May in Berlin: the note is on 2 May, moved to 10 May it is 23:00Z
    // on the 9th, still 01:00 local.
    ("DTSTART:20240501T230000Z", 7200, "DTSTART:20240509T230000Z"),
  ])
  func movingChangesTheDateAndKeepsTheTime(start: String, offset: Int, moved: String) throws {
    let zone = LocalZone.fixed(offsetSeconds: offset)
    let bytes = Self.item(["BEGIN:VJOURNAL", "UID:m", start, "SUMMARY:x", "END:VJOURNAL"])
    let decoded = try Self.read(bytes, zone: zone)
    let edited = Self.moved(decoded, to: TestCorpus.day("2024-05-10"), zone: zone)
    #expect(Self.lines(edited).contains(moved))
    #expect(try Self.read(edited, zone: zone).day == TestCorpus.day("2024-05-10"))
  }

  /// A UTC time moved across a change of offset stays on the local day asked for.
  @Test func aUTCTimeMovedAcrossAChangeOfOffsetLandsOnTheLocalDay() throws {
    // Central European time: +2 h from 31 March 2024 01:00Z, +1 h before.
    let zone = LocalZone { $0 >= 1_711_846_800 ? 7200 : 3600 }
    let bytes = Self.item([
      "BEGIN:VJOURNAL", "UID:m", "DTSTART:20240401T223000Z", "SUMMARY:x", "END:VJOURNAL",
    ])
    let decoded = try Self.read(bytes, zone: zone)
    #expect(decoded.day == TestCorpus.day("2024-04-02"))
    let edited = Self.moved(decoded, to: TestCorpus.day("2024-03-20"), zone: zone)
    #expect(try Self.read(edited, zone: zone).day == TestCorpus.day("2024-03-20"))
  }

  /// No DTSTART: filed on CREATED's day and written back without one until moved.
  @Test func anUndatedJournalGetsADTSTARTOnlyWhenMoved() throws {
    let bytes = Self.item([
      "BEGIN:VJOURNAL", "UID:u", "CREATED:20240501T230000Z", "DTSTAMP:20240501T230000Z",
      "SUMMARY:undated", "END:VJOURNAL",
    ])
    let zone = LocalZone.fixed(offsetSeconds: 7200)
    let decoded = try Self.read(bytes, zone: zone)
    #expect(decoded.day == TestCorpus.day("2024-05-02"))
    let edited = ICalItem.render(Self.note(decoded, body: "undated still"), zone: zone)
    #expect(!Self.lines(edited).contains { $0.hasPrefix("DTSTART") })
    #expect(try Self.read(edited, zone: zone).day == TestCorpus.day("2024-05-02"))
    let moved = Self.moved(decoded, to: TestCorpus.day("2024-05-07"), zone: zone)
    #expect(Self.lines(moved).contains("DTSTART;VALUE=DATE:20240507"))
    #expect(try Self.read(moved, zone: zone).day == TestCorpus.day("2024-05-07"))
  }

  /// A journal on its DTSTAMP's day (no DTSTART, no CREATED) gets CREATED with that stamp when
  /// calpager writes it, so that the new DTSTAMP does not move it (found by FuzzICalItem).
  @Test func aJournalOnItsStampsDayStaysThere() throws {
    let bytes = Self.item([
      "BEGIN:VJOURNAL", "UID:s", "DTSTAMP:20240502T070000Z", "SUMMARY:stamped", "END:VJOURNAL",
    ])
    let decoded = try Self.read(bytes)
    let edited = ICalItem.render(Self.note(decoded, body: "stamped, edited"), zone: .utc)
    #expect(
      Self.lines(edited) == [
        "BEGIN:VCALENDAR", "BEGIN:VJOURNAL", "UID:s", "DTSTAMP:20240601T083000Z",
        "SUMMARY:stamped\\, edited", "CREATED:20240502T070000Z",
        "LAST-MODIFIED:20240601T083000Z", "SEQUENCE:1", "END:VJOURNAL", "END:VCALENDAR", "",
      ])
    #expect(try Self.read(edited).day == TestCorpus.day("2024-05-02"))
  }

  /// A recurring journal keeps its rule and its overrides through an edit; a new uid reaches
  /// the overrides too.
  @Test func aRecurringJournalKeepsItsRuleAndOverrides() throws {
    let override = [
      "BEGIN:VJOURNAL", "UID:r", "RECURRENCE-ID;VALUE=DATE:20240508",
      "DTSTART;VALUE=DATE:20240509", "SUMMARY:moved once", "END:VJOURNAL",
    ]
    let bytes = Self.item(
      [
        "BEGIN:VJOURNAL", "UID:r", "DTSTART;VALUE=DATE:20240501", "RRULE:FREQ=WEEKLY;COUNT=4",
        "SUMMARY:weekly", "END:VJOURNAL",
      ] + override)
    let decoded = try Self.read(bytes)
    #expect(decoded.body == "weekly" && decoded.day == TestCorpus.day("2024-05-01"))
    let edited = Self.lines(ICalItem.render(Self.note(decoded, body: "weekly chores"), zone: .utc))
    #expect(edited.contains("RRULE:FREQ=WEEKLY;COUNT=4"))
    #expect(edited.joined(separator: "\n").contains(override.joined(separator: "\n")))
    var copy = Self.note(decoded)
    copy.uid = "r-copy"
    let renamed = ICalItem.render(copy, zone: .utc)
    #expect(Self.lines(renamed).filter { $0.hasPrefix("UID:") } == ["UID:r-copy", "UID:r-copy"])
    #expect(try Self.read(renamed).uid == "r-copy")
  }

  static let nonNotes: [([String], ICalSkipReason)] = [
    (["BEGIN:VEVENT", "UID:e", "DTSTART:20240501T100000Z", "END:VEVENT"], .event),
    (["BEGIN:VTODO", "UID:t", "END:VTODO"], .todo),
    (["BEGIN:VFREEBUSY", "END:VFREEBUSY"], .otherComponent("VFREEBUSY")),
    (["VERSION:2.0"], .noJournal),
    (["BEGIN:VJOURNAL", "UID:n", "DTSTART:20240501", "END:VJOURNAL"], .noText),
    (
      [
        "BEGIN:VJOURNAL", "UID:a", "DTSTART:20240501", "SUMMARY:x", "END:VJOURNAL",
        "BEGIN:VJOURNAL", "UID:b", "DTSTART:20240501", "SUMMARY:y", "END:VJOURNAL",
      ], .severalJournals
    ),
    (
      ["BEGIN:VJOURNAL", "UID:o", "RECURRENCE-ID:20240501", "SUMMARY:x", "END:VJOURNAL"],
      .orphanOverride
    ),
  ]

  /// Items calpager does not turn into notes say why (a sync leaves them alone).
  @Test(arguments: nonNotes)
  func otherItemsAreClassified(lines: [String], reason: ICalSkipReason) {
    guard case .notANote(let found, _) = ICalItem.read(Self.item(lines), zone: .utc) else {
      Issue.record("read as a note")
      return
    }
    #expect(found == reason)
  }

  @Test func bytesThatAreNotICalendarAreUnparsableWithTheirLine() {
    let reading = ICalItem.read(Array("BEGIN:VCALENDAR\r\nnonsense\r\n".utf8), zone: .utc)
    #expect(
      reading
        == .notANote(
          .unparsable(line: 2, .notContentLine("nonsense")), uid: nil))
    #expect(ICalItem.read([], zone: .utc) == .notANote(.noJournal, uid: nil))
  }

  /// Bodies TEXT cannot hold, long bodies and CJK come back exactly, in a fresh item and in a
  /// foreign one; X-CALPAGER-BODY is plain TEXT.
  @Test(arguments: [
    "control \u{1}\u{7}\u{1B}[31m\u{7F} NUL \u{0} end", "CR\ronly", "CRLF\r\nand LF\n",
    String(repeating: "ten kB, \"quoted\"; commas, ünïcödé 🙂\n", count: 260),
    "CJK 日本語のテキスト、中文，한국어\n二行目", "trailing backslash \\",
  ])
  func exactBodiesRoundTrip(body: String) throws {
    let fresh = Note(
      uid: "x", day: TestCorpus.day("2024-05-01"), body: body,
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"), updated: Self.updated)
    let file = ICalItem.render(fresh, zone: .utc)
    let read = try Self.read(file)
    #expect(read.body == body && read.ical == nil)
    #expect(!String(decoding: file, as: UTF8.self).contains("ENCODING"))
    let foreign = Self.note(try Self.read(Self.item(Self.foreignLines)), body: body)
    let written = ICalItem.render(foreign, zone: .utc)
    #expect(try Self.read(written).body == body)
    let physical = Self.lines(written)
    #expect(physical.allSatisfy { $0.utf8.count <= 75 })
    #expect(!physical.contains { $0.contains("ENCODING") || $0.contains("\r") })
  }

  /// An edit made elsewhere (the visible text no longer matches X-CALPAGER-BODY) wins.
  @Test func anEditOnAPhoneWinsOverTheExactBody() throws {
    let fresh = Note(
      uid: "x", day: TestCorpus.day("2024-05-01"), body: "a\r\nb",
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"), updated: Self.updated)
    let file = String(decoding: ICalItem.render(fresh, zone: .utc), as: UTF8.self)
    let phone = file.replacingOccurrences(of: "SUMMARY:a", with: "SUMMARY:A")
    let read = try Self.read(Array(phone.utf8))
    #expect(read.body == "A\nb")
    #expect(read.ical != nil)
    // calpager writes a body TEXT holds: the stale X-CALPAGER-BODY goes.
    let rewritten = ICalItem.render(Self.note(read, body: "A and b"), zone: .utc)
    #expect(!String(decoding: rewritten, as: UTF8.self).contains("X-CALPAGER-BODY"))
    #expect(try Self.read(rewritten).body == "A and b")
  }

  /// An item with LF line ends is written back unchanged as it came, and rewritten with CRLF
  /// throughout, as RFC 5545 requires (issue 20, item 19).
  @Test func aRewrittenItemIsCRLFAlsoWhenItArrivedWithLF() throws {
    let lines = ["BEGIN:VJOURNAL", "UID:l", "DTSTART:20240501", "SUMMARY:x", "END:VJOURNAL"]
    let bytes = Self.item(lines, ending: "\n")
    let read = try Self.read(bytes)
    #expect(ICalItem.render(Self.note(read, body: "x"), zone: .utc) == bytes)
    let edited = ICalItem.render(Self.note(read, body: "y"), zone: .utc)
    let text = String(decoding: edited, as: UTF8.self)
    #expect(text.replacingOccurrences(of: "\r\n", with: "").contains("\n") == false)
    #expect(text.hasSuffix("END:VJOURNAL\r\nEND:VCALENDAR\r\n"))
    #expect(text.contains("\r\nUID:l\r\nDTSTART:20240501\r\nSUMMARY:y\r\n"))
    #expect(try Self.read(edited).body == "y")
  }

  /// A note calpager made has no stored item, and its file reads back as the same note.
  @Test func calpagersOwnItemKeepsNothing() throws {
    for note in TestCorpus.notes {
      let file = ICalItem.render(note, zone: .utc)
      let read = try Self.read(file)
      #expect(read.ical == nil)
      #expect(read.uid == note.uid && read.body == note.body && read.day == note.day)
      #expect(read.created == note.created && read.updated == note.updated)
    }
  }
}
