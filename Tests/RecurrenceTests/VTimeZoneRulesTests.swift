import CalendarPaging
import Recurrence
import Testing

/// Zones from `VTIMEZONE` observances, as Outlook, Exchange and the RFC 5545 examples write
/// them.
@Suite struct VTimeZoneRulesTests {
  typealias Z = ZoneSupport

  static func observance(
    _ kind: VTimeZoneObservance.Kind, _ start: String, from: String, to: String,
    rules: [String] = [], dates: [String] = []
  ) throws -> VTimeZoneObservance {
    VTimeZoneObservance(
      kind: kind, start: try Z.local(start),
      offsetFrom: try VTimeZoneObservance.offset(parsing: from),
      offsetTo: try VTimeZoneObservance.offset(parsing: to),
      rules: try rules.map { try RecurrenceRule(parsing: $0) },
      dates: try dates.flatMap { try DateTimeValue.list(parsing: $0) })
  }

  /// `W. Europe Standard Time` as Outlook writes it: rules from 1601.
  static func outlookBerlin() throws -> VTimeZoneRules {
    try VTimeZoneRules(observances: [
      observance(
        .standard, "16010101T030000", from: "+0200", to: "+0100",
        rules: ["FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10"]),
      observance(
        .daylight, "16010101T020000", from: "+0100", to: "+0200",
        rules: ["FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3"]),
    ])
  }

  @Test func outlooksRulesFrom1601GiveBerlinsChanges() throws {
    let zone = try Self.outlookBerlin()
    #expect(zone.utcOffset(at: try Z.utc("20240331T005959")) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("20240331T010000")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20241027T005959")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20241027T010000")) == 3600)
    #expect(zone.instant(of: try Z.local("20240331T023000")) == (try Z.utc("20240331T013000")))
    #expect(zone.instant(of: try Z.local("20241027T023000")) == (try Z.utc("20241027T003000")))
    #expect(zone.instant(of: try Z.local("20240115T120000")) == (try Z.utc("20240115T110000")))
  }

  @Test func farYearsAreExpandedAroundTheQueryAlone() throws {
    let zone = try Self.outlookBerlin()
    // 9999: the last Sunday of March is the 28th; 1700: the 28th too.
    #expect(zone.utcOffset(at: try Z.utc("99990328T010000")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("99990328T005959")) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("17000328T010000")) == 7200)
    #expect(zone.utcOffset(at: .max) == 3600)
    // Before 1601, and after both onsets at 1601-01-01T01:00Z: standard time.
    #expect(zone.utcOffset(at: .min) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("16010201T000000")) == 3600)
  }

  /// US Eastern as RFC 5545 §3.6.5 writes it: rules ending with UNTIL, the new ones since 2007.
  @Test func rulesEndingWithUntilHandOverToTheNextGeneration() throws {
    let zone = try VTimeZoneRules(observances: [
      Self.observance(
        .standard, "19671029T020000", from: "-0400", to: "-0500",
        rules: ["FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10;UNTIL=20061029T060000Z"]),
      Self.observance(
        .standard, "20071104T020000", from: "-0400", to: "-0500",
        rules: ["FREQ=YEARLY;BYDAY=1SU;BYMONTH=11"]),
      Self.observance(
        .daylight, "19870405T020000", from: "-0500", to: "-0400",
        rules: ["FREQ=YEARLY;BYDAY=1SU;BYMONTH=4;UNTIL=20060402T070000Z"]),
      Self.observance(
        .daylight, "20070311T020000", from: "-0500", to: "-0400",
        rules: ["FREQ=YEARLY;BYDAY=2SU;BYMONTH=3"]),
    ])
    #expect(zone.utcOffset(at: try Z.utc("20060402T065959")) == -18_000)
    #expect(zone.utcOffset(at: try Z.utc("20060402T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20061029T060000")) == -18_000)
    // 2006's last Sunday of October is the last onset of the old rule: none in 2007's October.
    #expect(zone.utcOffset(at: try Z.utc("20071028T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20070311T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20241103T060000")) == -18_000)
    #expect(zone.instant(of: try Z.local("20241103T013000")) == (try Z.utc("20241103T053000")))
  }

  /// Observances listing their onsets as RDATEs (as Outlook writes a zone's history).
  @Test func rdateObservancesGiveOneOnsetEach() throws {
    let zone = try VTimeZoneRules(observances: [
      Self.observance(
        .daylight, "20240331T020000", from: "+0100", to: "+0200",
        dates: ["20250330T020000,20260329T020000"]),
      Self.observance(
        .standard, "20241027T030000", from: "+0200", to: "+0100",
        dates: ["20251026T030000"]),
    ])
    #expect(zone.utcOffset(at: try Z.utc("20240331T005959")) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("20240331T010000")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20251026T005959")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20251026T010000")) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("20260329T010000")) == 7200)
    // No onset after the last: summer time from 2026 on.
    #expect(zone.utcOffset(at: try Z.utc("20301201T000000")) == 7200)
    #expect(zone.instant(of: try Z.local("20250330T023000")) == (try Z.utc("20250330T013000")))
  }

  @Test func aSingleObservanceIsAFixedOffset() throws {
    let zone = try VTimeZoneRules(observances: [
      Self.observance(.standard, "19700101T000000", from: "+0530", to: "+0530")
    ])
    #expect(zone.utcOffset(at: try Z.utc("20240601T000000")) == 19_800)
    #expect(zone.instant(of: try Z.local("20240601T053000")) == (try Z.utc("20240601T000000")))
  }

  @Test func brokenZonesThrow() throws {
    #expect(throws: ZoneError.invalidTimeZone("no STANDARD or DAYLIGHT")) {
      try VTimeZoneRules(observances: [])
    }
    #expect(throws: ZoneError.self) {
      try VTimeZoneRules(observances: [
        Self.observance(
          .daylight, "20240101T000000", from: "+0100", to: "+0200", rules: ["FREQ=HOURLY"])
      ])
    }
    #expect(throws: ZoneError.self) {
      try VTimeZoneRules(observances: [
        VTimeZoneObservance(
          kind: .standard, start: try Z.local("20240101T000000"), offsetFrom: 0,
          offsetTo: 90_000)
      ])
    }
    for text in ["+2", "0100", "+2400", "+0160", "+01000", "-01:00", "", "+01a0"] {
      #expect(throws: ZoneError.self, "\(text)") { try VTimeZoneObservance.offset(parsing: text) }
    }
    #expect(try VTimeZoneObservance.offset(parsing: "-013045") == -5445)
  }
}
