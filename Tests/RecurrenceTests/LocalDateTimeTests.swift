import CalendarPaging
import Recurrence
import Testing

@Suite struct LocalDateTimeTests {
  @Test func secondsSinceEpochRoundTripsOnBothSidesOfTheEpoch() throws {
    for seconds in [0, 1, 86_399, 86_400, -1, -86_400, -86_401, 1_714_557_600] {
      let local = try #require(LocalDateTime(secondsSinceEpoch: seconds))
      #expect(local.secondsSinceEpoch == seconds)
    }
    let beforeEpoch = try #require(LocalDateTime(secondsSinceEpoch: -1))
    #expect(beforeEpoch.description == "1969-12-31T23:59:59")
  }

  @Test func ordersByDayThenTime() throws {
    let day = try #require(Day(year: 2024, month: 5, day: 1))
    let morning = try #require(LocalDateTime(day: day, hour: 9, minute: 0, second: 0))
    let evening = try #require(LocalDateTime(day: day, hour: 21, minute: 30, second: 0))
    let nextDay = LocalDateTime(day: try #require(day.next), secondOfDay: 0)
    #expect(morning < evening && evening < nextDay)
    #expect(evening.description == "2024-05-01T21:30:00")
    #expect(LocalDateTime(day: day, hour: 24, minute: 0, second: 0) == nil)
  }

  @Test func fixedOffsetZoneShiftsTheWallClock() throws {
    let day = try #require(Day(year: 2024, month: 5, day: 1))
    let local = try #require(LocalDateTime(day: day, hour: 10, minute: 0, second: 0))
    let berlinSummer = FixedOffsetZone(offset: 7200)
    #expect(berlinSummer.instant(of: local) == local.secondsSinceEpoch - 7200)
    #expect(FixedOffsetZone.utc.instant(of: local) == 1_714_557_600)
  }
}
