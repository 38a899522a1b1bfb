import Recurrence
import Testing

/// POSIX TZ rules (RFC 8536 §3.3.1): the forms a TZif footer and `$TZ` write.
@Suite struct PosixZoneTests {
  typealias Z = ZoneSupport

  @Test func usEasternChangesOnTheSecondSundayOfMarchAndTheFirstOfNovember() throws {
    let zone = try PosixZone(parsing: "EST5EDT,M3.2.0,M11.1.0")
    #expect(zone.utcOffset(at: try Z.utc("20240310T065959")) == -18_000)
    #expect(zone.utcOffset(at: try Z.utc("20240310T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20241103T055959")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20241103T060000")) == -18_000)
    #expect(zone.instant(of: try Z.local("20240310T023000")) == (try Z.utc("20240310T073000")))
    #expect(zone.instant(of: try Z.local("20241103T013000")) == (try Z.utc("20241103T053000")))
    #expect(zone.instant(of: try Z.local("20241103T020000")) == (try Z.utc("20241103T070000")))
  }

  @Test func aDaylightNameWithoutDatesTakesTheUSRules() throws {
    let zone = try PosixZone(parsing: "EST5EDT")
    #expect(zone.utcOffset(at: try Z.utc("20240310T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20240310T065959")) == -18_000)
  }

  @Test func lordHowesRuleHasHalfHoursAndASouthernSummer() throws {
    let zone = try PosixZone(parsing: "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
    #expect(zone.utcOffset(at: try Z.utc("20240101T000000")) == 39_600)
    #expect(zone.utcOffset(at: try Z.utc("20240406T150000")) == 37_800)
    #expect(zone.utcOffset(at: try Z.utc("20241005T153000")) == 39_600)
    #expect(zone.instant(of: try Z.local("20241006T021500")) == (try Z.utc("20241005T154500")))
  }

  @Test func timesPast24HoursAndNegative() throws {
    // Israel: the Thursday of the fourth week of March at 26:00, the Friday at 02:00.
    let israel = try PosixZone(parsing: "IST-2IDT,M3.4.4/26,M10.5.0")
    #expect(israel.utcOffset(at: try Z.utc("20240328T235959")) == 7200)
    #expect(israel.utcOffset(at: try Z.utc("20240329T000000")) == 10_800)
    // Greenland: at -1:00 on the last Sunday of March (23:00 on the Saturday, local -2).
    let nuuk = try PosixZone(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
    #expect(nuuk.utcOffset(at: try Z.utc("20240331T005959")) == -7200)
    #expect(nuuk.utcOffset(at: try Z.utc("20240331T010000")) == -3600)
    #expect(nuuk.utcOffset(at: try Z.utc("20241027T005959")) == -3600)
    #expect(nuuk.utcOffset(at: try Z.utc("20241027T010000")) == -7200)
  }

  @Test func julianDaysSkipTheLeapDayAndZeroBasedDaysCountIt() throws {
    // J60 is 1 March in every year; 60 is 1 March in a leap year, 2 March in another.
    let julian = try PosixZone(parsing: "AAA0BBB,J60/0,J300/0")
    #expect(julian.utcOffset(at: try Z.utc("20240301T000000")) == 3600)
    #expect(julian.utcOffset(at: try Z.utc("20240229T235959")) == 0)
    let zeroBased = try PosixZone(parsing: "AAA0BBB,60/0,300/0")
    #expect(zeroBased.utcOffset(at: try Z.utc("20240301T000000")) == 3600)
    #expect(zeroBased.utcOffset(at: try Z.utc("20230302T000000")) == 3600)
    #expect(zeroBased.utcOffset(at: try Z.utc("20230301T235959")) == 0)
  }

  @Test func aRuleFromNewYearToAfterItsEndIsDaylightTimeAllYear() throws {
    let zone = try PosixZone(parsing: "EST5EDT,0/0,J365/25")
    for text in ["20240101T000000", "20240101T050000", "20240701T000000", "20241231T235959"] {
      #expect(zone.utcOffset(at: try Z.utc(text)) == -14_400, "\(text)")
    }
    #expect(zone.instant(of: try Z.local("20250101T000000")) == (try Z.utc("20250101T040000")))
  }

  @Test func fixedRulesAndOffsetsWithMinutesAndSeconds() throws {
    #expect(try PosixZone(parsing: "<+0530>-5:30").utcOffset(at: 0) == 19_800)
    #expect(try PosixZone(parsing: "UTC0").utcOffset(at: 0) == 0)
    #expect(try PosixZone(parsing: "<-0123>+1:23:45").utcOffset(at: 0) == -5025)
    #expect(
      try PosixZone(parsing: "<+13>-13").instant(of: try Z.local("20240101T130000"))
        == 1_704_067_200)
    #expect(try !PosixZone(parsing: "UTC0").observesDaylightTime)
  }

  @Test(arguments: [
    "", "EST", "E5", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,J0,J10",
    "EST25", "EST5EDT,M3.2.0/168,M11.1.0", "<AB>5", "EST5EDT,M3.2.0,M11.1.0x", "EST5:60",
    "EST5EDT4,M3.6.0,M11.1.0", "EST5EDT,366,10", "<EST5",
  ])
  func textsThatAreNotRulesThrow(text: String) {
    #expect(throws: ZoneError.invalidPosixRule(text)) { try PosixZone(parsing: text) }
  }
}
