import CalendarPaging
import Recurrence
import Testing

/// Each `BY` part, negatives, `BYSETPOS`, invalid dates, `UNTIL` of each type, duplicates: the
/// expected instances worked out by hand from the calendar.
@Suite struct RulePartTests {
  func locals(_ series: RecurrenceSet, _ from: String, _ to: String) throws -> [String] {
    try Support.locals(series, from: from, to: to)
  }

  @Test func aMonthDayAMonthDoesNotHaveIsSkippedNotClamped() throws {
    let series = try Support.series("20240131T090000", "FREQ=MONTHLY;COUNT=4")
    #expect(
      try locals(series, "20240101", "20250101")
        == ["20240131T090000", "20240331T090000", "20240531T090000", "20240731T090000"])
  }

  @Test func february29YearlyOnlyInLeapYears() throws {
    let series = try Support.series("20240229T090000", "FREQ=YEARLY;COUNT=3")
    #expect(
      try locals(series, "20240101", "20400101")
        == ["20240229T090000", "20280229T090000", "20320229T090000"])
  }

  @Test func negativeMonthDaysCountFromTheMonthsEnd() throws {
    let series = try Support.series("20240131T090000", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4")
    #expect(
      try locals(series, "20240101", "20250101")
        == ["20240131T090000", "20240229T090000", "20240331T090000", "20240430T090000"])
  }

  @Test func yearDaysBothWays() throws {
    let series = try Support.series("20231231T090000", "FREQ=YEARLY;BYYEARDAY=-1,366;COUNT=4")
    // Day 366 only in a leap year, where it is also the last day.
    #expect(
      try locals(series, "20230101", "20270101")
        == ["20231231T090000", "20241231T090000", "20251231T090000", "20261231T090000"])
  }

  @Test func weekNumbersBelongToTheWeekYearEvenAcrossNewYear() throws {
    let series = try Support.series("20240101T090000", "FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=4")
    // ISO week 1's Monday: 2024-01-01, 2024-12-30 (week 1 of 2025), 2025-12-29, 2027-01-04.
    #expect(
      try locals(series, "20240101", "20280101")
        == ["20240101T090000", "20241230T090000", "20251229T090000", "20270104T090000"])
    let last = try Support.series("20241226T090000", "FREQ=YEARLY;BYWEEKNO=-1;BYDAY=TH;COUNT=3")
    // The Thursday of the last ISO week: week 52 of 2024 and 2025, week 53 of 2026.
    #expect(
      try locals(last, "20240101", "20280101")
        == ["20241226T090000", "20251225T090000", "20261231T090000"])
  }

  @Test func setPositionsPickFromEachPeriod() throws {
    let series = try Support.series(
      "20240131T090000", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=5")
    // The last weekday of each month.
    #expect(
      try locals(series, "20240101", "20250101")
        == [
          "20240131T090000", "20240229T090000", "20240329T090000", "20240430T090000",
          "20240531T090000",
        ])
  }

  @Test func ordinalWeekdaysUnderYearlyCountInTheYearOrInTheMonth() throws {
    let year = try Support.series("20241229T090000", "FREQ=YEARLY;BYDAY=-1SU;COUNT=2")
    #expect(try locals(year, "20240101", "20260101") == ["20241229T090000", "20251228T090000"])
    let month = try Support.series("20240331T090000", "FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU;COUNT=4")
    #expect(
      try locals(month, "20240101", "20260101")
        == ["20240331T090000", "20241027T090000", "20250330T090000", "20251026T090000"])
  }

  @Test func anOrdinalMeansNothingUnderWeekly() throws {
    let series = try Support.series("20240506T090000", "FREQ=WEEKLY;BYDAY=1MO;COUNT=3")
    #expect(
      try locals(series, "20240501", "20240601")
        == ["20240506T090000", "20240513T090000", "20240520T090000"])
  }

  @Test func timePartsExpandDailyAndLimitHourly() throws {
    let daily = try Support.series(
      "20240501T081505", "FREQ=DAILY;BYHOUR=8,20;BYMINUTE=15;BYSECOND=5;COUNT=3")
    #expect(
      try locals(daily, "20240501", "20240503")
        == ["20240501T081505", "20240501T201505", "20240502T081505"])
    let hourly = try Support.series(
      "20240501T080000", "FREQ=HOURLY;INTERVAL=5;BYHOUR=8,13,18;COUNT=4")
    // Periods start at 08 + 5k hours: 08, 13, 18 on 1 May, then 23, 04, 09 … fail the hours
    // until the pattern repeats 24 periods (five days) later, on 6 May at 08.
    #expect(
      try locals(hourly, "20240501", "20240510")
        == ["20240501T080000", "20240501T130000", "20240501T180000", "20240506T080000"])
  }

  @Test func aStartTheRuleDoesNotYieldIsAnInstanceOfItsOwn() throws {
    // Wednesday 1 May; the rule yields Mondays: COUNT counts the rule's own two.
    let series = try Support.series("20240501T090000", "FREQ=WEEKLY;BYDAY=MO;COUNT=2")
    #expect(
      try locals(series, "20240401", "20240701")
        == ["20240501T090000", "20240506T090000", "20240513T090000"])
  }

  @Test func untilIsInclusiveAndADateUntilTakesTheWholeDay() throws {
    let date = try Support.series("20240501T090000", "FREQ=DAILY;UNTIL=20240503")
    #expect(
      try locals(date, "20240401", "20240601")
        == ["20240501T090000", "20240502T090000", "20240503T090000"])
    let midnight = try Support.series("20240501T090000", "FREQ=DAILY;UNTIL=20240503T000000")
    #expect(try locals(midnight, "20240401", "20240601") == ["20240501T090000", "20240502T090000"])
    let zone = FixedOffsetZone(offset: 7200)
    let exact = try Support.series(
      "20240501T090000", "FREQ=DAILY;UNTIL=20240503T070000Z", zone: zone)
    #expect(
      exact.instances(in: 0..<Int.max, userZone: zone).instances.map(\.local.description)
        == ["2024-05-01T09:00:00", "2024-05-02T09:00:00", "2024-05-03T09:00:00"])
    let before = try Support.series(
      "20240501T090000", "FREQ=DAILY;UNTIL=20240503T065959Z", zone: zone)
    #expect(before.instances(in: 0..<Int.max, userZone: zone).instances.count == 2)
    let allDay = try Support.series("20240501", "FREQ=DAILY;UNTIL=20240503")
    #expect(
      try locals(allDay, "20240401", "20240601") == [
        "20240501T000000", "20240502T000000", "20240503T000000",
      ])
  }

  @Test func anUntilBeforeTheStartLeavesTheStartAlone() throws {
    let series = try Support.series("20240501T090000", "FREQ=DAILY;UNTIL=20240401")
    #expect(try locals(series, "20240101", "20250101") == ["20240501T090000"])
  }

  @Test func duplicatesCollapseAcrossRulesAndDates() throws {
    let series = try Support.series(
      "20240501T090000Z", "FREQ=DAILY;COUNT=3", "FREQ=DAILY;INTERVAL=2;COUNT=2",
      dates: ["20240502T090000Z", "20240502T110000Z"])
    #expect(
      try locals(series, "20240401", "20240601")
        == ["20240501T090000", "20240502T090000", "20240502T110000", "20240503T090000"])
  }

  @Test func exceptionsMatchByInstantWhateverTheirTypeOrZone() throws {
    let berlin = FixedOffsetZone(offset: 7200)
    let series = RecurrenceSet(
      start: try DateTimeValue(parsing: "20240501T090000", zone: berlin),
      rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=6")],
      exceptions: [
        try DateTimeValue(parsing: "20240502T070000Z"),  // 09:00 Berlin, in UTC
        try DateTimeValue(parsing: "20240503T030000", zone: FixedOffsetZone(offset: -4 * 3600)),
        try DateTimeValue(parsing: "20240504"),  // the whole day
        try DateTimeValue(parsing: "20240505T090000"),  // floating: read in the series' zone
      ])
    let got = series.instances(in: 0..<Int.max, userZone: FixedOffsetZone.utc).instances
    #expect(got.map(\.local.description) == ["2024-05-01T09:00:00", "2024-05-06T09:00:00"])
  }

  @Test func aDateTimeExceptionOnAnAllDaySeriesNamesItsDay() throws {
    // Outlook writes EXDATE;TZID=…:20240502T000000 for an all-day series.
    let series = RecurrenceSet(
      start: try DateTimeValue(parsing: "20240501"),
      rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")],
      exceptions: [
        try DateTimeValue(parsing: "20240502T000000", zone: FixedOffsetZone(offset: 3600))
      ])
    #expect(try locals(series, "20240401", "20240601") == ["20240501T000000", "20240503T000000"])
  }

  @Test func anAllDaySeriesLiesOnItsDaysInTheUsersZone() throws {
    let series = try Support.series("20240501", "FREQ=DAILY;COUNT=2")
    let kiribati = FixedOffsetZone(offset: 14 * 3600)
    let got = series.instances(in: Int.min..<Int.max, userZone: kiribati).instances
    #expect(
      got.map(\.instant) == [
        try Support.instant("20240501") - 14 * 3600, try Support.instant("20240502") - 14 * 3600,
      ])
  }

  @Test func subDailyPartsOfAnAllDaySeriesAreIgnored() throws {
    let series = try Support.series("20240501", "FREQ=DAILY;BYHOUR=9,17;COUNT=2")
    #expect(try locals(series, "20240401", "20240601") == ["20240501T000000", "20240502T000000"])
  }
}
