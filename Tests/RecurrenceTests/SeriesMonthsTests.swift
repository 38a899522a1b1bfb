import CalendarPaging
import Foundation
import Recurrence
import TestSupport
import Testing

/// The months of the year a series' occurrences may meet (`EventSeries.monthsOfYear`).
///
/// They let a month's expansion pass over a yearly event of another month unread. Too
/// narrow, and a page misses occurrences; so random series are expanded month by month and
/// every month that holds one must be in them.
@Suite struct SeriesMonthsTests {
  let utc = FixedOffsetZone.utc

  /// Bits of the months `numbers` (1…12).
  static func bits(_ numbers: Int...) -> Int { numbers.reduce(0) { $0 | 1 << ($1 - 1) } }

  static func series(
    _ start: String, _ rules: [String], zone: (any ZoneRules)? = nil, end: EventEnd = .none,
    dates: [String] = [], overrides: [EventOverride] = []
  ) throws -> EventSeries {
    EventSeries(
      uid: "u", start: try DateTimeValue(parsing: start, zone: zone), end: end,
      rules: try rules.map { try RecurrenceRule(parsing: $0, untilZone: zone) },
      dates: try dates.map { try RecurrenceDate(parsing: $0, zone: zone) }, overrides: overrides)
  }

  @Test func aYearlyEventMeetsItsMonthAndItsNeighboursAlone() throws {
    #expect(
      try Self.series("20210913T101500Z", ["FREQ=YEARLY"]).monthsOfYear == Self.bits(8, 9, 10))
    #expect(try Self.series("20201231", ["FREQ=YEARLY"]).monthsOfYear == Self.bits(11, 12, 1))
    #expect(
      try Self.series("20200105T090000", ["FREQ=YEARLY;INTERVAL=2;BYHOUR=9,17"]).monthsOfYear
        == Self.bits(12, 1, 2))
    // BYMONTH expands YEARLY and limits the others; DTSTART is an instance all the same.
    #expect(
      try Self.series("20240601T090000Z", ["FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"]).monthsOfYear
        == Self.bits(2, 3, 4, 5, 6, 7))
    #expect(
      try Self.series("20240301T090000Z", ["FREQ=DAILY;BYMONTH=3"]).monthsOfYear
        == Self.bits(2, 3, 4))
    // An RDATE and an override start where they say.
    let moved = EventOverride(
      recurrenceID: try DateTimeValue(parsing: "20250913T101500Z"),
      start: try DateTimeValue(parsing: "20250520T101500Z"))
    #expect(
      try Self.series(
        "20210913T101500Z", ["FREQ=YEARLY"], dates: ["20221201T101500Z"], overrides: [moved]
      ).monthsOfYear == Self.bits(4, 5, 6, 8, 9, 10, 11, 12, 1))
  }

  @Test(arguments: [
    "FREQ=YEARLY;BYDAY=MO", "FREQ=YEARLY;BYMONTHDAY=1", "FREQ=YEARLY;BYYEARDAY=100",
    "FREQ=YEARLY;BYWEEKNO=1;BYMONTH=1", "FREQ=MONTHLY", "FREQ=WEEKLY;INTERVAL=52",
  ])
  func aRuleSpreadOverTheYearMeetsEveryMonth(_ rule: String) throws {
    #expect(try Self.series("20240115T090000Z", [rule]).monthsOfYear == EventSeries.everyMonth)
  }

  @Test func aLongOccurrenceOrAMovingOverrideMeetsEveryMonth() throws {
    let month = try CalendarDuration(parsing: "P30D")
    #expect(
      try Self.series("20240115", ["FREQ=YEARLY"], end: .after(month)).monthsOfYear
        == EventSeries.everyMonth)
    let future = EventOverride(
      recurrenceID: try DateTimeValue(parsing: "20260115T090000Z"), thisAndFuture: true,
      start: try DateTimeValue(parsing: "20260116T090000Z"))
    #expect(
      try Self.series("20240115T090000Z", ["FREQ=YEARLY"], overrides: [future]).monthsOfYear
        == EventSeries.everyMonth)
  }

  /// The instants month `key` (`year * 12 + month - 1`) is expanded over: the month, a day
  /// to spare either way, as the events index expands it.
  static func monthWindow(_ key: Int) -> Range<Int> {
    let first = Day(year: key / 12, month: key % 12 + 1, day: 1)!
    let next = first.adding(months: 1)!
    return (first.dayNumber - 1) * 86_400..<(next.dayNumber + 1) * 86_400
  }

  @Test func everyMonthThatHoldsAnOccurrenceOfARandomSeriesIsAmongItsMonths() throws {
    var random = SplitMix64(seed: 2026_12_06)
    let zones: [(any ZoneRules)?] = [
      nil, FixedOffsetZone(offset: 14 * 3600), FixedOffsetZone(offset: -12 * 3600),
      FixedOffsetZone(offset: 5 * 3600 + 1800),
    ]
    let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    var narrow = 0
    for _ in 0..<400 {
      let year = random.next(in: 2020...2024)
      let month = random.next(in: 1...12)
      let day = random.next(in: 1...28)
      let date = String(format: "%04d%02d%02d", year, month, day)
      let allDay = random.chance(0.2)
      let start = allDay ? date : date + String(format: "T%02d3000", random.next(in: 0...23))
      var parts = [
        "FREQ="
          + ["YEARLY", "YEARLY", "YEARLY", "MONTHLY", "WEEKLY", "DAILY"][
            random.next(in: 0...5)]
      ]
      if random.chance(0.3) { parts.append("INTERVAL=\(random.next(in: 2...3))") }
      if random.chance(0.4) {
        let months = Set((0..<random.next(in: 1...3)).map { _ in random.next(in: 1...12) })
        parts.append("BYMONTH=" + months.sorted().map(String.init).joined(separator: ","))
      }
      if random.chance(0.2) {
        parts.append(
          "BYDAY=" + (random.chance(0.5) ? "-1" : "2") + weekdays[random.next(in: 0...6)])
      }
      if random.chance(0.15) {
        parts.append("BYMONTHDAY=\([-3, -1, 1, 2, 15, 28, 31][random.next(in: 0...6)])")
      }
      if random.chance(0.05) { parts.append("BYWEEKNO=\(random.next(in: 1...52))") }
      if random.chance(0.05) { parts.append("BYYEARDAY=\(random.next(in: 1...365))") }
      parts.append("COUNT=\(random.next(in: 3...40))")
      let zone = allDay ? nil : zones[random.next(in: 0...(zones.count - 1))]
      let hours = random.next(in: 0...60)
      let end: EventEnd =
        random.chance(0.5) ? .none : .after(try CalendarDuration(parsing: "PT\(hours)H"))
      var dates: [String] = []
      if random.chance(0.2) {
        dates.append(
          String(format: "%04d%02d%02d", year + 1, random.next(in: 1...12), 15)
            + (allDay ? "" : "T120000"))
      }
      var overrides: [EventOverride] = []
      if random.chance(0.2) {
        let moved = String(format: "%04d%02d%02dT080000", year, random.next(in: 1...12), 10)
        overrides.append(
          EventOverride(
            recurrenceID: try DateTimeValue(parsing: start, zone: zone),
            start: try DateTimeValue(parsing: moved, zone: zone)))
      }
      let series = try Self.series(
        start, [parts.joined(separator: ";")], zone: zone, end: end, dates: dates,
        overrides: overrides)
      let months = series.monthsOfYear
      if months != EventSeries.everyMonth { narrow += 1 }
      for key in (year * 12 - 1)...((year + 4) * 12) {
        let found = series.occurrences(overlapping: Self.monthWindow(key), userZone: utc)
        guard !found.occurrences.isEmpty else { continue }
        #expect(
          months & 1 << (key % 12) != 0,
          "\(parts.joined(separator: ";")) from \(start): month \(key % 12 + 1) of \(key / 12)")
      }
    }
    // The property says something: many of the series are narrower than the whole year.
    #expect(narrow > 100)
  }
}
