import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// `show`, `next`, `prev`, `goto` and `today` by week and by month, run in this process on a
/// real database.
@Suite struct PeriodPagingCommandTests {
  @Test func aWeekPageAsJSON() throws {
    let calpager = try InProcess()
    try calpager.store.add("Dentist at 10:00", on: Day("2024-05-01")!)
    try calpager.store.add("Lunch", on: Day("2024-05-05")!)
    let text = try calpager.run("goto 2024-05-01 --by week --json")
    #expect(
      text.hasPrefix(
        #"{"selected":"2024-05-01","by":"week","days":[{"day":"2024-04-29","notes":[]},"#))
    let json = try calpager.json("show --by week")
    let days = try #require(json["days"] as? [[String: Any]])
    #expect(
      days.map { $0["day"] as? String } == [
        "2024-04-29", "2024-04-30", "2024-05-01", "2024-05-02", "2024-05-03", "2024-05-04",
        "2024-05-05",
      ])
    #expect((days[2]["notes"] as? [[String: Any]])?.first?["body"] as? String == "Dentist at 10:00")
    #expect((days[6]["notes"] as? [Any])?.count == 1)
    let menu = try #require(json["menu"] as? [String])
    #expect(menu.contains("2024-W18") && menu.allSatisfy { $0.hasPrefix("2024-W") })
    #expect(Array(json.keys).count == 4)
  }

  @Test func aMonthPageAsJSON() throws {
    let calpager = try InProcess()
    try calpager.store.add("one", on: Day("2024-02-10")!)
    try calpager.store.add("two", on: Day("2024-02-10")!)
    try calpager.store.add("three", on: Day("2024-02-29")!)
    let text = try calpager.run("goto 2024-02-29 --by month --json")
    #expect(
      text.hasPrefix(
        #"{"selected":"2024-02-29","by":"month","days":[{"day":"2024-02-01","count":0},"#))
    #expect(text.contains(#"{"day":"2024-02-10","count":2}"#))
    #expect(text.contains(#"{"day":"2024-02-29","count":1}],"notes":[{"id":3,"#))
    let json = try calpager.json("show --by month")
    #expect((json["days"] as? [Any])?.count == 29)
    #expect((json["notes"] as? [[String: Any]])?.map { $0["body"] as? String } == ["three"])
    let menu = try #require(json["menu"] as? [String])
    #expect(menu.contains("2024-02") && menu.contains("2024-03"))
  }

  @Test func monthStepsKeepTheDayClampedOncePerStep() throws {
    let calpager = try InProcess()
    try calpager.run("goto 2024-01-31")
    #expect(try calpager.run("next --by month").contains("Thursday 29 February 2024"))
    #expect(try calpager.run("next --by month").contains("Friday 29 March 2024"))
    try calpager.run("goto 2024-01-31")
    #expect(try calpager.run("next 2 --by month").contains("Sunday 31 March 2024"))
    #expect(try calpager.run("prev 1 --by month").contains("Thursday 29 February 2024"))
    #expect(try calpager.run("next 3 --by week").contains("\nThu 21 Mar · selected\n"))
    #expect(try calpager.run("prev --by week").contains("\nThu 14 Mar · selected\n"))
    #expect(try calpager.store.selectedDay() == Day("2024-03-14"))
  }

  @Test func movesPastTheEdgesFailAndKeepTheSelection() throws {
    let calpager = try InProcess()
    try calpager.run("goto 9999-12-15")
    for (line, message) in [
      ("next --by month", "Cannot move 1 month after 9999-12-15: days end at 9999-12-31"),
      ("next 3 --by week", "Cannot move 3 weeks after 9999-12-15: days end at 9999-12-31"),
    ] {
      let report = try #require(calpager.failure(line))
      #expect(report.message == message)
      #expect(report.status == 1)
    }
    #expect(try calpager.store.selectedDay() == Day("9999-12-15"))
    try calpager.run("goto 0001-01-03 --by week")
    #expect(
      calpager.failure("prev --by week")?.message
        == "Cannot move 1 week before 0001-01-03: days start at 0001-01-01")
    #expect(try calpager.store.selectedDay() == Day("0001-01-03"))
    let unit = try #require(calpager.failure("show --by year"))
    #expect(unit.message == "'year' is not a unit: expected day, week or month")
    #expect(unit.status == 64)
  }

  @Test func pageByIsTheDefaultThatByOverrides() throws {
    let calpager = try InProcess()
    try calpager.run("goto 2024-05-01")
    try calpager.run("config set page-by week")
    #expect(try calpager.run("show").contains("Week 18: 29 April – 5 May 2024"))
    #expect(try calpager.run("next").contains("Week 19: 6 – 12 May 2024"))
    #expect(try calpager.store.selectedDay() == Day("2024-05-08"))
    #expect(try calpager.run("goto 2024-06").contains("Week 22: 27 May – 2 June 2024"))
    #expect(try calpager.run("today").contains("Sat 15 Jun · selected · today"))
    #expect(try calpager.run("show --by day").contains("Saturday 15 June 2030 · today"))
    try calpager.run("config set page-by month")
    #expect(try calpager.run("prev").contains("May 2030 · no notes"))
    #expect(try calpager.store.selectedDay() == Day("2030-05-15"))
  }

  @Test func firstWeekdayStartsTheWeekAndTheGrid() throws {
    let calpager = try InProcess()
    try calpager.run("goto 2024-05-01")
    try calpager.run("config set first-weekday sunday")
    let week = try calpager.json("show --by week")
    let days = try #require(week["days"] as? [[String: Any]])
    #expect(days.first?["day"] as? String == "2024-04-28")
    #expect(days.last?["day"] as? String == "2024-05-04")
    let month = try calpager.run("show --by month --width 80")
    #expect(month.contains("\n Su  Mo  Tu  We  Th  Fr  Sa\n"))
    try calpager.run("config set first-weekday wednesday")
    #expect(try calpager.run("show --by month").contains("\n We  Th  Fr  Sa  Su  Mo  Tu\n >1 "))
  }

  @Test func weeksAndMonthsPageThroughOneControllerAndItsWindow() throws {
    let calpager = try InProcess()
    // As in the line mode: moves are saved later, so the database does not change between
    // commands.
    calpager.store.selectionSaving = .atNextWrite
    try calpager.run("goto 2024-05-01 --by week")
    let weeks = try #require(calpager.session.pager.weeks?.controller)
    #expect(weeks.dataSource.countQueries == 1)
    try calpager.run("next --by week")
    try calpager.run("prev --by week")
    // Steps inside the window ask the data source nothing.
    #expect(calpager.session.pager.weeks?.controller === weeks)
    #expect(weeks.dataSource.countQueries == 1)
    try calpager.run("goto 2030-01-01 --by week")
    #expect(weeks.dataSource.countQueries == 2)
    // A day page after a week page shows the day the week page selected.
    #expect(try calpager.run("show").contains("Tuesday 1 January 2030"))
    try calpager.run("next --by month")
    #expect(try calpager.run("show --by day").contains("Friday 1 February 2030"))
  }

  @Test func aNarrowMonthEndsWithASummaryLine() throws {
    let calpager = try InProcess()
    try calpager.store.add("one", on: Day("2030-06-01")!)
    try calpager.store.add("two", on: Day("2030-06-10")!)
    let page = try calpager.run("goto 2030-06-04 --by month --width 27")
    #expect(page.contains("\n24 25 26 27 28 29 30\nselected 4 · today 15\nnotes 1 10\n\n"))
    let wide = try calpager.run("show --by month --width 28")
    #expect(!wide.contains("selected 4"))
    #expect(wide.contains("  3  >4   5 "))
  }
}
