import CalendarPaging
import Foundation
import Recurrence
import TestSupport
import Testing

/// Zones read from the system's TZif files: the changes of summer time where the tz database
/// puts them, the footer's rule past 2037, and a gap and an overlap read as RFC 5545 §3.3.5
/// says.
@Suite(.requires(.tzdata)) struct TZifZoneTests {
  typealias Z = ZoneSupport

  @Test func berlinChangesAt0100UTCOnTheLastSundaysOfMarchAndOctober() throws {
    let zone = try Z.system("Europe/Berlin")
    #expect(zone.utcOffset(at: try Z.utc("20240331T005959")) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("20240331T010000")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20241027T005959")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20241027T010000")) == 3600)
  }

  @Test func berlinGapIsReadWithTheOffsetBeforeIt() throws {
    let zone = try Z.system("Europe/Berlin")
    // 02:30 on 31 March 2024 does not exist: at +1 it is 01:30Z, shown as 03:30 summer time.
    #expect(zone.instant(of: try Z.local("20240331T023000")) == (try Z.utc("20240331T013000")))
    #expect(zone.instant(of: try Z.local("20240331T015959")) == (try Z.utc("20240331T005959")))
    #expect(zone.instant(of: try Z.local("20240331T030000")) == (try Z.utc("20240331T010000")))
  }

  @Test func berlinOverlapIsTheFirstOfTheTwo() throws {
    let zone = try Z.system("Europe/Berlin")
    // 02:30 on 27 October 2024 happens at 00:30Z (summer time) and 01:30Z: the first.
    #expect(zone.instant(of: try Z.local("20241027T023000")) == (try Z.utc("20241027T003000")))
    #expect(zone.instant(of: try Z.local("20241027T015959")) == (try Z.utc("20241026T235959")))
    #expect(zone.instant(of: try Z.local("20241027T030000")) == (try Z.utc("20241027T020000")))
  }

  @Test func newYorkChangesAt0200Local() throws {
    let zone = try Z.system("America/New_York")
    #expect(zone.utcOffset(at: try Z.utc("20240310T065959")) == -18_000)
    #expect(zone.utcOffset(at: try Z.utc("20240310T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20241103T055959")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20241103T060000")) == -18_000)
    #expect(zone.instant(of: try Z.local("20240310T023000")) == (try Z.utc("20240310T073000")))
    #expect(zone.instant(of: try Z.local("20241103T013000")) == (try Z.utc("20241103T053000")))
    // Before 2007 summer time started on the first Sunday of April.
    #expect(zone.utcOffset(at: try Z.utc("20060402T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20060402T065959")) == -18_000)
  }

  @Test func lordHoweMovesItsClockByHalfAnHour() throws {
    let zone = try Z.system("Australia/Lord_Howe")
    // Summer time (+11) ends on 7 April 2024 at 02:00 local, back to 01:30 (+10:30).
    #expect(zone.utcOffset(at: try Z.utc("20240406T145959")) == 39_600)
    #expect(zone.utcOffset(at: try Z.utc("20240406T150000")) == 37_800)
    // It starts on 6 October 2024 at 02:00 local (+10:30), forward to 02:30.
    #expect(zone.utcOffset(at: try Z.utc("20241005T152959")) == 37_800)
    #expect(zone.utcOffset(at: try Z.utc("20241005T153000")) == 39_600)
    // 02:15 on 6 October is in the half-hour gap; 01:45 on 7 April happens twice.
    #expect(zone.instant(of: try Z.local("20241006T021500")) == (try Z.utc("20241005T154500")))
    #expect(zone.instant(of: try Z.local("20240407T014500")) == (try Z.utc("20240406T144500")))
  }

  @Test func apiaSkipsThe30thOfDecember2011() throws {
    let zone = try Z.system("Pacific/Apia")
    // 2011-12-29T23:59:59 at -10 is followed by 2011-12-31T00:00:00 at +14.
    let last = try Z.utc("20111230T095959")
    #expect(zone.utcOffset(at: last) == -36_000)
    #expect(zone.utcOffset(at: last + 1) == 50_400)
    #expect(zone.instant(of: try Z.local("20111229T235959")) == last)
    #expect(zone.instant(of: try Z.local("20111231T000000")) == last + 1)
    // Noon on the day that never was: with the offset before (-10), 22:00Z.
    #expect(zone.instant(of: try Z.local("20111230T120000")) == (try Z.utc("20111230T220000")))
  }

  @Test func datesPast2037FollowTheFootersRule() throws {
    let berlin = try Z.system("Europe/Berlin")
    #expect(berlin.utcOffset(at: try Z.utc("21000328T005959")) == 3600)
    #expect(berlin.utcOffset(at: try Z.utc("21000328T010000")) == 7200)
    #expect(berlin.utcOffset(at: try Z.utc("21001031T010000")) == 3600)
    #expect(berlin.instant(of: try Z.local("21000328T023000")) == (try Z.utc("21000328T013000")))
    let newYork = try Z.system("America/New_York")
    #expect(newYork.utcOffset(at: try Z.utc("20400311T070000")) == -14_400)
    #expect(newYork.utcOffset(at: try Z.utc("20401104T055959")) == -14_400)
    #expect(newYork.utcOffset(at: try Z.utc("20401104T060000")) == -18_000)
    #expect(newYork.instant(of: try Z.local("99991231T120000")) == (try Z.utc("99991231T170000")))
  }

  @Test func extremeInstantsDoNotTrap() throws {
    let zone = try Z.system("Europe/Berlin")
    #expect(zone.utcOffset(at: .min) == 3208)  // local mean time, the first type
    #expect(zone.utcOffset(at: .max) == 3600)  // winter, by the footer
    #expect(
      zone.instant(of: LocalDateTime(day: .first, secondOfDay: 0)) == Day.first.dayNumber
        * 86_400 - 3208)
  }

  @Test func everyTruncationOfARealFileThrows() throws {
    let bytes = Array(
      try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")))
    for length in 0..<bytes.count - 1 {
      #expect(throws: ZoneError.self) { try TZifZone(bytes: Array(bytes.prefix(length))) }
    }
    #expect(throws: Never.self) { try TZifZone(bytes: bytes) }
  }
}
