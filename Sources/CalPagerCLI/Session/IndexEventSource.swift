import CalendarPaging
import Calendars
import Interchange
import Recurrence

/// The user's calendars as pages read them: the events index (`EventCalendars`) behind the
/// pages' `EventSource`, its results turned into `DayEvent`s, hidden calendars left out.
final class IndexEventSource: EventSource {
  let userZone: any ZoneRules
  let calendars: [EventCalendar]
  /// The index, up to date as of this command.
  let index: EventCalendars
  /// The names of the calendars shown.
  private let shown: Set<String>

  init(index: EventCalendars, userZone: any ZoneRules, calendars: [EventCalendar]) {
    self.index = index
    self.userZone = userZone
    self.calendars = calendars
    shown = Set(calendars.map(\.name))
  }

  /// The calendars the config file names and the sync folder (`UserCalendars`), shown as
  /// `calendar.NAME.color` and `calendar.NAME.hidden` say; nil when there are none.
  static func open(
    config: UserConfig, syncFolder: String?, environment: [String: String]
  ) throws -> IndexEventSource? {
    guard !config.calendars.isEmpty || syncFolder != nil else { return nil }
    let index = try UserCalendars.open(
      config: config, environment: environment, syncDirectory: syncFolder)
    let userZone = ZoneResolver.userZone(tz: environment["TZ"], readFile: ZoneFiles.read)
    let shown = index.sources.filter { config.calendarLooks[$0.name]?.isHidden != true }
    return IndexEventSource(
      index: index, userZone: userZone,
      calendars: shown.map {
        EventCalendar(name: $0.name, color: config.calendarLooks[$0.name]?.color)
      })
  }

  /// `occurrences` as pages take them, of shown calendars, in their order.
  private func converted(_ occurrences: [DayOccurrence]) -> [DayEvent] {
    occurrences.filter { shown.contains($0.calendar) }
      .map { DayEvent(calendar: $0.calendar, uid: $0.uid, occurrence: $0.occurrence) }
  }

  func events(covering days: ClosedRange<Day>) -> [DayEvent] {
    // In page order as the index sorts them: placed in the zone and sorted once.
    converted(index.events(covering: days, userZone: userZone) { $0.precedesOnPage($1) })
  }

  func page(of day: Day, menu: ClosedRange<Day>) -> (events: [DayEvent], marks: DaySet) {
    // One snapshot of the index for both.
    let page = index.page(
      covering: day...day, marking: menu, userZone: userZone, calendars: shown
    ) { $0.precedesOnPage($1) }
    return (converted(page.events), page.marks)
  }

  func daysWithEvents(in days: ClosedRange<Day>) -> DaySet {
    index.daysWithEvents(in: days, userZone: userZone, calendars: shown)
  }

  func firstDayWithEvents(after day: Day) -> Day? {
    index.nextDayWithEvents(after: day, userZone: userZone)
  }

  func lastDayWithEvents(before day: Day) -> Day? {
    index.previousDayWithEvents(before: day, userZone: userZone)
  }

  /// Searched first in the days of `days` within a year either side of `near`, and only when
  /// nothing matches there in all of `days` (the index expands each series around the days
  /// asked for, up to its instance limit, never whole).
  func events(
    matching matches: (String) -> Bool, in days: ClosedRange<Day>, near: Day
  ) -> [DayEvent] {
    let from = max(days.lowerBound, near.adding(days: -366) ?? .first)
    let to = min(days.upperBound, near.adding(days: 366) ?? .last)
    func search(_ window: ClosedRange<Day>) -> [DayEvent] {
      converted(
        index.occurrences(covering: window, userZone: userZone) {
          matches(DayEvent.searchableText(of: $0.occurrence.fields))
        })
    }
    var found = from <= to ? search(from...to) : []
    if found.isEmpty && (from > to || from...to != days) { found = search(days) }
    // Each event once: its first occurrence on or after `near`, else its last before.
    let nearStart = userZone.instant(of: LocalDateTime(day: near, secondOfDay: 0))
    var chosen: [[String]: DayEvent] = [:]
    for event in found {
      let key = [event.calendar, event.uid]
      let upcoming = event.occurrence.end.instant(in: userZone) > nearStart
      guard let kept = chosen[key] else {
        chosen[key] = event
        continue
      }
      let keptUpcoming = kept.occurrence.end.instant(in: userZone) > nearStart
      if upcoming && !keptUpcoming { chosen[key] = event }
      if !upcoming && !keptUpcoming { chosen[key] = event }  // a later past one
    }
    return startOrdered(Array(chosen.values), userZone: userZone)
  }
}
