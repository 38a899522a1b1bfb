import CalendarPaging
import Interchange
import Recurrence
import Testing

/// `ICalendarEvents.read`: VEVENTs of a document into event series, and the problems named.
@Suite struct ICalendarEventsTests {
  static let berlin = """
    BEGIN:VTIMEZONE
    TZID:Europe/Berlin
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    DTSTART:19700329T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    DTSTART:19701025T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    END:STANDARD
    END:VTIMEZONE

    """

  static func read(_ body: String, header: String = "") throws -> EventFile {
    let text = "BEGIN:VCALENDAR\nVERSION:2.0\n\(header)\(body)END:VCALENDAR\n"
    return try ICalendarEvents.read(Array(text.utf8), zones: ICalendarEvents.utcOnly)
  }

  /// The starts of the occurrences in 2024, as `YYYY-MM-DDTHH:MM:SS` in UTC.
  static func starts(_ file: EventFile, uid: String? = nil) -> [String] {
    let window = Day("2024-01-01")!...Day("2024-12-31")!
    return file.events.filter { uid == nil || $0.series.uid == uid }.flatMap {
      $0.series.occurrences(covering: window, userZone: FixedOffsetZone.utc).occurrences
    }.map { $0.start.local(in: FixedOffsetZone.utc).description + ($0.fields.summary ?? "") }
  }

  @Test func aTZIDNamesTheFilesOwnVTIMEZONEAcrossSummerTime() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:w
      DTSTART;TZID=Europe/Berlin:20240321T090000
      DURATION:PT1H
      RRULE:FREQ=WEEKLY;COUNT=3
      SUMMARY:Weekly
      END:VEVENT
      \(Self.berlin)
      """)
    #expect(file.problems == [])
    // 09:00 in Berlin: 08:00 UTC before the change of 31 March, 07:00 after.
    #expect(
      Self.starts(file) == [
        "2024-03-21T08:00:00Weekly", "2024-03-28T08:00:00Weekly", "2024-04-04T07:00:00Weekly",
      ])
  }

  @Test func overridesAreGroupedByUIDAndExdatesMatchByInstant() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:d
      DTSTART;TZID=Europe/Berlin:20240501T090000
      RRULE:FREQ=DAILY;COUNT=4
      RRULE:FREQ=WEEKLY;COUNT=2;BYDAY=SU
      EXDATE:20240502T070000Z
      SUMMARY:Daily
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      RECURRENCE-ID;TZID=Europe/Berlin:20240503T090000
      DTSTART:20240503T150000Z
      SUMMARY:Moved
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      RECURRENCE-ID;VALUE=DATE:20240504
      DTSTART;TZID=Europe/Berlin:20240504T090000
      STATUS:CANCELLED
      END:VEVENT
      \(Self.berlin)
      """)
    #expect(file.problems == [])
    #expect(file.events.count == 1)
    #expect(file.events[0].recurs)
    #expect(
      Self.starts(file) == [
        "2024-05-01T07:00:00Daily", "2024-05-03T15:00:00Moved", "2024-05-05T07:00:00Daily",
        "2024-05-12T07:00:00Daily",
      ])
  }

  @Test func anUnknownTZIDIsReadAsFloatingAndNamed() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:u
      DTSTART;TZID=Mars/Olympus:20240501T090000
      SUMMARY:Far
      END:VEVENT

      """)
    #expect(Self.starts(file) == ["2024-05-01T09:00:00Far"])
    #expect(
      file.problems.map(\.description) == [
        "line 5: unknown TZID 'Mars/Olympus': its times are read as floating"
      ])
  }

  @Test func aBrokenVTIMEZONEIsNamedAndTheLookupTried() throws {
    let file = try Self.read(
      """
      BEGIN:VTIMEZONE
      TZID:UTC
      BEGIN:STANDARD
      TZOFFSETTO:+0100
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:b
      DTSTART;TZID=UTC:20240501T090000
      SUMMARY:Broken
      END:VEVENT

      """)
    #expect(Self.starts(file) == ["2024-05-01T09:00:00Broken"])
    #expect(file.problems.count == 1)
    #expect(file.problems[0].reason.contains("the VTIMEZONE 'UTC' cannot be read"))
    #expect(file.problems[0].line == 3)
  }

  @Test func xWRTimezonePlacesFloatingTimes() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:g
      DTSTART:20240501T090000
      DTEND:20240501T100000
      SUMMARY:Google
      END:VEVENT
      \(Self.berlin)
      """, header: "X-WR-TIMEZONE:Europe/Berlin\n")
    #expect(Self.starts(file) == ["2024-05-01T07:00:00Google"])
  }

  @Test func badRulesAndDatesAreNamedAndTheEventStillShows() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20240501T090000Z
      RRULE:FREQ=DAILY;FOO=1
      EXDATE:2024-05-02
      DURATION:one hour
      SUMMARY:Still here
      END:VEVENT
      BEGIN:VEVENT
      UID:nostart
      SUMMARY:No start
      END:VEVENT

      """)
    #expect(Self.starts(file) == ["2024-05-01T09:00:00Still here"])
    #expect(file.problems.map(\.line) == [6, 7, 8, 11])
    #expect(file.problems[0].reason.contains("'FOO' is not a rule part"))
    #expect(file.problems[3].reason.contains("has no DTSTART"))
  }

  @Test func methodCancelNamesItsUIDsAndAnOrphanOverrideShowsAlone() throws {
    let cancel = try Self.read(
      """
      BEGIN:VEVENT
      UID:gone
      DTSTART:20240501T090000Z
      STATUS:CANCELLED
      END:VEVENT

      """, header: "METHOD:CANCEL\n")
    #expect(cancel.cancelledUIDs == ["gone"])
    #expect(Self.starts(cancel) == [])
    let orphan = try Self.read(
      """
      BEGIN:VEVENT
      UID:inv
      RECURRENCE-ID:20240508T090000Z
      DTSTART:20240508T100000Z
      SUMMARY:One of them
      END:VEVENT

      """)
    #expect(Self.starts(orphan) == ["2024-05-08T10:00:00One of them"])
  }

  /// A weekly 09:00 UTC series from 1 May 2024 (five instances) in a `METHOD:CANCEL`
  /// calendar with `cancels`, each a `VEVENT` body naming an instance.
  static func cancelled(_ cancels: String...) throws -> EventFile {
    try read(
      """
      BEGIN:VEVENT
      UID:weekly
      DTSTART:20240501T090000Z
      RRULE:FREQ=WEEKLY;COUNT=5
      SUMMARY:Weekly
      END:VEVENT

      """ + cancels.map { "BEGIN:VEVENT\nUID:weekly\n\($0)END:VEVENT\n" }.joined()
        + Self.berlin, header: "METHOD:CANCEL\n")
  }

  @Test func methodCancelWithARecurrenceIDCancelsThatInstanceAlone() throws {
    // 11:00 in Berlin's summer time is the instance of 09:00 UTC on 8 May: matched by instant.
    let file = try Self.cancelled("RECURRENCE-ID;TZID=Europe/Berlin:20240508T110000\n")
    #expect(file.cancelledUIDs == [])
    #expect(file.problems == [])
    #expect(
      Self.starts(file) == [
        "2024-05-01T09:00:00Weekly", "2024-05-15T09:00:00Weekly", "2024-05-22T09:00:00Weekly",
        "2024-05-29T09:00:00Weekly",
      ])
    // What the index keeps reads back to the same series.
    let again = try ICalendarEvents.read(file.events[0].text, zones: ICalendarEvents.utcOnly)
    #expect(Self.starts(again) == Self.starts(file))
    #expect(again.cancelledUIDs == [])
  }

  @Test func methodCancelThisAndFutureCancelsThatInstanceAndTheLaterOnes() throws {
    let file = try Self.cancelled(
      "RECURRENCE-ID;RANGE=THISANDFUTURE:20240515T090000Z\nSTATUS:CANCELLED\n",
      "RECURRENCE-ID;VALUE=DATE:20240501\n")
    // The 15th and after go; a DATE RECURRENCE-ID names the instance of its day.
    #expect(Self.starts(file) == ["2024-05-08T09:00:00Weekly"])
    let again = try ICalendarEvents.read(file.events[0].text, zones: ICalendarEvents.utcOnly)
    #expect(Self.starts(again) == Self.starts(file))
  }

  @Test func methodCancelOfAnInstanceWithoutItsSeriesShowsNothingAndKeepsTheCancel() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:elsewhere
      RECURRENCE-ID:20240508T090000Z
      DTSTART:20240508T090000Z
      SUMMARY:Weekly
      END:VEVENT
      BEGIN:VEVENT
      UID:elsewhere
      RECURRENCE-ID;RANGE=THISANDFUTURE;VALUE=DATE:20240522
      END:VEVENT

      """, header: "METHOD:CANCEL\n")
    #expect(file.events.isEmpty)
    #expect(file.cancelledUIDs == [])
    #expect(file.problems == [])
    // The index cancels them wherever the series is in the calendar.
    #expect(
      file.cancelledInstances.map { "\($0.uid) \($0.recurrenceID) \($0.thisAndFuture)" } == [
        "elsewhere 20240508T090000Z false", "elsewhere 20240522 true",
      ])
  }

  @Test func theTextOfAnEventReadsBackToTheSameSeries() throws {
    let file = try Self.read(
      """
      BEGIN:VEVENT
      UID:w
      DTSTART;TZID=Europe/Berlin:20240321T090000
      RRULE:FREQ=WEEKLY;COUNT=3
      SUMMARY:Weekly
      END:VEVENT
      BEGIN:VEVENT
      UID:other
      DTSTART:20240322T090000Z
      SUMMARY:Other
      END:VEVENT
      \(Self.berlin)
      """, header: "X-WR-TIMEZONE:Europe/Berlin\n")
    let again = try ICalendarEvents.read(file.events[0].text, zones: ICalendarEvents.utcOnly)
    #expect(again.events.count == 1)
    #expect(Self.starts(again) == Self.starts(file, uid: "w"))
  }
}
