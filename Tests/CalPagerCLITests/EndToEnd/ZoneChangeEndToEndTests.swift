import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// A change of `$TZ` never moves a note (issue 20, item 4): a journal's day is decided when
/// it arrives, and its `DTSTART` is rewritten only by a move, through the binary run under
/// different zones, sync round trips included.
@Suite struct ZoneChangeEndToEndTests {
  static let auckland: [String: String?] = ["TZ": "Pacific/Auckland"]
  static let losAngeles: [String: String?] = ["TZ": "America/Los_Angeles"]

  /// 20:00 UTC on 30 April: 08:00 on 1 May in Auckland (NZST, +12), 13:00 on 30 April in Los
  /// Angeles (PDT, -7).
  static let phoneLines = [
    "DTSTAMP:20240430T210000Z", "LAST-MODIFIED:20240430T210000Z", "DTSTART:20240430T200000Z",
    "SUMMARY:Written in Auckland", "SEQUENCE:2",
  ]

  /// The lines of the journal of an ics export or item (split at CRLF).
  static func journal(_ text: String) -> [String] {
    let lines = text.components(separatedBy: "\r\n")
    guard let begin = lines.firstIndex(of: "BEGIN:VJOURNAL"),
      let end = lines.firstIndex(of: "END:VJOURNAL")
    else { return [] }
    return Array(lines[begin...end])
  }

  static func starts(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("DTSTART") }
  }

  @Test(.requires(.tzdata)) func aUTCStartStaysThroughAnEditAndAnExportUnderAnotherZone() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("phone.ics")
    try writeFile(file, journalItem(uid: "phone-1", Self.phoneLines))
    #expect(try calpager.run(["import", file], environment: Self.auckland).status == 0)
    let day = try #require(Day("2024-05-01"))
    #expect(try calpager.store().note(id: 1)?.day == day)

    // Exported in Los Angeles, where the instant is on 30 April: the same start.
    let exported = try calpager.run(["export", "--format", "ics"], environment: Self.losAngeles)
    #expect(Self.starts(Self.journal(exported.stdout)) == ["DTSTART:20240430T200000Z"])

    // Edited there: the text changes, the day and the start do not.
    let edit = try calpager.run(
      ["edit", "1", "Edited in Los Angeles"], environment: Self.losAngeles)
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(try calpager.store().note(id: 1)?.day == day)
    let edited = Self.journal(
      try calpager.run(["export", "--format", "ics"], environment: Self.losAngeles).stdout)
    #expect(Self.starts(edited) == ["DTSTART:20240430T200000Z"])
    #expect(edited.contains("SUMMARY:Edited in Los Angeles"))
    let list = try calpager.run(["list", "2024-04-30..2024-05-01"], environment: Self.losAngeles)
    #expect(list.stdout.hasPrefix("Wednesday 1 May 2024\n"), "\(list.stdout)")

    // A move is the one thing that rewrites it: two days later, as Los Angeles sees them.
    #expect(try calpager.run(["mv", "1", "2024-05-03"], environment: Self.losAngeles).status == 0)
    #expect(try calpager.store().note(id: 1)?.day == Day("2024-05-03"))
    let moved = Self.journal(
      try calpager.run(["export", "--format", "ics"], environment: Self.auckland).stdout)
    #expect(Self.starts(moved) == ["DTSTART:20240502T200000Z"])
    // And Auckland, reading the moved file afresh, finds it on the day it was moved to.
    let other = Calpager()
    let copy = other.directory.file("moved.ics")
    try writeFile(copy, crlfLines(["BEGIN:VCALENDAR", "VERSION:2.0"] + moved + ["END:VCALENDAR"]))
    #expect(try other.run(["import", copy], environment: Self.auckland).status == 0)
    #expect(try other.store().note(id: 1)?.day == Day("2024-05-03"))
  }

  @Test(.requires(.tzdata)) func anUndatedJournalStaysUndatedThroughAnEditUnderAnotherZone() throws
  {
    let calpager = Calpager()
    let file = calpager.directory.file("undated.ics")
    // 23:00 UTC on 20 May: 21 May in Auckland, 20 May in Los Angeles.
    try writeFile(
      file,
      journalItem(
        uid: "undated",
        ["DTSTAMP:20240601T120000Z", "CREATED:20240520T230000Z", "DESCRIPTION:No start date"]))
    #expect(try calpager.run(["import", file], environment: Self.auckland).status == 0)
    #expect(try calpager.store().note(id: 1)?.day == Day("2024-05-21"))
    #expect(
      try calpager.run(["edit", "1", "Still undated"], environment: Self.losAngeles).status == 0)
    #expect(try calpager.store().note(id: 1)?.day == Day("2024-05-21"))
    let edited = Self.journal(
      try calpager.run(["export", "--format", "ics"], environment: Self.losAngeles).stdout)
    #expect(edited.contains("DESCRIPTION:Still undated"))
    #expect(Self.starts(edited).isEmpty)
  }

  @Test(.requires(.tzdata)) func aPhonesTextOnlyEditSyncedUnderAnotherZoneKeepsTheDay() throws {
    let calpager = Calpager()
    let vdir = VdirFolder()
    try vdir.write("phone-1.ics", journalItem(uid: "phone-1", Self.phoneLines))
    let first = try calpager.run(["sync", vdir.path], environment: Self.auckland)
    #expect(first.status == 0, "\(first.stderr)")
    let day = try #require(Day("2024-05-01"))
    #expect(try calpager.store().note(id: 1)?.day == day)

    // The phone changes the text only; the laptop syncs from Los Angeles.
    var lines = Self.phoneLines
    lines[1] = "LAST-MODIFIED:20240502T090000Z"
    lines[3] = "SUMMARY:Edited on the phone"
    try vdir.write("phone-1.ics", journalItem(uid: "phone-1", lines))
    let second = try calpager.run(["sync", vdir.path], environment: Self.losAngeles)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("1 updated"))
    var note = try #require(try calpager.store().note(id: 1))
    #expect(note.body == "Edited on the phone")
    #expect(note.day == day)

    // An edit here, synced from Los Angeles, sends the text and the same start.
    #expect(
      try calpager.run(["edit", "1", "Edited here"], environment: Self.losAngeles).status == 0)
    let third = try calpager.run(["sync", vdir.path], environment: Self.losAngeles)
    #expect(third.status == 0, "\(third.stderr)")
    let sent = Self.journal(vdir.text("phone-1.ics"))
    #expect(sent.contains("SUMMARY:Edited here"))
    #expect(Self.starts(sent) == ["DTSTART:20240430T200000Z"])

    // Back in Auckland: nothing to do, nothing moved.
    let fourth = try calpager.run(["sync", vdir.path], environment: Self.auckland)
    #expect(fourth.stdout.contains("0 sent, 0 received, 0 updated"), "\(fourth.stdout)")
    note = try #require(try calpager.store().note(id: 1))
    #expect(note.day == day)
    #expect(Self.starts(Self.journal(vdir.text("phone-1.ics"))) == ["DTSTART:20240430T200000Z"])
  }
}
