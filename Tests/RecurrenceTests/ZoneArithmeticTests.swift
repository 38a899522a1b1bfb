import CalendarPaging
import Recurrence
import Testing

/// Instants at the edges of `Int` and of the calendar: no arithmetic on them traps.
@Suite struct ZoneArithmeticTests {
  @Test(arguments: [Int.min, Int.min + 1, -62_135_596_801, 253_402_300_800, Int.max])
  func localTimesOutsideTheCalendarAreNil(seconds: Int) {
    #expect(LocalDateTime(secondsSinceEpoch: seconds) == nil)
  }

  @Test func theCalendarsEdgesAreLocalTimes() {
    #expect(LocalDateTime(secondsSinceEpoch: -62_135_596_800)?.description == "0001-01-01T00:00:00")
    #expect(LocalDateTime(secondsSinceEpoch: 253_402_300_799)?.description == "9999-12-31T23:59:59")
    #expect(LocalDateTime(secondsSinceEpoch: -1)?.description == "1969-12-31T23:59:59")
  }

  @Test func aFixedZoneIsClampedToADay() {
    #expect(FixedOffsetZone(offset: .max).offset == 86_400)
    #expect(
      FixedOffsetZone(offset: .min).instant(of: LocalDateTime(day: .last, secondOfDay: 0))
        == Day.last.dayNumber * 86_400 + 86_400)
  }

  @Test func anOccurrenceAtAnExtremeInstantHasALocalTime() {
    #expect(OccurrenceTime.instant(.max).local(in: FixedOffsetZone(offset: 3600)).day == .last)
    #expect(OccurrenceTime.instant(.min).local(in: FixedOffsetZone(offset: -3600)).day == .first)
  }

  @Test func aHugeDurationHasNoEnd() {
    let start = LocalDateTime(day: .last, secondOfDay: 0)
    #expect(CalendarDuration(seconds: .max).end(startingAt: start) == nil)
    #expect(CalendarDuration(days: .max / 2).end(startingAt: start) == nil)
    #expect(CalendarDuration(seconds: .max).end(startingAt: start, in: FixedOffsetZone.utc) == nil)
  }
}
