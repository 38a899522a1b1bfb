import CalendarPaging
import Calendars
import Glibc
import Interchange
import Recurrence
import TestSupport
import Testing

/// A calendar file of `events`, each a `VEVENT` body (without its BEGIN/END lines).
func calendarFile(_ events: String...) -> String {
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    + events.map { "BEGIN:VEVENT\r\n\($0)END:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n"
}

/// A `VEVENT` body.
func event(
  _ uid: String, _ start: String, end: String? = nil, summary: String, extra: String = ""
) -> String {
  "UID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART\(start)\r\n"
    + (end.map { "DTEND\($0)\r\n" } ?? "") + "SUMMARY:\(summary)\r\n" + extra
}

func day(_ text: String) -> Day { Day(text)! }

/// The summaries of the occurrences on `days`, in the order given, as `calendar:summary`.
func summaries(
  _ calendars: EventCalendars, _ days: ClosedRange<Day>, zone: any ZoneRules = FixedOffsetZone.utc
) -> [String] {
  calendars.events(covering: days, userZone: zone).map {
    "\($0.calendar):\($0.occurrence.fields.summary ?? "")\($0.isStale ? " (stale)" : "")"
  }
}

@Suite struct EventCalendarsTests {
  let directory = TemporaryDirectory("calendars")
  var cache: String { directory.file("cache/calpager/events.db") }

  func open(_ sources: [CalendarSource], rescan: Bool = false) throws -> EventCalendars {
    try EventCalendars.open(
      sources: sources, cachePath: cache, zones: ICalendarEvents.utcOnly, rescan: rescan)
  }

  @Test func aVdirAndAFileShowTheirEventsOrderedAllDayFirst() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(
      vdir + "/a.ics",
      calendarFile(event("a", ":20240501T100000Z", end: ":20240501T110000Z", summary: "Dentist")))
    try writeFile(
      vdir + "/b.ics",
      calendarFile(
        event(
          "b", ";VALUE=DATE:20240429", summary: "Weekly",
          extra: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\n")))
    let holidays = directory.file("holidays.ics")
    try writeFile(
      holidays, calendarFile(event("h", ";VALUE=DATE:20240501", summary: "Labour Day")))
    let calendars = try open([
      CalendarSource(name: "work", path: vdir), CalendarSource(name: "holidays", path: holidays),
    ])
    #expect(
      summaries(calendars, day("2024-05-01")...day("2024-05-01"))
        == ["holidays:Labour Day", "work:Weekly", "work:Dentist"])
    #expect(summaries(calendars, day("2024-05-02")...day("2024-05-05")) == [])
    #expect(summaries(calendars, day("2024-05-06")...day("2024-05-06")) == ["work:Weekly"])
    #expect(
      calendars.nextDayWithEvents(after: day("2024-05-01"), userZone: FixedOffsetZone.utc)
        == day("2024-05-06"))
    #expect(
      calendars.previousDayWithEvents(before: day("2024-04-29"), userZone: FixedOffsetZone.utc)
        == nil)
    var info = stat()
    #expect(stat(cache, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(directory.file("cache/calpager"), &info) == 0 && info.st_mode & 0o777 == 0o700)
  }

  @Test func aReplacedARemovedAndANewFileAreSeenByTheFolderStamp() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    let morning = event("a", ":20240501T090000Z", summary: "Standup")
    try writeFile(vdir + "/a.ics", calendarFile(morning))
    try writeFile(vdir + "/b.ics", calendarFile(event("b", ":20240501T120000Z", summary: "Lunch")))
    let source = [CalendarSource(name: "work", path: vdir)]
    #expect(
      summaries(try open(source), day("2024-05-01")...day("2024-05-01")) == [
        "work:Standup", "work:Lunch",
      ])
    // As vdirsyncer writes: a temporary file renamed over the old one.
    try writeFile(vdir + "/.tmp", calendarFile(event("a", ":20240501T080000Z", summary: "Early")))
    rename(vdir + "/.tmp", vdir + "/a.ics")
    unlink(vdir + "/b.ics")
    try writeFile(vdir + "/c.ics", calendarFile(event("c", ":20240501T180000Z", summary: "Dinner")))
    #expect(
      summaries(try open(source), day("2024-05-01")...day("2024-05-01")) == [
        "work:Early", "work:Dinner",
      ])
  }

  @Test func twoFilesSwappedByRenameAreEachReadAgain() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    // The same size and times: only each path's inode tells the swap.
    try writeFile(vdir + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "AAAA")))
    try writeFile(vdir + "/b.ics", calendarFile(event("b", ":20240502T090000Z", summary: "BBBB")))
    let source = [CalendarSource(name: "work", path: vdir)]
    let may = day("2024-05-01")...day("2024-05-02")
    #expect(summaries(try open(source), may) == ["work:AAAA", "work:BBBB"])
    rename(vdir + "/a.ics", vdir + "/.swap")
    rename(vdir + "/b.ics", vdir + "/a.ics")
    rename(vdir + "/.swap", vdir + "/b.ics")
    #expect(summaries(try open(source), may) == ["work:AAAA", "work:BBBB"])
    let status = try #require(try open(source).statuses().first)
    #expect(status.files == 2 && status.events == 2)
    // b.ics holds AAAA now: replaced, AAAA goes and BBBB (in a.ics) stays.
    try writeFile(vdir + "/.tmp", calendarFile(event("c", ":20240501T100000Z", summary: "CCCC")))
    rename(vdir + "/.tmp", vdir + "/b.ics")
    #expect(summaries(try open(source), may) == ["work:CCCC", "work:BBBB"])
    unlink(vdir + "/a.ics")
    #expect(summaries(try open(source), may) == ["work:CCCC"])
  }

  @Test func aFileThatStopsParsingKeepsItsLastEventsMarkedAndIsNamedOnce() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(
      vdir + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "Standup")))
    let source = [CalendarSource(name: "work", path: vdir)]
    _ = try open(source)
    try writeFile(vdir + "/.tmp", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nnot a line\r\n")
    rename(vdir + "/.tmp", vdir + "/a.ics")
    let failing = try open(source)
    #expect(summaries(failing, day("2024-05-01")...day("2024-05-01")) == ["work:Standup (stale)"])
    #expect(failing.notices.count == 1)
    #expect(failing.notices.first?.contains("a.ics") == true)
    #expect(try open(source, rescan: true).notices == [])
    let status = try #require(try failing.statuses().first)
    #expect(status.unreadable.map(\.path) == [vdir + "/a.ics"])
  }

  @Test func aDeletedOrNewerOrDamagedCacheIsRebuilt() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(
      vdir + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "Standup")))
    let source = [CalendarSource(name: "work", path: vdir)]
    _ = try open(source)
    unlink(cache)
    #expect(summaries(try open(source), day("2024-05-01")...day("2024-05-01")) == ["work:Standup"])
    try writeFile(cache, "not a database at all, but some bytes to read as one.....")
    #expect(summaries(try open(source), day("2024-05-01")...day("2024-05-01")) == ["work:Standup"])
  }

  @Test func theSameFolderTwiceIsReadOnceAndAMissingPathIsNamed() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    symlink(vdir, directory.file("link"))
    try writeFile(
      vdir + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "Standup")))
    let calendars = try open([
      CalendarSource(name: "notes", path: vdir),
      CalendarSource(name: "work", path: directory.file("link")),
      CalendarSource(name: "gone", path: directory.file("nowhere")),
    ])
    #expect(summaries(calendars, day("2024-05-01")...day("2024-05-01")) == ["notes:Standup"])
    let states = try calendars.statuses().map(\.state)
    #expect(states == [.read, .sameAs("notes"), .unusable("the path does not exist")])
  }

  @Test func recurringEventsOfAChangedFileShowInMonthsAlreadyExpanded() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    let weekly = event(
      "w", ":20240101T090000Z", summary: "Weekly", extra: "RRULE:FREQ=WEEKLY;BYDAY=WE\r\n")
    try writeFile(vdir + "/w.ics", calendarFile(weekly))
    let source = [CalendarSource(name: "work", path: vdir)]
    let may = day("2024-05-01")...day("2024-05-01")
    // May 2024 expanded with the weekly event in it.
    #expect(summaries(try open(source), may) == ["work:Weekly"])
    try writeFile(
      vdir + "/.tmp",
      calendarFile(
        event(
          "d", ";VALUE=DATE:20240101", summary: "Daily", extra: "RRULE:FREQ=DAILY\r\n")))
    rename(vdir + "/.tmp", vdir + "/d.ics")
    unlink(vdir + "/w.ics")
    let changed = try open(source)
    #expect(summaries(changed, may) == ["work:Daily"])
    #expect(summaries(changed, day("2031-02-03")...day("2031-02-03")) == ["work:Daily"])
    // Spans hold for any zone: an all-day event stays on its date far east and west.
    #expect(
      summaries(changed, may, zone: FixedOffsetZone(offset: 14 * 3600)) == ["work:Daily"])
    #expect(
      summaries(changed, may, zone: FixedOffsetZone(offset: -12 * 3600)) == ["work:Daily"])
  }

  @Test func aTimedRecurringEventLandsOnTheDaysItCoversInTheUsersZone() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(
      vdir + "/late.ics",
      calendarFile(
        event(
          "late", ":20240101T230000Z", end: ":20240102T010000Z", summary: "Late",
          extra: "RRULE:FREQ=MONTHLY\r\n")))
    let calendars = try open([CalendarSource(name: "work", path: vdir)])
    // 23:00-01:00 UTC is on the 1st and the 2nd in UTC, on the 2nd alone at UTC+2.
    #expect(summaries(calendars, day("2024-05-02")...day("2024-05-02")) == ["work:Late"])
    #expect(summaries(calendars, day("2024-05-01")...day("2024-05-01")) == ["work:Late"])
    let east = FixedOffsetZone(offset: 7200)
    #expect(summaries(calendars, day("2024-05-01")...day("2024-05-01"), zone: east) == [])
    #expect(
      summaries(calendars, day("2024-05-02")...day("2024-05-02"), zone: east) == ["work:Late"])
  }

  @Test func theSameUIDInTwoFilesIsShownOnceAndNamedAndMethodCancelHidesItsUID() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(vdir + "/a.ics", calendarFile(event("same", ":20240501T090000Z", summary: "A")))
    try writeFile(vdir + "/b.ics", calendarFile(event("same", ":20240501T090000Z", summary: "B")))
    try writeFile(vdir + "/c.ics", calendarFile(event("kept", ":20240501T100000Z", summary: "C")))
    let source = [CalendarSource(name: "work", path: vdir)]
    let calendars = try open(source)
    let may = day("2024-05-01")...day("2024-05-01")
    #expect(summaries(calendars, may) == ["work:A", "work:C"])
    let status = try #require(try calendars.statuses().first)
    #expect(status.duplicateUIDs.map(\.uid) == ["same"])
    #expect(status.duplicateUIDs.first?.paths == [vdir + "/a.ics", vdir + "/b.ics"])
    try writeFile(
      vdir + "/cancel.ics",
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:same\r\n"
        + "DTSTART:20240501T090000Z\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    #expect(summaries(try open(source), may) == ["work:C"])
  }

  @Test func whatHidesARecurringEventIsWorkedOutAgainWhenItsFilesChange() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    func weekly(_ summary: String) -> String {
      calendarFile(
        event(
          "same", ":20240101T090000Z", summary: summary, extra: "RRULE:FREQ=WEEKLY;BYDAY=WE\r\n"))
    }
    try writeFile(vdir + "/a.ics", weekly("A"))
    try writeFile(vdir + "/b.ics", weekly("B"))
    let source = [CalendarSource(name: "work", path: vdir)]
    let may = day("2024-05-01")...day("2024-05-01")
    let utc = FixedOffsetZone.utc
    // May expanded: both files' occurrences kept, B's hidden behind A's.
    #expect(summaries(try open(source), may) == ["work:A"])
    unlink(vdir + "/a.ics")
    #expect(summaries(try open(source), may) == ["work:B"])
    let cancel =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:same\r\n"
      + "DTSTART:20240101T090000Z\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    try writeFile(vdir + "/cancel.ics", cancel)
    let cancelled = try open(source)
    #expect(summaries(cancelled, may) == [])
    // June first expanded while the series is cancelled: its occurrences are kept, hidden.
    let june = day("2024-06-05")...day("2024-06-05")
    #expect(summaries(cancelled, june) == [])
    #expect(cancelled.daysWithEvents(in: june, userZone: utc, calendars: ["work"]).isEmpty)
    // The cancel gone, the series is back, also in the month expanded while it was cancelled.
    unlink(vdir + "/cancel.ics")
    let back = try open(source)
    #expect(summaries(back, may) == ["work:B"])
    #expect(summaries(back, june) == ["work:B"])
    #expect(
      back.daysWithEvents(in: june, userZone: utc, calendars: ["work"]).days == [june.lowerBound])
    // Its file failing to read, its kept occurrences are marked as its last readable version.
    try writeFile(vdir + "/.tmp", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nnot a line\r\n")
    rename(vdir + "/.tmp", vdir + "/b.ics")
    #expect(summaries(try open(source), may) == ["work:B (stale)"])
  }

  @Test func aFileOver32MiBIsNamedAndTheOthersStillShow() throws {
    let vdir = directory.file("work")
    mkdir(vdir, 0o700)
    try writeFile(vdir + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "A")))
    // 50 MB without writing them: a sparse file.
    let big = Glibc.open(vdir + "/big.ics", O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(big, 50_000_000) == 0)
    close(big)
    let calendars = try open([CalendarSource(name: "work", path: vdir)])
    #expect(summaries(calendars, day("2024-05-01")...day("2024-05-01")) == ["work:A"])
    let status = try #require(try calendars.statuses().first)
    #expect(status.unreadable.map(\.reason) == ["larger than 32 MiB"])
  }
}
