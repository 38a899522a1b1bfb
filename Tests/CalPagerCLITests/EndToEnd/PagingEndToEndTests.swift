import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// `show`, `next`, `prev`, `goto`, `today`: the page printed, the exit status and the
/// selection saved in the database.
@Suite struct PagingEndToEndTests {
  /// The heading line of a printed page (the line after the menu).
  func heading(_ result: ProcessResult) -> String? {
    result.stdout.split(separator: "\n").first { $0.contains(" · ") }.map(String.init)
  }

  @Test func theSelectionPersistsAcrossProcesses() throws {
    let calpager = Calpager()
    #expect(try calpager.run(["goto", "2024-05-01"]).status == 0)
    #expect(try calpager.run(["next"]).status == 0)
    let shown = try calpager.run(["show"])
    #expect(shown.status == 0)
    #expect(heading(shown) == "Thursday 2 May 2024 · no notes")
    #expect(try calpager.store().selectedDay() == Day("2024-05-02"))
  }

  @Test func aFreshDatabaseShowsTodayAndSavesNothing() throws {
    let calpager = Calpager()
    let shown = try calpager.run(["show"])
    #expect(shown.status == 0)
    #expect(heading(shown) == "Saturday 15 June 2030 · today · no notes")
    #expect(try calpager.store().selectedDay() == nil)
    // No command word means show.
    #expect(try calpager.run([]).stdout == shown.stdout)
  }

  @Test(.requires(.tzdata)) func todayFollowsTheTimeZone() throws {
    let calpager = Calpager()
    for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"] {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(identifier: zone))
      func today() throws -> Day {
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return try #require(Day(year: parts.year!, month: parts.month!, day: parts.day!))
      }
      // The date before and after the run: a midnight in the zone may fall between them.
      let before = try today()
      let result = try calpager.run(
        ["today", "--json"], environment: ["TZ": zone, "CALPAGER_TODAY": nil])
      let after = try today()
      #expect(
        [before, after].contains { result.stdout.hasPrefix(#"{"selected":"\#($0)""#) },
        "\(zone): \(result.stdout)")
    }
  }

  @Test func stepsCountsAndRelativeDates() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-02-27"])
    #expect(heading(try calpager.run(["next", "3"])) == "Friday 1 March 2024 · no notes")
    #expect(heading(try calpager.run(["prev", "2"])) == "Wednesday 28 February 2024 · no notes")
    #expect(heading(try calpager.run(["goto", "+2"])) == "Friday 1 March 2024 · no notes")
    #expect(heading(try calpager.run(["goto", "-1"])) == "Thursday 29 February 2024 · no notes")
    #expect(heading(try calpager.run(["goto", "yesterday"])) == "Friday 14 June 2030 · no notes")
    #expect(heading(try calpager.run(["goto", "tomorrow"])) == "Sunday 16 June 2030 · no notes")
    #expect(heading(try calpager.run(["today"])) == "Saturday 15 June 2030 · today · no notes")
    #expect(try calpager.store().selectedDay() == Day("2030-06-15"))
  }

  @Test func withNotesJumpsToTheNearestDayThatHasNotes() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-01-10", "early"])
    try calpager.run(["add", "--day", "2024-03-05", "late"])
    try calpager.run(["goto", "2024-02-01"])
    #expect(heading(try calpager.run(["next", "--with-notes"])) == "Tuesday 5 March 2024 · 1 note")
    #expect(
      heading(try calpager.run(["prev", "--with-notes"])) == "Wednesday 10 January 2024 · 1 note")
    let none = try calpager.run(["prev", "--with-notes"])
    #expect(none.status == 1)
    #expect(none.stderr == "Error: No day before Wednesday 10 January 2024 has notes\n")
    #expect(try calpager.store().selectedDay() == Day("2024-01-10"))
  }

  @Test func aMovePastAnEdgeFailsAndTheSelectionStays() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "0001-01-01"])
    let before = calpager.snapshot()
    let back = try calpager.run(["prev"])
    #expect(back.status == 1)
    #expect(back.stdout.isEmpty)
    #expect(back.stderr == "Error: There is no day before 0001-01-01: days start at 0001-01-01\n")
    #expect(calpager.snapshot() == before)

    try calpager.run(["goto", "9999-12-30"])
    let snapshot = calpager.snapshot()
    let far = try calpager.run(["next", "5"])
    #expect(far.status == 1)
    #expect(far.stderr.hasPrefix("Error: Cannot move 5 days after 9999-12-30"))
    #expect(calpager.snapshot() == snapshot)
    #expect(try calpager.run(["next"]).status == 0)
    let last = try calpager.run(["next"])
    #expect(last.stderr == "Error: There is no day after 9999-12-31: days end at 9999-12-31\n")
    #expect(try calpager.store().selectedDay() == Day.last)
  }

  @Test func thePageShowsTheMenuAndTheNotes() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    try calpager.run(["add", "Dentist at 10:00"])
    try calpager.run(["add", "--day", "2024-05-02", "Call the bank"])
    let page = try calpager.run(["--width", "80", "show"])
    #expect(
      page.stdout == """
        Sat 27   Sun 28   Mon 29   Tue 30   Wed 1  • Thu 2  • Fri 3    Sat 4    Sun 5
                                            ━━━━━━━━
        Wednesday 1 May 2024 · 1 note
          #1  Dentist at 10:00

        """)
  }

  @Test func theJSONPageHasTheSelectionNotesAndMenu() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    try calpager.run(["add", "Dentist"])
    let result = try calpager.run(["--json", "--width", "40", "show"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(object["selected"] as? String == "2024-05-01")
    let notes = try #require(object["notes"] as? [[String: Any]])
    #expect(
      notes.count == 1 && notes[0]["body"] as? String == "Dentist" && notes[0]["id"] as? Int == 1)
    let menu = try #require(object["menu"] as? [String])
    #expect(menu.contains("2024-05-01") && menu.count >= 3)
    #expect(lines[0].hasPrefix(#"{"selected":"2024-05-01","notes":[{"id":1,"uid":"#))
  }
}
