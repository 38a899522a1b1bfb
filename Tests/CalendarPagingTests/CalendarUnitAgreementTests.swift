import Foundation
import Testing

@testable import CalendarPaging

/// Week and month steps and ISO weeks against Foundation's calendars, over every day from
/// 1900 to 2100, and at the calendar's edges.
@Suite struct CalendarUnitAgreementTests {
  static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  static let iso8601: Calendar = {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  static let years = 1900...2100

  static func date(_ day: Day) -> Date {
    // Day numbers count days since 1970-01-01, so a day's UTC midnight is exact.
    Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
  }

  static func day(_ date: Date, in calendar: Calendar) -> Day? {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
  }

  /// Every day, stepped by ±1 and ±2 months, ±1 and ±5 weeks; every seventh day by 1 to 25
  /// months either way.
  @Test(arguments: [1900...1966, 1967...2033, 2034...2100])
  func everyStepAgreesWithTheGregorianCalendar(years: ClosedRange<Int>) throws {
    var day = try #require(Day(year: years.lowerBound, month: 1, day: 1))
    let end = try #require(Day(year: years.upperBound, month: 12, day: 31))
    var mismatches = 0
    while day <= end {
      let date = Self.date(day)
      var steps: [(Int, CalendarUnit)] = [(1, .month), (-1, .month), (2, .month), (-2, .month)]
      steps += [(1, .week), (-1, .week), (5, .week), (-5, .week)]
      if day.dayNumber % 7 == 0 {
        steps += (3...25).flatMap { [($0, CalendarUnit.month), (-$0, .month)] }
      }
      for (count, unit) in steps {
        let expected = Self.step(date, by: count, unit, dayOfMonth: day.dayOfMonth)
        if day.adding(count, unit) != expected {
          mismatches += 1
          if mismatches < 5 {
            Issue.record("\(day) \(count) \(unit): Foundation \(String(describing: expected))")
          }
        }
      }
      day = try #require(day.next)
    }
    #expect(mismatches == 0)
  }

  /// Foundation's answer for a step of `count` units from `date`.
  ///
  /// `date(byAdding:)` for weeks and steps of up to two months. Longer month steps go from the first of the month and clamp with Foundation's month length:
  /// this Foundation's `date(byAdding: .month, value: -25)` from 1904-03-31 gives 1902-03-01,
  /// not 1902-02-28, and adding years and months clamps twice (2052-02-29 plus 1 year and
  /// 1 month gives 2053-03-28).
  static func step(_ date: Date, by count: Int, _ unit: CalendarUnit, dayOfMonth: Int) -> Day? {
    let result: Date?
    if unit == .week {
      result = gregorian.date(byAdding: .weekOfYear, value: count, to: date)
    } else if abs(count) <= 2 {
      result = gregorian.date(byAdding: .month, value: count, to: date)
    } else {
      let first = gregorian.date(byAdding: .day, value: 1 - dayOfMonth, to: date)
      let target = first.flatMap { gregorian.date(byAdding: .month, value: count, to: $0) }
      result = target.flatMap { target in
        let days = gregorian.range(of: .day, in: .month, for: target)?.count ?? 0
        return gregorian.date(byAdding: .day, value: min(dayOfMonth, days) - 1, to: target)
      }
    }
    return result.flatMap { day($0, in: gregorian) }
  }

  @Test func isoWeeksAgreeWithTheISO8601Calendar() throws {
    var day = try #require(Day(year: Self.years.lowerBound, month: 1, day: 1))
    let end = try #require(Day(year: Self.years.upperBound, month: 12, day: 31))
    var mismatches = 0
    while day <= end {
      let parts = Self.iso8601.dateComponents(
        [.weekOfYear, .yearForWeekOfYear], from: Self.date(day))
      if day.isoWeek != (parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0) {
        mismatches += 1
        if mismatches < 5 { Issue.record("\(day): \(day.isoWeek), Foundation \(parts)") }
      }
      day = try #require(day.next)
    }
    #expect(mismatches == 0)
  }

  @Test func weeksOfTheYearAgreeWithTheISO8601Calendar() throws {
    for year in Self.years {
      let weeks = Day.isoWeeks(inYear: year)
      let december28 = try #require(Day(year: year, month: 12, day: 28))
      #expect(Self.iso8601.component(.weekOfYear, from: Self.date(december28)) == weeks)
      for week in [1, 2, weeks / 2, weeks] {
        let components = DateComponents(weekday: 2, weekOfYear: week, yearForWeekOfYear: year)
        let monday = try #require(Self.iso8601.date(from: components))
        #expect(Day(isoWeekYear: year, week: week) == Self.day(monday, in: Self.iso8601))
      }
    }
  }

  /// At the edges Foundation's Gregorian calendar is proleptic only after 1582, so the
  /// expectations are written out.
  @Test func edgesOfTheCalendar() throws {
    #expect(try Day(parsing: "0001-01-31").adding(1, .month)?.description == "0001-02-28")
    #expect(try Day(parsing: "0001-03-31").adding(-1, .month)?.description == "0001-02-28")
    #expect(try Day(parsing: "0001-01-31").adding(-1, .month) == nil)
    #expect(try Day(parsing: "9999-12-31").adding(-1, .month)?.description == "9999-11-30")
    #expect(try Day(parsing: "9999-11-30").adding(1, .month)?.description == "9999-12-30")
    #expect(try Day(parsing: "9999-12-01").adding(1, .month) == nil)
    #expect(Day.first.adding(1, .week)?.description == "0001-01-08")
    #expect(Day.last.adding(-1, .week)?.description == "9999-12-24")
    #expect(Day.first.isoWeek == (1, 1))
    #expect(Day.last.isoWeek == (9999, 52))
    #expect(Month(containing: .first) == .first)
    #expect(Month(containing: .last) == .last)
    #expect(try Month(parsing: "0001-01").days == Day.first...(try Day(parsing: "0001-01-31")))
    #expect(try Month(parsing: "9999-12").days == (try Day(parsing: "9999-12-01"))...Day.last)
  }
}
