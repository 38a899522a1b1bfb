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
      sources: sources, cachePath: cache, zones: ICalendarEvents.fixedZones, rescan: rescan)
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
}
