import CalendarPaging
import Recurrence
import Testing

/// Recurrences across a change of summer time in a hand-made zone: +1 until
/// 2024-03-31T01:00Z (02:00 local becomes 03:00), +2 until 2024-10-27T01:00Z (03:00 local
/// becomes 02:00), then +1.
@Suite struct ZoneGapTests {
  static let europeLike = TwoTransitionZone(
    before: 3600, jump: 3600, forward: 1_711_846_800, back: 1_729_990_800)

  func instants(_ series: RecurrenceSet) -> [Int] {
    series.instances(in: Int.min..<Int.max, userZone: FixedOffsetZone.utc).instances.map(\.instant)
  }

  @Test func theZoneItselfIsAsDescribed() throws {
    let zone = Self.europeLike
    #expect(zone.utcOffset(at: try Support.instant("20240331T005959")) == 3600)
    #expect(zone.utcOffset(at: try Support.instant("20240331T010000")) == 7200)
    #expect(zone.utcOffset(at: try Support.instant("20241027T010000")) == 3600)
  }

  @Test func aWallClockTimeStaysAcrossTheChange() throws {
    let series = try Support.series("20240330T090000", "FREQ=DAILY;COUNT=2", zone: Self.europeLike)
    #expect(
      instants(series) == [
        try Support.instant("20240330T080000"), try Support.instant("20240331T070000"),
      ])
  }

  @Test func aTimeInTheGapIsKeptWithTheOffsetBeforeItAndCounted() throws {
    let series = try Support.series("20240329T023000", "FREQ=DAILY;COUNT=4", zone: Self.europeLike)
    // 02:30 on 31 March does not exist: read at +1 it is 01:30Z (03:30 summer time). It counts
    // toward COUNT: the fourth instance is 1 April (the RFC would skip it and go to 2 April).
    #expect(
      instants(series) == [
        try Support.instant("20240329T013000"), try Support.instant("20240330T013000"),
        try Support.instant("20240331T013000"), try Support.instant("20240401T003000"),
      ])
  }

  @Test func aTimeInTheOverlapIsTheFirstOfTheTwo() throws {
    let series = try Support.series("20241026T023000", "FREQ=DAILY;COUNT=3", zone: Self.europeLike)
    #expect(
      instants(series) == [
        try Support.instant("20241026T003000"), try Support.instant("20241027T003000"),
        try Support.instant("20241028T013000"),
      ])
  }

  @Test func aGapInstantEqualToTheNextOneCollapsesAndOrderIsByInstant() throws {
    let series = try Support.series("20240331T003000", "FREQ=HOURLY;COUNT=5", zone: Self.europeLike)
    // 00:30 and 01:30 at +1; 02:30 (the gap) at +1 is 01:30Z, as 03:30 at +2 is: one instance.
    #expect(
      instants(series) == [
        try Support.instant("20240330T233000"), try Support.instant("20240331T003000"),
        try Support.instant("20240331T013000"), try Support.instant("20240331T023000"),
      ])
  }

  @Test func untilInUTCBoundsByInstantInAZoneThatChanges() throws {
    let series = try Support.series(
      "20240329T090000", "FREQ=DAILY;UNTIL=20240331T070000Z", zone: Self.europeLike)
    #expect(instants(series).count == 3)
    let earlier = try Support.series(
      "20240329T090000", "FREQ=DAILY;UNTIL=20240331T065959Z", zone: Self.europeLike)
    #expect(instants(earlier).count == 2)
  }

  @Test func nextAndPreviousStepOverTheChange() throws {
    let series = try Support.series("20240329T023000", "FREQ=DAILY", zone: Self.europeLike)
    let gap = try Support.instant("20240331T013000")
    #expect(
      series.firstInstance(after: gap - 1, userZone: FixedOffsetZone.utc).instance?.instant == gap)
    #expect(
      series.firstInstance(after: gap, userZone: FixedOffsetZone.utc).instance?.instant
        == (try Support.instant("20240401T003000")))
    #expect(
      series.lastInstance(before: gap, userZone: FixedOffsetZone.utc).instance?.instant
        == (try Support.instant("20240330T013000")))
  }
}
