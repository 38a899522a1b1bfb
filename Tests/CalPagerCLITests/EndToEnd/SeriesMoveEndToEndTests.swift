import CalendarPaging
import Foundation
import NoteStore
import Recurrence
import TestSupport
import Testing

/// `mv` of a recurring journal moves the whole series or nothing (issue 20, item 5), checked
/// with the Recurrence module's reading of what the binary exports.
@Suite struct SeriesMoveEndToEndTests {
  /// The lines of an ics export (split at CRLF).
  static func lines(_ text: String) -> [String] {
    text.components(separatedBy: "\r\n")
  }

  /// The value of the first line of `lines` that starts with `head`.
  static func value(_ lines: [String], _ head: String) throws -> String {
    let line = try #require(lines.first { $0.hasPrefix(head) }, "no \(head) line")
    return String(line.dropFirst(head.count))
  }

  /// The days of the master's instances in 2024, with and without its exceptions, as the
  /// Recurrence module expands the export's series.
  static func days(_ export: String) throws -> (instances: [String], withoutExceptions: [String]) {
    let lines = lines(export)
    let master = Array(lines.prefix { !$0.hasPrefix("RECURRENCE-ID") })
    let start = try DateTimeValue(parsing: value(master, "DTSTART;VALUE=DATE:"), isDate: true)
    let rule = try RecurrenceRule(parsing: value(master, "RRULE:"))
    let exceptions = try DateTimeValue.list(
      parsing: value(master, "EXDATE;VALUE=DATE:"), isDate: true)
    let year = try #require(Day("2024-01-01")).dayNumber * 86_400
    let window = year..<(year + 366 * 86_400)
    func days(_ set: RecurrenceSet) -> [String] {
      set.instances(in: window, userZone: FixedOffsetZone.utc).instances.map { "\($0.local.day)" }
    }
    return (
      days(RecurrenceSet(start: start, rules: [rule], exceptions: exceptions)),
      days(RecurrenceSet(start: start, rules: [rule]))
    )
  }

  @Test func aWeeklySeriesWithAnExceptionAndAnOverrideMovesWhole() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("weekly.ics")
    try writeFile(
      file,
      crlfLines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN",
        "BEGIN:VJOURNAL", "UID:weekly", "DTSTAMP:20240501T120000Z",
        "DTSTART;VALUE=DATE:20240506", "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4",
        "EXDATE;VALUE=DATE:20240513", "SUMMARY:Weekly review", "END:VJOURNAL",
        "BEGIN:VJOURNAL", "UID:weekly", "DTSTAMP:20240501T120000Z",
        "RECURRENCE-ID;VALUE=DATE:20240520", "DTSTART;VALUE=DATE:20240521",
        "SUMMARY:Weekly review (a day late)", "END:VJOURNAL",
        "END:VCALENDAR",
      ]))
    #expect(try calpager.run(["import", file]).status == 0)
    let before = try Self.days(try calpager.run(["export", "--format", "ics"]).stdout)
    #expect(before.instances == ["2024-05-06", "2024-05-20", "2024-05-27"])

    let move = try calpager.run(["mv", "1", "2024-05-07"])
    #expect(move.status == 0, "\(move.stderr)")
    let export = try calpager.run(["export", "--format", "ics"]).stdout
    let after = try Self.days(export)
    // Three instances stay three, each one day later; the exception still removes one.
    #expect(after.instances == ["2024-05-07", "2024-05-21", "2024-05-28"])
    #expect(after.withoutExceptions == ["2024-05-07", "2024-05-14", "2024-05-21", "2024-05-28"])
    let lines = Self.lines(export)
    #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4"))
    // The override names an instance of the moved series, and is itself a day later.
    #expect(lines.contains("RECURRENCE-ID;VALUE=DATE:20240521"))
    #expect(after.instances.contains("2024-05-21"))
    #expect(lines.contains("DTSTART;VALUE=DATE:20240522"))

    // undo moves it all back.
    #expect(try calpager.run(["undo"]).status == 0)
    #expect(
      try Self.days(try calpager.run(["export", "--format", "ics"]).stdout).instances
        == before.instances)
  }

  @Test func aMonthlySeriesByDayOfMonthAndUntilShifts() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("monthly.ics")
    try writeFile(
      file,
      journalItem(
        uid: "rent",
        [
          "DTSTAMP:20240501T120000Z", "DTSTART;VALUE=DATE:20240115",
          "RRULE:FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20240415", "SUMMARY:Rent",
        ]))
    #expect(try calpager.run(["import", file]).status == 0)
    #expect(try calpager.run(["mv", "1", "2024-01-17"]).status == 0)
    let lines = Self.lines(try calpager.run(["export", "--format", "ics"]).stdout)
    #expect(lines.contains("DTSTART;VALUE=DATE:20240117"))
    #expect(lines.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=17;UNTIL=20240417"))
  }

  @Test(arguments: [
    ("FREQ=MONTHLY;BYDAY=2MO", "20240513"),
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1", "20240527"),
    ("FREQ=YEARLY;BYYEARDAY=100", "20240409"),
    ("FREQ=MONTHLY;BYMONTHDAY=28", "20240528"),
  ])
  func aSeriesNoMoveKeepsIsRefusedAndNothingChanges(rule: String, start: String) throws {
    let calpager = Calpager()
    let file = calpager.directory.file("series.ics")
    try writeFile(
      file,
      journalItem(
        uid: "series",
        ["DTSTAMP:20240501T120000Z", "DTSTART;VALUE=DATE:\(start)", "RRULE:\(rule)", "SUMMARY:S"]))
    #expect(try calpager.run(["import", file]).status == 0)
    let before = calpager.snapshot()
    let move = try calpager.run(["mv", "1", "+1"])
    #expect(move.status == 1)
    #expect(move.stderr.hasPrefix("Error: Cannot move note #1, a recurring journal: its rule '"))
    #expect(move.stderr.hasSuffix("which no move by days keeps; nothing was moved\n"))
    #expect(move.stderr.split(separator: "\n").count == 1)
    #expect(calpager.snapshot() == before)
  }
}
