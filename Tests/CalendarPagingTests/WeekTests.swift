import DisplayText
import TestSupport
import Testing

@testable import CalendarPaging

@Suite struct WeekTests {
  @Test(arguments: Weekday.allCases)
  func aWeekStartsOnItsFirstWeekdayAndHoldsTheDay(firstWeekday: Weekday) throws {
    var random = SplitMix64(seed: UInt64(firstWeekday.rawValue))
    for _ in 0..<2000 {
      let day = try #require(Day(dayNumber: random.next(in: -700_000...2_900_000)))
      let week = Week(containing: day, firstWeekday: firstWeekday)
      #expect(week.firstWeekday == firstWeekday)
      #expect(week.firstDay.weekday == firstWeekday)
      #expect(week.contains(day))
      #expect(week.firstDay.distance(to: week.lastDay) == 6)
      #expect(week.days.contains(day))
      #expect(try #require(week.next).firstDay == week.firstDay.adding(days: 7))
      #expect(try #require(week.previous).next == week)
      #expect(week.adding(weeks: 10)?.firstDay == week.firstDay.adding(days: 70))
    }
  }

  @Test func isoWeekNumbersOfKnownDays() throws {
    // 2024-05-01 is a Wednesday in ISO week 18.
    let day = try Day(parsing: "2024-05-01")
    #expect(Week(containing: day).description == "2024-W18")
    #expect(Week(containing: day).firstDay.description == "2024-04-29")
    // A Sunday-first week (28 April to 4 May) shares its Thursday with ISO week 18.
    let sundayWeek = Week(containing: day, firstWeekday: .sunday)
    #expect(sundayWeek.firstDay.description == "2024-04-28")
    #expect(sundayWeek.lastDay.description == "2024-05-04")
    #expect(sundayWeek.description == "2024-W18")
    // 2021-01-03 (a Sunday) is in the last ISO week of 2020; 2026-12-31 in 2026-W53.
    #expect(Week(containing: try Day(parsing: "2021-01-03")).description == "2020-W53")
    #expect(Week(containing: try Day(parsing: "2026-12-31")).description == "2026-W53")
    #expect(Week(containing: try Day(parsing: "2024-12-30")).description == "2025-W01")
  }

  @Test func weeksStopAtTheCalendarsBounds() {
    // 0001-01-01 is a Monday, so its Monday-first week starts on it.
    let first = Week(containing: .first)
    #expect(first.firstDay == .first)
    #expect(first.previous == nil)
    #expect(first.description == "0001-W01")
    // Its Sunday-first week starts on a day that does not exist, and is clamped.
    let sundayFirst = Week(containing: .first, firstWeekday: .sunday)
    #expect(sundayFirst.firstDay == .first)
    #expect(sundayFirst.lastDay.description == "0001-01-06")
    #expect(sundayFirst.previous == nil)
    // 9999-12-31 is a Friday: its Monday-first week runs past it and is clamped.
    let last = Week(containing: .last)
    #expect(last.firstDay.description == "9999-12-27")
    #expect(last.lastDay == .last)
    #expect(last.next == nil)
    #expect(last.adding(weeks: Int.max) == nil)
    #expect(first.adding(weeks: Int.min) == nil)
    let source = BoundedDataSource<Week>(firstWeekday: .sunday)
    #expect(source.item(before: sundayFirst) == nil)
    #expect(source.item(after: Week(containing: .last, firstWeekday: .sunday)) == nil)
  }

  @Test func weeksOrderByTheirFirstDay() throws {
    let day = try Day(parsing: "2024-05-01")
    let week = Week(containing: day)
    #expect(week < week.next!)
    #expect(!(week < week))
    #expect(Week(containing: try #require(day.next)) == week)
  }

  @Test func labelsNameTheWeekAndItsDays() throws {
    let week = Week(containing: try Day(parsing: "2024-05-01"))
    #expect(week.label == "W18")
    #expect(week.menuLabel == "W18 29 Apr–5 May")
    #expect(week.title == "Week 18: 29 April – 5 May 2024")
    let inOneMonth = Week(containing: try Day(parsing: "2024-05-08"))
    #expect(inOneMonth.menuLabel == "W19 6–12 May")
    #expect(inOneMonth.title == "Week 19: 6 – 12 May 2024")
    let acrossYears = Week(containing: try Day(parsing: "2025-01-01"))
    #expect(acrossYears.menuLabel == "W01 30 Dec–5 Jan")
    #expect(acrossYears.title == "Week 1: 30 December 2024 – 5 January 2025")
    // A Sunday-first week is labelled with the ISO week of its Thursday.
    let sundayFirst = Week(containing: try Day(parsing: "2024-05-05"), firstWeekday: .sunday)
    #expect(sundayFirst.menuLabel == "W19 5–11 May")
    #expect(sundayFirst.description == "2024-W19")
  }

  @Test func labelsAtTheCalendarsEdgesUseTheDaysThatExist() throws {
    let first = Week(containing: .first, firstWeekday: .sunday)
    #expect(first.menuLabel == "W01 1–6 Jan")
    #expect(first.title == "Week 1: 1 – 6 January 0001")
    let last = Week(containing: .last)
    #expect(last.menuLabel == "W52 27–31 Dec")
    #expect(last.description == "9999-W52")
    // A week whose Thursday lies outside the calendar keeps the rule, with a year 0000 or 10000.
    #expect(Week(containing: .first, firstWeekday: .tuesday).description == "0000-W52")
    #expect(Week(containing: .last, firstWeekday: .friday).description == "10000-W01")
  }

  @Test(arguments: Weekday.allCases)
  func menuLabelWidthsAreTheLabelsDisplayWidths(firstWeekday: Weekday) throws {
    var random = SplitMix64(seed: 99 + UInt64(firstWeekday.rawValue))
    var weeks = [
      Week(containing: .first, firstWeekday: firstWeekday),
      Week(containing: .last, firstWeekday: firstWeekday),
    ]
    for _ in 0..<3000 {
      let day = try #require(Day(dayNumber: random.next(in: Day.dayNumbers)))
      weeks.append(Week(containing: day, firstWeekday: firstWeekday))
    }
    for week in weeks {
      #expect(week.menuLabelWidth == DisplayWidth.of(week.menuLabel), "\(week.menuLabel)")
    }
  }
}
