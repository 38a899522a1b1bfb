import CalendarPaging
import Interchange
import Recurrence

/// One occurrence of an event as the pages show it: the calendar it comes from, its event's
/// `UID` and the occurrence itself (start, end, text).
///
/// The one form every page, list and JSON object takes events in: whatever reads the
/// calendars (the index) hands its results over as these, so the rendering never depends on
/// how they were found.
struct DayEvent: Sendable {
  /// The calendar's name (`calendar.NAME` in the config file; `notes` for the sync folder).
  let calendar: String
  /// The event's `UID`.
  let uid: String
  /// The occurrence.
  let occurrence: Occurrence

  /// The text the query language searches: `SUMMARY`, `DESCRIPTION` and `LOCATION`, one per
  /// line (a phrase never runs from one field into the next).
  var searchableText: String { DayEvent.searchableText(of: occurrence.fields) }

  /// `fields`' searchable text.
  static func searchableText(of fields: EventFields) -> String {
    [fields.summary, fields.description, fields.location].compactMap { $0 }.joined(
      separator: "\n")
  }
}

/// A calendar as pages show it: its name and the colour `calendar.NAME.color` gives it.
struct EventCalendar: Sendable, Equatable {
  /// The name.
  let name: String
  /// The SGR sequence of its colour; nil for none (the default look).
  let color: String?
}

/// Where pages get their events: the calendars that are shown (hidden ones left out), the
/// user's zone they are placed in, and the occurrences on a range of days.
///
/// Pages ask for a few days at a time (a page, a menu's window, a list's range), never for a
/// series whole: the seeds' infinite data source, with the day as its item.
protocol EventSource: AnyObject {
  /// The zone times are shown in and days are counted in (`$TZ`, else the system's).
  var userZone: any ZoneRules { get }
  /// The calendars shown, in the order the config file names them.
  var calendars: [EventCalendar] { get }
  /// The occurrences that cover any of `days` in the user's zone, all-day ones first, then
  /// by start, then by calendar and summary.
  func events(covering days: ClosedRange<Day>) -> [DayEvent]
  /// The days of `days` that an occurrence covers: what menus and grids mark.
  func daysWithEvents(in days: ClosedRange<Day>) -> DaySet
  /// A day page's occurrences (`events(covering:)` of `day`) and its menu's marks
  /// (`daysWithEvents(in:)` of `menu`), looked up together.
  func page(of day: Day, menu: ClosedRange<Day>) -> (events: [DayEvent], marks: DaySet)
  /// The first day after `day` on which an occurrence is under way; nil when none is found
  /// (within the source's search bounds).
  func firstDayWithEvents(after day: Day) -> Day?
  /// The last day before `day` on which an occurrence is under way; nil when none is found.
  func lastDayWithEvents(before day: Day) -> Day?
  /// The events whose text `matches` (`DayEvent.searchableText`), each event once: its first
  /// occurrence under way on or after `near` within `days`, else its last one within `days`
  /// before it; ordered by start.
  func events(
    matching matches: (String) -> Bool, in days: ClosedRange<Day>, near: Day
  ) -> [DayEvent]
}

extension EventSource {
  /// Whether several calendars are shown: then each event line names its calendar.
  var namesCalendars: Bool { calendars.count > 1 }

  /// The calendar named `name`, if it is shown.
  func calendar(named name: String) -> EventCalendar? {
    calendars.first { $0.name == name }
  }

  /// `events(covering:)` of `day` and `daysWithEvents(in:)` of `menu`, one after the other.
  func page(of day: Day, menu: ClosedRange<Day>) -> (events: [DayEvent], marks: DaySet) {
    (events(covering: day...day), daysWithEvents(in: menu))
  }

  /// The days of `days` that have events, from one look at the whole range.
  func daysWithEvents(in days: ClosedRange<Day>) -> DaySet {
    var found = DaySet(in: days)
    for event in events(covering: days) { found.insert(event.occurrence.days(in: userZone)) }
    return found
  }

  /// `events` split by the days of `days` they cover, a list per day in order (an
  /// occurrence over several days is on each of them).
  func eventsByDay(_ events: [DayEvent], in days: ClosedRange<Day>) -> [[DayEvent]] {
    var byDay = [[DayEvent]](
      repeating: [], count: days.upperBound.dayNumber - days.lowerBound.dayNumber + 1)
    for event in events {
      let covered = event.occurrence.days(in: userZone)
      guard covered.overlaps(days) else { continue }
      let clamped = covered.clamped(to: days)
      for index in clamped.lowerBound.dayNumber...clamped.upperBound.dayNumber {
        byDay[index - days.lowerBound.dayNumber].append(event)
      }
    }
    return byDay
  }
}

/// `events` in the order pages list occurrences in: all-day ones first, then by start (in
/// `userZone`), then by end, calendar and summary (so the same events always come out the same
/// way).
///
/// - Complexity: O(n log n) comparisons of numbers; each occurrence is placed in the zone once.
func pageOrdered(_ events: [DayEvent], userZone: any ZoneRules) -> [DayEvent] {
  ordered(events, userZone: userZone) { $0.precedesOnPage($1) }
}

/// `events` in the order of a list's JSON: by start (an all-day occurrence at its first day's
/// midnight in `userZone`), all-day ones first among those that start together, then as
/// `pageOrdered`.
func startOrdered(_ events: [DayEvent], userZone: any ZoneRules) -> [DayEvent] {
  ordered(events, userZone: userZone) { first, second in
    first.start != second.start ? first.start < second.start : first.precedesOnPage(second)
  }
}

/// `events` ordered by `precedes` on their placements in `userZone`, then by calendar and
/// summary.
private func ordered(
  _ events: [DayEvent], userZone: any ZoneRules,
  by precedes: (OccurrencePlacement, OccurrencePlacement) -> Bool?
) -> [DayEvent] {
  let placements = events.map { OccurrencePlacement($0.occurrence, in: userZone) }
  return events.indices.sorted { left, right in
    if let order = precedes(placements[left], placements[right]) { return order }
    let (one, other) = (events[left], events[right])
    if one.calendar != other.calendar { return one.calendar < other.calendar }
    return (one.occurrence.fields.summary ?? "") < (other.occurrence.fields.summary ?? "")
  }
  .map { events[$0] }
}

/// One day's events with the source they came from: what a page shows before the day's notes.
struct DayEvents {
  /// The source: its zone and calendars.
  let source: any EventSource
  /// The day.
  let day: Day
  /// The occurrences covering the day, in page order.
  let events: [DayEvent]

  /// `day`'s events from `source`.
  init(source: any EventSource, day: Day) {
    self.init(source: source, day: day, events: source.events(covering: day...day))
  }

  /// `events`, already found, on `day`.
  init(source: any EventSource, day: Day, events: [DayEvent]) {
    self.source = source
    self.day = day
    self.events = events
  }

  /// Appends the events' lines (`EventLines`) to `output`.
  func appendLines(to output: Output, style: Style) {
    EventLines(style: style, source: source).append(events, on: day, to: output)
  }

  /// Writes the member `name`: the events as an array.
  func writeJSON(_ name: String, to json: inout JSONWriter) {
    json.events(name, events, userZone: source.userZone)
  }
}

/// The events of a run of days (a week, a month, a list's range), found with one look and
/// split by day.
struct PeriodEvents {
  /// The source: its zone and calendars.
  let source: any EventSource
  /// The days.
  let days: ClosedRange<Day>
  /// The occurrences that overlap the days, each once, in page order.
  let events: [DayEvent]
  /// The occurrences on each day of `days`, in page order (by day, from the first).
  private let byDay: [[DayEvent]]

  /// The events of `days` from `source`.
  init(source: any EventSource, days: ClosedRange<Day>) {
    self.source = source
    self.days = days
    events = source.events(covering: days)
    byDay = source.eventsByDay(events, in: days)
  }

  /// The occurrences on `day`, in page order; none for a day not in `days`.
  func events(on day: Day) -> [DayEvent] {
    days.contains(day) ? byDay[day.dayNumber - days.lowerBound.dayNumber] : []
  }

  /// The days of `days` that have events, in order.
  var daysWithEvents: [Day] {
    byDay.indices.compactMap { byDay[$0].isEmpty ? nil : days.lowerBound.adding(days: $0) }
  }

  /// The events of `day`, one of `days`.
  func on(_ day: Day) -> DayEvents {
    DayEvents(source: source, day: day, events: events(on: day))
  }
}
