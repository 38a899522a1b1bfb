import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// `next N --by month|week` and `prev N` as a user runs them, from random days of 1900–2100:
/// every step lands where Foundation's Gregorian calendar says, and stepping back returns to
/// the day it started from unless a month step was clamped to a shorter month's end.
@Suite struct PeriodStepPropertyTests {
  static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// `day` moved `count` units by Foundation.
  ///
  /// Weeks by `date(byAdding:)`. Months from the first of `day`'s month, then clamped with
  /// Foundation's month length: this Foundation's `date(byAdding: .month, value: -23)` from
  /// 2054-01-31 gives 2052-02-28 where February 2052 has 29 days (as `CalendarPagingTests`'
  /// agreement test found).
  static func foundation(_ day: Day, _ count: Int, _ unit: CalendarUnit) -> Day? {
    let date = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
    let moved: Date?
    if unit == .week {
      moved = gregorian.date(byAdding: .weekOfYear, value: count, to: date)
    } else {
      let first = gregorian.date(byAdding: .day, value: 1 - day.dayOfMonth, to: date)
      let target = first.flatMap { gregorian.date(byAdding: .month, value: count, to: $0) }
      moved = target.flatMap { target in
        let days = gregorian.range(of: .day, in: .month, for: target)?.count ?? 0
        return gregorian.date(byAdding: .day, value: min(day.dayOfMonth, days) - 1, to: target)
      }
    }
    guard let moved else { return nil }
    let parts = gregorian.dateComponents([.year, .month, .day], from: moved)
    return Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
  }

  @Test(arguments: [CalendarUnit.month, .week])
  func stepsAgreeWithFoundationAndComeBackUnlessClamped(unit: CalendarUnit) throws {
    let calpager = try InProcess()
    // As in the line mode: the selection is kept in the session, not written each step.
    calpager.store.selectionSaving = .atNextWrite
    var random = SplitMix64(seed: unit == .month ? 1_900_2100 : 2_100_1900)
    let first = Day(year: 1900, month: 1, day: 1)!.dayNumber
    let last = Day(year: 2100, month: 12, day: 31)!.dayNumber
    var clamped = 0
    for round in 0..<300 {
      // Month ends are where clamping happens: pick them often.
      var start = Day(dayNumber: random.next(in: first...last))!
      if round % 3 == 0 { start = start.lastOfMonth }
      let count = random.next(in: 1...25)
      let forward = random.next(in: 0...1) == 1
      try calpager.run("goto \(start)")
      try calpager.run("\(forward ? "next" : "prev") \(count) --by \(unit)")
      let moved = try calpager.session.selectedDay()
      #expect(
        moved == Self.foundation(start, forward ? count : -count, unit),
        "\(start) \(forward ? "+" : "-")\(count) \(unit)")
      try calpager.run("\(forward ? "prev" : "next") \(count) --by \(unit)")
      let back = try calpager.session.selectedDay()
      if unit == .week || moved.dayOfMonth == start.dayOfMonth {
        #expect(back == start, "\(start) there and back by \(count) \(unit): \(back)")
      } else {
        // Clamped: the day of the month was cut to the shorter month's end, and stays cut.
        clamped += 1
        #expect(moved == moved.lastOfMonth && moved.dayOfMonth < start.dayOfMonth)
        #expect(back.dayOfMonth == moved.dayOfMonth && back.month == start.month)
      }
    }
    #expect(unit == .week || clamped > 0)
  }
}
