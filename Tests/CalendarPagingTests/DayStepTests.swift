import TestSupport
import Testing

@testable import CalendarPaging

/// Stepping a day by days, weeks and months (`next --by`, `+2w`, `-1m`).
@Suite struct DayStepTests {
  @Test func monthStepsKeepTheDayOfTheMonthClampedOnce() throws {
    let january31 = try Day(parsing: "2024-01-31")
    let february = try january31.advanced(by: 1, .month)
    #expect(february.description == "2024-02-29")
    #expect(try february.advanced(by: 1, .month).description == "2024-03-29")
    // One step of two months is clamped once: the 31st stays the 31st.
    #expect(try january31.advanced(by: 2, .month).description == "2024-03-31")
    #expect(try january31.advanced(by: -1, .month).description == "2023-12-31")
    #expect(try january31.advanced(by: 13, .month).description == "2025-02-28")
    #expect(try january31.advanced(by: 0, .month) == january31)
  }

  @Test func weekStepsAreSevenDays() throws {
    let day = try Day(parsing: "2024-05-01")
    #expect(try day.advanced(by: 1, .week).description == "2024-05-08")
    #expect(try day.advanced(by: -2, .week).description == "2024-04-17")
    #expect(try day.advanced(by: 3, .day).description == "2024-05-04")
    #expect(day.adding(weeks: 52)?.description == "2025-04-30")
    for unit in CalendarUnit.allCases {
      #expect(day.adding(0, unit) == day)
    }
  }

  @Test func stepsPastTheEdgesFailWithTheDayError() throws {
    let cases: [(Day, Int, CalendarUnit, PagingSide)] = [
      (.last, 1, .day, .after), (.first, -1, .day, .before),
      (try Day(parsing: "9999-12-25"), 1, .week, .after),
      (try Day(parsing: "0001-01-07"), -1, .week, .before),
      (try Day(parsing: "9999-12-01"), 1, .month, .after),
      (try Day(parsing: "0001-01-31"), -1, .month, .before),
      (.first, Int.max, .week, .after), (.last, Int.min, .week, .before),
      (.first, Int.max, .month, .after), (.last, Int.min, .month, .before),
      (.first, Int.max, .day, .after), (.last, Int.min, .day, .before),
    ]
    for (day, count, unit, side) in cases {
      #expect(day.adding(count, unit) == nil, "\(day) \(count) \(unit)")
      #expect(throws: DayError.outOfRange(from: day, direction: side)) {
        try day.advanced(by: count, unit)
      }
    }
    // The last steps that stay inside.
    #expect(try Day(parsing: "9999-12-24").advanced(by: 1, .week) == .last)
    #expect(try Day(parsing: "9999-11-30").advanced(by: 1, .month).description == "9999-12-30")
    #expect(try Day(parsing: "0001-02-28").advanced(by: -1, .month).description == "0001-01-28")
    #expect(try Day.first.advanced(by: Day.first.distance(to: .last), .day) == .last)
    let message = DayError.outOfRange(from: .first, direction: .before).description
    #expect(message == "there is no day before 0001-01-01: days start at 0001-01-01")
  }

  /// A step of N months and back is the same day, unless the first step was clamped to a
  /// shorter month's end; then it is that day of the original month.
  @Test func monthStepsAndBackReturnUnlessClamped() throws {
    var random = SplitMix64(seed: 2024)
    var clamped = 0
    for _ in 0..<50_000 {
      let day = try #require(Day(dayNumber: random.next(in: Day.dayNumbers)))
      let count = random.next(in: -30...30)
      guard let there = day.adding(count, .month) else {
        let target = day.year * 12 + day.month - 1 + count
        #expect(target < 12 || target > 9999 * 12 + 11, "\(day) + \(count) months")
        continue
      }
      let back = try #require(there.adding(-count, .month))
      #expect(there.month == Day.floorModulo(day.month - 1 + count, 12) + 1)
      if day.dayOfMonth <= Day.daysIn(month: there.month, year: there.year) {
        #expect(there.dayOfMonth == day.dayOfMonth)
        #expect(back == day, "\(day) + \(count) months = \(there)")
      } else {
        clamped += 1
        #expect(there == there.lastOfMonth)
        #expect(back.firstOfMonth == day.firstOfMonth)
        #expect(back.dayOfMonth == there.dayOfMonth)
      }
    }
    #expect(clamped > 100)
  }

  @Test func weekStepsAndBackAlwaysReturn() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<50_000 {
      let day = try #require(Day(dayNumber: random.next(in: Day.dayNumbers)))
      let count = random.next(in: -600...600)
      guard let there = day.adding(count, .week) else {
        let target = day.dayNumber + count * 7
        #expect(!Day.dayNumbers.contains(target))
        continue
      }
      #expect(there.weekday == day.weekday)
      #expect(day.distance(to: there) == count * 7)
      #expect(there.adding(-count, .week) == day)
    }
  }

  @Test func unitsParseByName() throws {
    #expect(try CalendarUnit(parsing: "week") == .week)
    #expect(CalendarUnit.allCases.map(\.description) == ["day", "week", "month"])
    #expect(throws: PeriodError.unknownUnit("fortnight")) { try CalendarUnit(parsing: "fortnight") }
    #expect(
      PeriodError.unknownUnit("Week").description
        == "'Week' is not a unit: expected day, week or month")
  }
}
