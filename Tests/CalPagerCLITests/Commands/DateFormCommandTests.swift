import CalendarPaging
import Foundation
import NoteStore
import Testing

@testable import CalPagerCLI

/// Every DATE and RANGE form, as a user types it to `goto`, `list`, `add --day` and `export`.
@Suite struct DateFormCommandTests {
  @Test func gotoTakesMonthsWeeksWeekdaysAndOffsetsInWeeksAndMonths() throws {
    // Today is Saturday 2030-06-15.
    let calpager = try InProcess()
    #expect(try calpager.run("goto 2024-06").contains("Saturday 1 June 2024"))
    #expect(try calpager.run("goto 2024-W18").contains("Monday 29 April 2024"))
    #expect(try calpager.run("goto 2020-w53").contains("Monday 28 December 2020"))
    #expect(try calpager.run("goto sat").contains("Saturday 22 June 2030"))
    #expect(try calpager.run("goto Monday").contains("Monday 17 June 2030"))
    try calpager.run("goto 2024-01-31")
    #expect(try calpager.run("goto +1m").contains("Thursday 29 February 2024"))
    #expect(try calpager.run("goto +1m").contains("Friday 29 March 2024"))
    try calpager.run("goto 2024-01-31")
    #expect(try calpager.run("goto +2m").contains("Sunday 31 March 2024"))
    #expect(try calpager.run("goto -2w").contains("Sunday 17 March 2024"))
    #expect(try calpager.store.selectedDay() == Day("2024-03-17"))
  }

  @Test func badDatesAreUsageErrorsThatChangeNothing() throws {
    let calpager = try InProcess()
    try calpager.run("goto 2024-05-01")
    for (line, message) in [
      ("goto 2021-W53", "'2021-W53' is not a week: 2021 has weeks W01 to W52, not W53"),
      ("goto 2024-13", "'2024-13' is not a month: there is no month 13, months run 01 to 12"),
      (
        "goto +999999w",
        "'+999999w' is too far: days run from 0001-01-01 to 9999-12-31, 521722 weeks apart"
      ),
      (
        "list ..",
        "'..' is not a range: expected a DATE, DATE..DATE, DATE.., ..DATE, a month YYYY-MM or a year YYYY"
      ),
    ] {
      let report = try #require(calpager.failure(line), "\(line)")
      #expect(report.message == message, "\(line)")
      #expect(report.status == 64, "\(line)")
    }
    #expect(try calpager.store.selectedDay() == Day("2024-05-01"))
    try calpager.run("goto 9999-12-15")
    let report = try #require(calpager.failure("goto +1m"))
    #expect(report.message == "'+1m' from 9999-12-15 is after 9999-12-31, the last day")
    // A DATE argument that resolves outside the calendar is a usage error in every command.
    #expect(report.status == 64)
    #expect(try calpager.store.selectedDay() == Day("9999-12-15"))
  }

  @Test func rangesAreOpenAndMonthsAndWeeksEndOnTheirLastDay() throws {
    let calpager = try InProcess()
    for day in ["0001-01-01", "2024-01-01", "2024-03-31", "2024-04-28", "2024-05-05", "9999-12-31"]
    {
      try calpager.store.add("note on \(day)", on: Day(day)!)
    }
    func days(_ line: String) throws -> [String] {
      let json = try calpager.json(line)
      let notes = try #require(json["notes"] as? [[String: Any]])
      return notes.compactMap { $0["day"] as? String }
    }
    #expect(try days("list 2024-01..2024-03") == ["2024-01-01", "2024-03-31"])
    #expect(
      try days("list 2024-03-31..") == ["2024-03-31", "2024-04-28", "2024-05-05", "9999-12-31"])
    #expect(try days("list ..2024-01-01") == ["0001-01-01", "2024-01-01"])
    #expect(try days("list 2024-W18") == ["2024-05-05"])
    #expect(try days("list 2024-W17..2024-W18") == ["2024-04-28", "2024-05-05"])
    let export = try calpager.run("export --from 2024-03 --to 2024-W18")
    #expect(export.split(separator: "\n").count == 3)
    let report = try #require(calpager.failure("export --from 2024-06 --to 2024-05"))
    #expect(report.message == "'--from' is after '--to': 2024-06-01 is after 2024-05-31")
    #expect(report.status == 64)
  }

  @Test func helpShowsEveryFormWithAnExample() throws {
    let calpager = try InProcess()
    let goto = try calpager.run("help goto")
    for example in [
      "2024-05-01", "today", "yesterday", "tomorrow", "fri", "+3", "-2", "+2w", "-1m", "2024-06",
      "2024-W18",
    ] {
      #expect(goto.contains(example), "\(example)")
    }
    let list = try calpager.run("help list")
    for example in [
      "2024-05-01..2024-05-31", "2024-01-01..", "..2024-12-31", "2024-05", "2024",
      "2024-01..2024-03",
    ] {
      #expect(list.contains(example), "\(example)")
    }
  }
}
