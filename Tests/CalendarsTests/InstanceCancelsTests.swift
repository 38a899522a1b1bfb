import CalendarPaging
import Calendars
import Glibc
import Interchange
import Recurrence
import TestSupport
import Testing

/// A `METHOD:CANCEL` calendar naming instances (`VEVENT`s with `UID` and `RECURRENCE-ID`, each
/// given by its `RECURRENCE-ID` line) of a series another file holds.
func instanceCancel(_ uid: String, _ recurrenceIDs: String...) -> String {
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nMETHOD:CANCEL\r\n"
    + recurrenceIDs.map {
      "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n\($0)\r\nEND:VEVENT\r\n"
    }.joined() + "END:VCALENDAR\r\n"
}

/// The paths a page expands itself, not the index's query: an event with too many
/// occurrences in a month to keep, and the searches for the next or previous day with events
/// past the months kept. An instance cancel in another file hides its instances there too.
extension EventCalendarsTests {
  /// A vdir `work` holding the series `uid` from 09:00 UTC on `start` by `rule` in `a.ics`, and
  /// `cancels` (a `METHOD:CANCEL` calendar) in `b.ics`.
  func seriesAndCancels(_ uid: String, _ start: String, rule: String, _ cancels: String) throws
    -> String
  {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(
      vdir + "/a.ics",
      calendarFile(event(uid, ":\(start)T090000Z", summary: uid, extra: "RRULE:\(rule)\r\n")))
    try writeFile(vdir + "/b.ics", cancels)
    return vdir
  }

  @Test func aCancelInAnotherFileHidesInstancesOfAnEventTooBusyToKeep() throws {
    let vdir = try seriesAndCancels(
      "hourly", "20240501", rule: "FREQ=HOURLY",
      instanceCancel(
        "hourly", "RECURRENCE-ID:20240515T100000Z",
        "RECURRENCE-ID;RANGE=THISANDFUTURE:20240520T000000Z"))
    let calendars = try open([CalendarSource(name: "work", path: vdir)])
    let utc = FixedOffsetZone.utc
    let fifteenth = calendars.events(covering: day("2024-05-15")...day("2024-05-15"), userZone: utc)
    #expect(fifteenth.count == 23)
    #expect(!fifteenth.contains { $0.occurrence.start == .instant(1_715_767_200) })
    #expect(summaries(calendars, day("2024-05-20")...day("2024-05-31")) == [])
    #expect(
      calendars.daysWithEvents(
        in: day("2024-05-14")...day("2024-05-22"), userZone: utc, calendars: ["work"]
      ).days == (14...19).map { day("2024-05-\($0)") })
  }

  @Test func nextAndPreviousDayWithEventsPassOverCancelledInstancesPastAYear() throws {
    // 2026 by its instant, 2027 by its DATE: the second is past the year a search looks at
    // through the index.
    let vdir = try seriesAndCancels(
      "yearly", "20240501", rule: "FREQ=YEARLY",
      instanceCancel(
        "yearly", "RECURRENCE-ID:20260501T090000Z", "RECURRENCE-ID;VALUE=DATE:20270501"))
    let utc = FixedOffsetZone.utc
    var calendars = try open([CalendarSource(name: "work", path: vdir)])
    #expect(
      calendars.nextDayWithEvents(after: day("2025-05-02"), userZone: utc) == day("2028-05-01"))
    #expect(
      calendars.previousDayWithEvents(before: day("2028-04-30"), userZone: utc) == day("2025-05-01")
    )
    try writeFile(
      vdir + "/b.ics",
      instanceCancel("yearly", "RECURRENCE-ID;RANGE=THISANDFUTURE:20260501T090000Z"))
    calendars = try open([CalendarSource(name: "work", path: vdir)], rescan: true)
    #expect(calendars.nextDayWithEvents(after: day("2025-05-02"), userZone: utc) == nil)
    #expect(
      calendars.previousDayWithEvents(before: day("2040-01-01"), userZone: utc) == day("2025-05-01")
    )
    unlink(vdir + "/b.ics")
    calendars = try open([CalendarSource(name: "work", path: vdir)])
    #expect(
      calendars.nextDayWithEvents(after: day("2025-05-02"), userZone: utc) == day("2026-05-01"))
  }
}
