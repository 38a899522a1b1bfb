import CalendarPaging
import Foundation
import Interchange
import NoteModel
import TestSupport
import Testing

/// Notes that keep the iCalendar item they came with, in every export format.
@Suite struct StoredItemExportTests {
  /// A foreign journal in Berlin time, as a note keeps it.
  static func foreign(uid: String, summary: String) -> Note {
    let lines = ICalItemTests.foreignLines.map { line -> String in
      if line.hasPrefix("UID:") { return "UID:" + uid }
      if line.hasPrefix("SUMMARY;") { return "SUMMARY;LANGUAGE=en:" + summary }
      return line
    }
    let bytes = ICalItemTests.item(lines)
    guard case .note(let decoded) = ICalItem.read(bytes, zone: .utc) else {
      preconditionFailure("the fixture is a journal")
    }
    return Note(
      uid: decoded.uid!, day: decoded.day, body: decoded.body, created: decoded.created!,
      updated: decoded.updated!, ical: decoded.ical)
  }

  static let notes: [Note] = [
    TestCorpus.notes[5],
    foreign(uid: "one@example.org", summary: "first"),
    foreign(uid: "two@example.org", summary: "second"),
    TestCorpus.notes[6],
  ]

  @Test func anICSExportWritesTheStoredJournalsAndEachTimeZoneOnce() throws {
    let exported = NoteEncoder.encode(Self.notes, format: .ics)
    let text = String(decoding: exported, as: UTF8.self)
    #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
    #expect(text.components(separatedBy: "BEGIN:VJOURNAL").count == 5)
    #expect(text.contains("CATEGORIES:Home,Garden\r\nATTACH;FMTTYPE=image/jpeg:https://"))
    #expect(text.contains("DESCRIPTION;LANGUAGE=en:Planted the tulips\\, watered the roses. A"))
    #expect(!text.contains("jtx Board"))  // the calendar's own properties stay with the item
    // The time zone comes before the first journal that names it.
    let zone = try #require(text.range(of: "BEGIN:VTIMEZONE"))
    let first = try #require(text.range(of: "UID:one@example.org"))
    #expect(zone.lowerBound < first.lowerBound)

    let decoded = try NoteDecoder.decodeAll(exported, format: .ics)
    #expect(decoded.map(\.uid) == Self.notes.map(\.uid))
    #expect(decoded.map(\.body) == Self.notes.map(\.body))
    #expect(decoded.map(\.day) == Self.notes.map(\.day))
    #expect(decoded.map { $0.ical == nil } == [true, false, false, true])
    let again = decoded.map {
      Note(
        uid: $0.uid!, day: $0.day, body: $0.body, created: $0.created!, updated: $0.updated!,
        ical: $0.ical)
    }
    #expect(NoteEncoder.encode(again, format: .ics) == exported)
  }

  @Test func anEditedStoredNoteIsExportedWithItsChanges() throws {
    var note = Self.foreign(uid: "one@example.org", summary: "first")
    note.body = "renamed"
    note.updated = TestCorpus.time("2024-07-01T00:00:00.000Z")
    let text = String(decoding: NoteEncoder.encode([note], format: .ics), as: UTF8.self)
    #expect(text.contains("SUMMARY;LANGUAGE=en:renamed\r\n"))
    #expect(!text.contains("DESCRIPTION"))
    #expect(text.contains("SEQUENCE:5\r\n"))
    #expect(text.contains("LAST-MODIFIED:20240701T000000Z\r\n"))
    #expect(try NoteDecoder.decodeAll(Array(text.utf8), format: .ics).map(\.body) == ["renamed"])
  }

  @Test func storedItemsWithLFLineEndsAreExportedWithCRLF() throws {
    let bytes = ICalItemTests.item(
      [
        "BEGIN:VJOURNAL", "UID:l", "DTSTART:20240501", "SUMMARY:a long", " folded line",
        "END:VJOURNAL",
      ], ending: "\n")
    guard case .note(let decoded) = ICalItem.read(bytes, zone: .utc) else {
      Issue.record("not a note")
      return
    }
    let note = Note(
      uid: "l", day: decoded.day, body: decoded.body, created: .earliest, updated: .earliest,
      ical: decoded.ical)
    let exported = NoteEncoder.encode([note], format: .ics)
    let text = String(decoding: exported, as: UTF8.self)
    #expect(text.contains("SUMMARY:a long\r\n folded line\r\n"))
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }

  /// A journal that came without a UID (its uid derived from its content and place in the
  /// input) is exported with the note's uid, so that importing the export alone finds the
  /// same note (found by FuzzICSDecoder).
  @Test func aStoredJournalWithoutUIDIsExportedWithTheNotesUID() throws {
    let journal = ["BEGIN:VJOURNAL", "DTSTART:20240501", "SUMMARY:same", "END:VJOURNAL"]
    let decoded = try decoded(ICSDecoderTests.calendar(journal + journal), .ics)
    let second = try #require(decoded.last)
    let note = Note(
      uid: second.uid!, day: second.day, body: second.body, created: .earliest,
      updated: .earliest, ical: second.ical)
    let exported = NoteEncoder.encode([note], format: .ics)
    #expect(
      String(decoding: exported, as: UTF8.self).contains(
        "BEGIN:VJOURNAL\r\nUID:\(second.uid!)\r\nDTSTART:20240501\r\n"))
    #expect(try NoteDecoder.decodeAll(exported, format: .ics).map(\.uid) == [second.uid])
    // The item file itself is left as it was.
    #expect(ICalItem.render(note, zone: .utc) == Array(second.ical!.utf8))
  }

  /// jsonl and json end the note with `"ical"`; csv and md leave it out; import gives it back.
  @Test(arguments: [Format.jsonl, .json])
  func jsonFormatsCarryTheStoredItem(format: Format) throws {
    let exported = NoteEncoder.encode(Self.notes, format: format)
    let text = String(decoding: exported, as: UTF8.self)
    #expect(text.components(separatedBy: "\"ical\":").count == 3)
    #expect(
      text.contains("\"updated\":\"2024-05-01T10:00:00.000Z\",\"ical\":\"BEGIN:VCALENDAR\\r\\n"))
    let decoded = try NoteDecoder.decodeAll(exported, format: format)
    #expect(decoded.map(\.ical) == Self.notes.map(\.ical))
    let again = decoded.map {
      Note(
        uid: $0.uid!, day: $0.day, body: $0.body, created: $0.created!, updated: $0.updated!,
        ical: $0.ical)
    }
    #expect(NoteEncoder.encode(again, format: format) == exported)
  }

  @Test func csvAndMarkdownLeaveTheStoredItemOut() {
    for format in [Format.csv, .md] {
      let text = String(decoding: NoteEncoder.encode(Self.notes, format: format), as: UTF8.self)
      #expect(!text.contains("VCALENDAR"))
    }
  }

  static let badItems: [(String, String)] = [
    (#""ical":"nonsense""#, "not iCalendar: line 1: expected 'BEGIN:VCALENDAR', found 'nonsense'"),
    (
      #""ical":"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n""#,
      "an event (VEVENT): calpager keeps journals only"
    ),
    (#""ical":7"#, ""),
  ]

  @Test(arguments: badItems)
  func anIcalKeyThatHoldsNoJournalIsRefused(member: String, reason: String) throws {
    let line = #"{"day":"2024-05-01","body":"a","#
    let message = decodingError("\n" + line + member + "}\n", .jsonl)
    if reason.isEmpty {
      #expect(message == "line 2: 'ical' must be a string or null, not a number")
    } else {
      #expect(message == "line 2: 'ical' is not an iCalendar journal: " + reason)
    }
    #expect(try decoded(line + #""ical":null}"#, .jsonl).first?.ical == nil)
  }

  /// icalendar (PyPI) reads an export that mixes calpager's journals and stored ones.
  @Test(.requires(.pythonPackages))
  func icalendarReadsAMixedExport() throws {
    let folder = TemporaryDirectory("ics-mixed")
    let file = folder.file("mixed.ics")
    try writeFile(file, NoteEncoder.encode(Self.notes, format: .ics))
    let script = """
      import icalendar, sys
      c = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      j = list(c.walk('VJOURNAL'))
      print(len(j), len(list(c.walk('VTIMEZONE'))), j[1]['DESCRIPTION'].params['LANGUAGE'],
            j[1]['CATEGORIES'].to_ical().decode())
      """
    let (status, output) = try ScriptRunner.run(["-c", script, file])
    #expect(status == 0, "\(output)")
    #expect(output == "4 1 en Home,Garden\n")
  }
}
