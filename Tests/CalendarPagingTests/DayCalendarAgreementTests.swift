import Foundation
import TestSupport
import Testing

@testable import CalendarPaging

/// `Day`'s integer arithmetic against Foundation's Gregorian calendar.
///
/// Days around every daylight-saving change from 1970 to 2040 in several time zones
/// (including zones whose clocks skip midnight and zones with half-hour offsets or a
/// 30-minute change), plus random days from 1600 to 9999. Foundation switches to the Julian calendar before 1582, so earlier days are not compared.
@Suite struct DayCalendarAgreementTests {
  static let zones = [
    "America/New_York", "Europe/London", "Europe/Berlin", "Australia/Sydney",
    "Australia/Lord_Howe", "America/Sao_Paulo", "America/Havana", "Asia/Tehran",
    "Pacific/Chatham", "America/Santiago",
  ]

  @Test(arguments: zones)
  func stepsAgreeAroundDaylightSavingChanges(zoneName: String) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    var instant = Date(timeIntervalSince1970: 0)
    let end = Date(timeIntervalSince1970: 2_208_988_800)  // 2040-01-01
    var changes = 0
    while let change = zone.nextDaylightSavingTimeTransition(after: instant), change < end {
      changes += 1
      instant = change
      for probe in [change.addingTimeInterval(-1), change, change.addingTimeInterval(1)] {
        let day = try #require(Self.day(of: probe, in: calendar))
        // "Today" in the zone: the civil day of the instant at the zone's offset then.
        let seconds = Int(probe.timeIntervalSince1970.rounded(.down))
        #expect(Day(unixSeconds: seconds, utcOffset: zone.secondsFromGMT(for: probe)) == day)
        try Self.compareSteps(from: day, calendar: calendar)
      }
    }
    #expect(changes > 0, "no daylight-saving changes found in \(zoneName)")
  }

  @Test func stepsAgreeOnRandomDays() throws {
    var random = SplitMix64(seed: 1600)
    let lower = try Day(parsing: "1600-01-01").dayNumber
    let upper = try Day(parsing: "9990-12-31").dayNumber
    for zoneName in ["UTC", "America/New_York", "Asia/Kolkata"] {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(identifier: zoneName))
      for _ in 0..<300 {
        let day = try #require(Day(dayNumber: random.next(in: lower...upper)))
        try Self.compareSteps(from: day, calendar: calendar)
      }
    }
  }

  /// A week of daily steps through each change day, both ways, day by day.
  @Test(arguments: zones)
  func dailyWalksAgree(zoneName: String) throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zoneName))
    let zone = calendar.timeZone
    var instant = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
    for _ in 0..<12 {
      guard let change = zone.nextDaylightSavingTimeTransition(after: instant) else { break }
      instant = change
      var day = try #require(Self.day(of: change, in: calendar)?.adding(days: -3))
      var date = try #require(Self.startOfDay(day, in: calendar))
      for _ in 0..<7 {
        let next = try #require(calendar.date(byAdding: .day, value: 1, to: date))
        day = try #require(day.next)
        #expect(Self.day(of: next, in: calendar) == day)
        #expect(try #require(day.previous).next == day)
        date = next
      }
    }
  }

  @Test func isoWeeksAgreeWithFoundation() throws {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var day = try Day(parsing: "1995-12-20")
    let end = try Day(parsing: "2031-01-10")
    while day <= end {
      let date = try #require(Self.startOfDay(day, in: calendar))
      let parts = calendar.dateComponents([.weekOfYear, .yearForWeekOfYear], from: date)
      let (year, week) = day.isoWeek
      if year != parts.yearForWeekOfYear || week != parts.weekOfYear {
        Issue.record("\(day): \(year)-W\(week), Foundation \(parts)")
        return
      }
      #expect(Week(containing: day).isoWeek == day.isoWeek)
      day = try #require(day.adding(days: 3))
    }
  }

  /// Compares day, month and year steps and the weekday with Foundation.
  static func compareSteps(from day: Day, calendar: Calendar) throws {
    let date = try #require(startOfDay(day, in: calendar))
    let weekday = calendar.component(.weekday, from: date)  // 1 is Sunday
    #expect(day.weekday.rawValue == (weekday + 5) % 7 + 1, "weekday of \(day)")
    for count in [-400, -31, -7, -1, 1, 2, 7, 31, 365, 1000] {
      let expected = calendar.date(byAdding: .day, value: count, to: date)
      #expect(day.adding(days: count) == expected.flatMap { Self.day(of: $0, in: calendar) })
    }
    for count in [-13, -1, 1, 2, 12, 25] {
      let expected = calendar.date(byAdding: .month, value: count, to: date)
      #expect(day.adding(months: count) == expected.flatMap { Self.day(of: $0, in: calendar) })
    }
    for count in [-4, -1, 1, 4] {
      let expected = calendar.date(byAdding: .year, value: count, to: date)
      #expect(day.adding(years: count) == expected.flatMap { Self.day(of: $0, in: calendar) })
    }
  }

  static func day(of date: Date, in calendar: Calendar) -> Day? {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
  }

  static func startOfDay(_ day: Day, in calendar: Calendar) -> Date? {
    let (year, month, dayOfMonth) = day.components
    let noon = calendar.date(
      from: DateComponents(year: year, month: month, day: dayOfMonth, hour: 12))
    return noon.map { calendar.startOfDay(for: $0) }
  }
}
