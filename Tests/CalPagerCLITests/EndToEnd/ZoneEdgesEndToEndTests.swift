import Foundation
import TestSupport
import Testing

/// Events at the DST edges of real zones, through the binary: a gap read with the offset
/// before it (RFC 5545 §3.3.5), an overlap as the first of its two times, Lord Howe's
/// half-hour change, Apia's skipped 30 December 2011 and a change past 2037 (the TZif
/// footer's rule), each shown in the zone's own `$TZ`.
///
/// The binary reads zones from the system's tz database and its own Windows table, never from
/// a library: `.ci/bench` runs this suite again against the fully static release build it
/// makes (`CALPAGER_TEST_BINARY`), which has no zone files built in.
@Suite(.requires(.tzdata)) struct ZoneEdgesEndToEndTests {
  static let calendar = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//test//EN
    BEGIN:VEVENT
    UID:berlin-spring
    DTSTART;TZID=Europe/Berlin:20240330T023000
    DURATION:PT1H
    RRULE:FREQ=DAILY;COUNT=3
    END:VEVENT
    BEGIN:VEVENT
    UID:berlin-autumn
    DTSTART;TZID=W. Europe Standard Time:20241027T023000
    DTEND;TZID=W. Europe Standard Time:20241027T033000
    END:VEVENT
    BEGIN:VEVENT
    UID:new-york-spring
    DTSTART;TZID=America/New_York:20240309T023000
    DURATION:P1D
    RRULE:FREQ=DAILY;COUNT=2
    END:VEVENT
    BEGIN:VEVENT
    UID:new-york-autumn
    DTSTART;TZID=America/New_York:20241103T013000
    DURATION:PT1H
    END:VEVENT
    BEGIN:VEVENT
    UID:lord-howe-spring
    DTSTART;TZID=Australia/Lord_Howe:20241005T021500
    DURATION:PT1H
    RRULE:FREQ=DAILY;COUNT=3
    END:VEVENT
    BEGIN:VEVENT
    UID:lord-howe-autumn
    DTSTART;TZID=Australia/Lord_Howe:20240407T014500
    DURATION:PT30M
    END:VEVENT
    BEGIN:VEVENT
    UID:apia-weekly
    DTSTART;TZID=Pacific/Apia:20111223T100000
    DURATION:PT1H
    RRULE:FREQ=WEEKLY;COUNT=3
    END:VEVENT
    BEGIN:VEVENT
    UID:apia-utc
    DTSTART:20111230T120000Z
    END:VEVENT
    BEGIN:VEVENT
    UID:berlin-2040
    DTSTART;TZID=Europe/Berlin:20390327T023000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    DURATION:PT1H
    END:VEVENT
    END:VCALENDAR

    """

  /// `list FROM..TO --json` under `TZ=zone`: each occurrence as `uid start end`.
  static func list(_ zone: String, _ range: String) throws -> [String] {
    let calpager = Calpager()
    let file = calpager.directory.file("edges.ics")
    try writeFile(file, calendar)
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/calpager", withIntermediateDirectories: true)
    try writeFile(config + "/calpager/config", "calendar.edges = \(file)\n")
    let result = try calpager.run(
      ["list", range, "--json"], environment: ["TZ": zone, "XDG_CONFIG_HOME": config])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let events = try #require(object["events"] as? [[String: Any]])
    return events.map {
      "\($0["uid"] as? String ?? "") \($0["start"] as? String ?? "") \($0["end"] as? String ?? "")"
    }
  }

  @Test func berlinsGapAndOverlapAndAChangePast2037() throws {
    #expect(
      try Self.list("Europe/Berlin", "2024-03-29..2024-04-02") == [
        "berlin-spring 2024-03-30T02:30:00+01:00 2024-03-30T03:30:00+01:00",
        // 02:30 on 31 March does not exist: read at +01:00, it is 03:30 summer time.
        "berlin-spring 2024-03-31T03:30:00+02:00 2024-03-31T04:30:00+02:00",
        "berlin-spring 2024-04-01T02:30:00+02:00 2024-04-01T03:30:00+02:00",
      ])
    #expect(
      try Self.list("Europe/Berlin", "2024-10-27..2024-10-27") == [
        // 02:30 twice: the first (summer time); DTEND 03:30 is two hours on.
        "berlin-autumn 2024-10-27T02:30:00+02:00 2024-10-27T03:30:00+01:00"
      ])
    #expect(
      try Self.list("Europe/Berlin", "2040-03-24..2040-03-26") == [
        "berlin-2040 2040-03-25T03:30:00+02:00 2040-03-25T04:30:00+02:00"
      ])
    #expect(
      try Self.list("Europe/Berlin", "2041-03-31..2041-03-31") == [
        "berlin-2040 2041-03-31T03:30:00+02:00 2041-03-31T04:30:00+02:00"
      ])
  }

  @Test func newYorksGapAndOverlap() throws {
    #expect(
      try Self.list("America/New_York", "2024-03-09..2024-03-11") == [
        // P1D is nominal: 02:30 the next day, which does not exist, so 03:30 EDT.
        "new-york-spring 2024-03-09T02:30:00-05:00 2024-03-10T03:30:00-04:00",
        "new-york-spring 2024-03-10T03:30:00-04:00 2024-03-11T02:30:00-04:00",
      ])
    #expect(
      try Self.list("America/New_York", "2024-11-03..2024-11-03") == [
        // PT1H is exact: from the first 01:30 (EDT) to the second (EST).
        "new-york-autumn 2024-11-03T01:30:00-04:00 2024-11-03T01:30:00-05:00"
      ])
  }

  @Test func lordHowesHalfHourChange() throws {
    #expect(
      try Self.list("Australia/Lord_Howe", "2024-10-05..2024-10-07") == [
        "lord-howe-spring 2024-10-05T02:15:00+10:30 2024-10-05T03:15:00+10:30",
        // 02:00 to 02:30 does not exist: 02:15 at +10:30 is 02:45 at +11:00.
        "lord-howe-spring 2024-10-06T02:45:00+11:00 2024-10-06T03:45:00+11:00",
        "lord-howe-spring 2024-10-07T02:15:00+11:00 2024-10-07T03:15:00+11:00",
      ])
    #expect(
      try Self.list("Australia/Lord_Howe", "2024-04-07..2024-04-07") == [
        // 01:30 to 02:00 comes twice: the first, and thirty exact minutes on.
        "lord-howe-autumn 2024-04-07T01:45:00+11:00 2024-04-07T01:45:00+10:30"
      ])
  }

  @Test func apiasSkippedDay() throws {
    #expect(
      try Self.list("Pacific/Apia", "2011-12-23..2012-01-06") == [
        "apia-weekly 2011-12-23T10:00:00-10:00 2011-12-23T11:00:00-10:00",
        // Friday 30 December 2011 did not exist in Apia: its instance is on the 31st, and
        // 12:00 UTC that day is 02:00 on the 31st.
        "apia-utc 2011-12-31T02:00:00+14:00 2011-12-31T02:00:00+14:00",
        "apia-weekly 2011-12-31T10:00:00+14:00 2011-12-31T11:00:00+14:00",
        "apia-weekly 2012-01-06T10:00:00+14:00 2012-01-06T11:00:00+14:00",
      ])
    #expect(try Self.list("Pacific/Apia", "2011-12-30..2011-12-30") == [])
  }
}
