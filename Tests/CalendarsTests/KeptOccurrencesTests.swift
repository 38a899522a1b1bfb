import CalendarPaging
import Calendars
import Foundation
import Interchange
import Recurrence
import TestSupport
import Testing

/// The index keeps occurrences whole (expanded once, in UTC, with bounds a day wide for
/// floating and all-day times) and pages read them back without parsing: checked against
/// reading the same files directly and expanding each event for the days asked, in zones far
/// apart and at their changes of offset.
@Suite struct KeptOccurrencesTests {
  let directory = TemporaryDirectory("kept")

  /// The system's tz database, as calpager reads it; nil where it is missing.
  static let resolver = ZoneResolver(readFile: { path in
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  })
  static let zones: ZoneLookup = { resolver.zone(forTZID: $0) }

  /// Events of every kind a page meets: zoned, UTC, floating and all-day; one-off,
  /// multi-day and across a month's end; recurring daily, weekly with an exception and an
  /// override, monthly by weekday, yearly, and hourly (more than a month keeps).
  static let files: [String: String] = [
    "berlin.ics": calendarFile(
      event(
        "berlin", ";TZID=Europe/Berlin:20240325T023000", end: ";TZID=Europe/Berlin:20240325T033000",
        summary: "Berlin daily 02:30", extra: "RRULE:FREQ=DAILY;COUNT=400\r\n")),
    "newyork.ics": calendarFile(
      event(
        "ny", ";TZID=America/New_York:20240105T220000",
        end: ";TZID=America/New_York:20240106T010000", summary: "New York late weekly",
        extra: "RRULE:FREQ=WEEKLY;BYDAY=FR\r\nEXDATE;TZID=America/New_York:20240301T220000\r\n"),
      event(
        "ny", ";TZID=America/New_York:20240315T220000",
        end: ";TZID=America/New_York:20240315T230000", summary: "New York moved",
        extra: "RECURRENCE-ID;TZID=America/New_York:20240315T220000\r\n")),
    "floating.ics": calendarFile(
      event(
        "floating", ":20240131T230000", end: ":20240201T010000", summary: "Floating across months",
        extra: "RRULE:FREQ=MONTHLY;BYDAY=-1WE;COUNT=30\r\n"),
      event("one", ":20240601T120000", end: ":20240601T130000", summary: "Floating lunch")),
    "allday.ics": calendarFile(
      event(
        "trip", ";VALUE=DATE:20240229", end: ";VALUE=DATE:20240304", summary: "Trip"),
      event(
        "birthday", ";VALUE=DATE:20240101", summary: "Birthday",
        extra: "RRULE:FREQ=YEARLY\r\n")),
    "utc.ics": calendarFile(
      event("dentist", ":20240430T230000Z", end: ":20240501T003000Z", summary: "Dentist"),
      event(
        "hourly", ":20240401T000000Z", end: ":20240401T001500Z", summary: "Hourly",
        extra: "RRULE:FREQ=HOURLY;INTERVAL=5;UNTIL=20240601T000000Z\r\n")),
    "howe.ics": calendarFile(
      event(
        "howe", ";TZID=Australia/Lord_Howe:20240406T013000",
        end: ";TZID=Australia/Lord_Howe:20240406T023000", summary: "Lord Howe weekly",
        extra: "RRULE:FREQ=WEEKLY;COUNT=60\r\n")),
  ]

  /// The occurrences on `days` read directly from the files: the reference.
  func direct(
    _ folder: String, _ days: ClosedRange<Day>, zone: any ZoneRules,
    files: [String: String] = Self.files
  ) throws -> [String] {
    var found: [String] = []
    for name in files.keys {
      let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name))
      for event in try ICalendarEvents.read([UInt8](bytes), zones: Self.zones).events {
        for occurrence in event.series.occurrences(covering: days, userZone: zone).occurrences {
          found.append(Self.line(event.series.uid, occurrence, zone: zone))
        }
      }
    }
    return found.sorted()
  }

  static func line(_ uid: String, _ occurrence: Occurrence, zone: any ZoneRules) -> String {
    "\(uid) \(occurrence.start.local(in: zone))–\(occurrence.end.local(in: zone)) "
      + (occurrence.fields.summary ?? "")
  }

  @Test func pagesReadFromTheIndexWhatTheFilesSayInEveryZone() throws {
    let folder = directory.file("work")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in Self.files { try writeFile(folder + "/" + name, text) }
    let tzNames = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia"]
    var zones: [(String, any ZoneRules)] = [
      ("UTC+14", FixedOffsetZone(offset: 14 * 3600)),
      ("UTC-12", FixedOffsetZone(offset: -12 * 3600)),
    ]
    for name in tzNames {
      guard let zone = Self.zones(name) else { continue }
      zones.append((name, zone))
    }
    try #require(zones.count > 2, "no tz database under /usr/share/zoneinfo")
    // Month ends, the DST changes of 2024 (Europe 31 Mar and 27 Oct, US 10 Mar and 3 Nov,
    // Lord Howe 7 Apr and 6 Oct), and ordinary days.
    let days = [
      "2024-01-31", "2024-02-01", "2024-02-29", "2024-03-01", "2024-03-04", "2024-03-09",
      "2024-03-10", "2024-03-15", "2024-03-16", "2024-03-31", "2024-04-01", "2024-04-06",
      "2024-04-07", "2024-04-30", "2024-05-01", "2024-05-29", "2024-06-01", "2024-10-06",
      "2024-10-27", "2024-11-03", "2025-01-01", "2025-02-26",
    ].map(day)
    for (name, zone) in zones {
      // A fresh index per zone: its months are expanded while this zone's pages ask.
      let cache = directory.file("cache-\(name.replacingOccurrences(of: "/", with: "-")).db")
      let calendars = try EventCalendars.open(
        sources: [CalendarSource(name: "work", path: folder)], cachePath: cache, zones: Self.zones)
      for page in days {
        let kept = calendars.events(covering: page...page, userZone: zone).map {
          Self.line($0.uid, $0.occurrence, zone: zone)
        }
        let reference = try direct(folder, page...page, zone: zone)
        #expect(
          kept.sorted() == reference,
          """
          \(name) \(page): only kept \(Set(kept).subtracting(reference).sorted()), \
          only read \(Set(reference).subtracting(kept).sorted())
          """)
      }
      // Three weeks and a menu's marks: the days with events are the days the weeks' events
      // cover (in June 2025, the New York Fridays and a floating Wednesday alone are left).
      let week = day("2025-06-01")...day("2025-06-21")
      let events = calendars.events(covering: week, userZone: zone)
      #expect(events.count >= 3, "\(name)")
      var covered = Set<Day>()
      for found in events {
        covered.formUnion(found.occurrence.days(in: zone).clamped(to: week).everyDay)
      }
      #expect(covered.count < 21, "\(name)")
      #expect(
        calendars.daysWithEvents(in: week, userZone: zone, calendars: ["work"]).days
          == covered.sorted())
      #expect(calendars.daysWithEvents(in: week, userZone: zone, calendars: []).isEmpty)
    }
  }

  /// Yearly events of every month, at the month's edges (all-day, floating, and zoned far
  /// east and west): a month's expansion passes over those of other months unread
  /// (`EventSeries.monthsOfYear`), and every page still shows each on its days, in a year
  /// no page had shown.
  @Test func yearlyEventsOfEveryMonthShowOnTheirDaysInAFarYear() throws {
    let folder = directory.file("yearly")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var files: [String: String] = [:]
    for month in 1...12 {
      let first = String(format: "2024%02d01", month)
      let last = String(
        format: "2024%02d%02d", month, month == 2 ? 29 : [4, 6, 9, 11].contains(month) ? 30 : 31)
      files["m\(month).ics"] = calendarFile(
        event(
          "first-\(month)", ";VALUE=DATE:" + first, summary: "First \(month)",
          extra: "RRULE:FREQ=YEARLY\r\n"),
        event(
          "late-\(month)", ":" + last + "T233000", end: ":" + last + "T235900",
          summary: "Late \(month)", extra: "RRULE:FREQ=YEARLY\r\n"),
        event(
          "east-\(month)", ";TZID=Pacific/Kiritimati:" + first + "T003000",
          end: ";TZID=Pacific/Kiritimati:" + first + "T013000", summary: "East \(month)",
          extra: "RRULE:FREQ=YEARLY\r\n"),
        event(
          "west-\(month)", ";TZID=Pacific/Pago_Pago:" + last + "T233000",
          end: ";TZID=Pacific/Pago_Pago:" + last + "T235900", summary: "West \(month)",
          extra: "RRULE:FREQ=YEARLY;BYMONTH=\(month)\r\n"))
    }
    for (name, text) in files { try writeFile(folder + "/" + name, text) }
    var zones: [(String, any ZoneRules)] = [
      ("UTC+14", FixedOffsetZone(offset: 14 * 3600)),
      ("UTC-12", FixedOffsetZone(offset: -12 * 3600)),
    ]
    if let berlin = Self.zones("Europe/Berlin") { zones.append(("Europe/Berlin", berlin)) }
    for (name, zone) in zones {
      let cache = directory.file("yearly-\(name.replacingOccurrences(of: "/", with: "-")).db")
      let calendars = try EventCalendars.open(
        sources: [CalendarSource(name: "work", path: folder)], cachePath: cache, zones: Self.zones)
      var shown = 0
      for month in 1...12 {
        let first = Day(year: 2150, month: month, day: 1)!
        for page in [first, first.adding(months: 1)!.adding(days: -1)!] {
          let kept = calendars.events(covering: page...page, userZone: zone).map {
            Self.line($0.uid, $0.occurrence, zone: zone)
          }
          let reference = try direct(folder, page...page, zone: zone, files: files)
          #expect(kept.sorted() == reference, "\(name) \(page)")
          shown += kept.count
        }
      }
      // The all-day and floating ones at least are on these days in every zone.
      #expect(shown >= 24, "\(name)")
    }
  }
}
