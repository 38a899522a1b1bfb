import CalendarPaging
import Recurrence
import Testing

@Suite struct ValueParsingTests {
  @Test func readsDatesAndDateTimesOfEveryForm() throws {
    guard case .date(let day) = try DateTimeValue(parsing: "20240229") else {
      Issue.record("not a date")
      return
    }
    #expect(day.description == "2024-02-29")
    guard case .floating(let floating) = try DateTimeValue(parsing: "20240501T090000") else {
      Issue.record("not floating")
      return
    }
    #expect(floating.description == "2024-05-01T09:00:00")
    guard case .utc(let utc) = try DateTimeValue(parsing: "20240501T070000Z") else {
      Issue.record("not UTC")
      return
    }
    #expect(utc.description == "2024-05-01T07:00:00")
    let zone = FixedOffsetZone(offset: 7200)
    let zoned = try DateTimeValue(parsing: "20240501T090000", zone: zone)
    guard case .zoned(let local, _) = zoned else {
      Issue.record("not zoned")
      return
    }
    #expect(local.description == "2024-05-01T09:00:00")
    #expect(zoned.instant(floatingIn: FixedOffsetZone.utc) == 1_714_546_800)
    // A TZID does not apply to a UTC value or a DATE (RFC 5545 §3.2.19).
    guard case .utc = try DateTimeValue(parsing: "20240501T070000Z", zone: zone) else {
      Issue.record("UTC lost")
      return
    }
    #expect(try DateTimeValue(parsing: "20240501", zone: zone).isDate)
  }

  @Test(arguments: [
    "20240230", "2024-05-01", "00000101", "2024050", "20240501T250000", "20240501T096000",
    "20240501T090000X", "20240501 090000", "20240501T0900", "",
  ])
  func rejectsWhatIsNotADateOrDateTime(_ text: String) {
    #expect(throws: RecurrenceError.self) { try DateTimeValue(parsing: text) }
  }

  @Test func valueTypeParameterIsHonoured() throws {
    #expect(throws: RecurrenceError.invalidDate("20240501T090000")) {
      try DateTimeValue(parsing: "20240501T090000", isDate: true)
    }
    #expect(throws: RecurrenceError.invalidDateTime("20240501")) {
      try DateTimeValue(parsing: "20240501", isDate: false)
    }
  }

  @Test func readsListsOfDatesAndPeriods() throws {
    let values = try DateTimeValue.list(parsing: "20240501T090000Z,20240502T090000Z")
    #expect(values.map(\.description) == ["20240501T090000Z", "20240502T090000Z"])
    let periods = try RecurrenceDate.list(
      parsing: "19960403T020000Z/19960403T040000Z,19960404T010000Z/PT3H", isPeriod: true)
    #expect(
      periods.map(\.description) == ["19960403T020000Z/19960403T040000Z", "19960404T010000Z/PT3H"])
    guard case .period(_, .after(let duration)) = periods[1] else {
      Issue.record("not a period")
      return
    }
    #expect(duration == CalendarDuration(seconds: 3 * 3600))
    #expect(throws: RecurrenceError.invalidPeriod("19960403T020000Z/P")) {
      try RecurrenceDate(parsing: "19960403T020000Z/P")
    }
    #expect(throws: RecurrenceError.invalidPeriod("20240501/PT1H")) {
      try RecurrenceDate(parsing: "20240501/PT1H")
    }
    #expect(throws: RecurrenceError.invalidDateTime("20240501X")) {
      _ = try DateTimeValue.list(parsing: "20240501T090000Z,20240501X")
    }
  }

  @Test(arguments: [
    ("P1D", 1, 0), ("PT1H30M", 0, 5400), ("P2W", 14, 0), ("-PT15M", 0, -900),
    ("+P1DT2H", 1, 7200), ("P15DT5H0M20S", 15, 18_020), ("PT0S", 0, 0), ("PT1H30S", 0, 3630),
    ("-P1DT1S", -1, -1),
  ])
  func readsDurations(_ text: String, _ days: Int, _ seconds: Int) throws {
    #expect(try CalendarDuration(parsing: text) == CalendarDuration(days: days, seconds: seconds))
  }

  @Test(arguments: [
    "P", "PT", "P1H", "1D", "P1W2D", "PT1D", "P1DT", "PT1M1H", "P-1D", "P1.5D", "PT1H1H",
  ])
  func rejectsWhatIsNotADuration(_ text: String) {
    #expect(throws: RecurrenceError.invalidDuration(text)) { try CalendarDuration(parsing: text) }
  }

  @Test func aDayIsNominalAndAnHourExactAcrossAChangeOfSummerTime() throws {
    // +1 until 2024-03-31T01:00Z, then +2: 02:00 local becomes 03:00.
    let zone = ZoneGapTests.europeLike
    let start = try DateTimeValue(parsing: "20240330T090000").local
    let day = try CalendarDuration(parsing: "P1D").end(startingAt: start, in: zone)
    let hours = try CalendarDuration(parsing: "PT24H").end(startingAt: start, in: zone)
    #expect(day == (try Support.instant("20240331T070000")))  // 09:00 at +2
    #expect(hours == (try Support.instant("20240331T080000")))  // 10:00 at +2
  }
}
