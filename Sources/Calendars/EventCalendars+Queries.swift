public import CalendarPaging
import Interchange
import NoteStore
public import Recurrence

extension EventCalendars {
  /// The occurrences that cover any of `days` in `userZone`.
  ///
  /// They come by their first day, all-day ones first, then by start, then end. An event
  /// whose `UID` several files of a calendar hold is shown once (from the first path); a
  /// cancelled one not at all.
  ///
  /// - Complexity: a query on the index, then parsing and expanding only the events whose
  ///   bounds meet `days`.
  public func events(covering days: ClosedRange<Day>, userZone: any ZoneRules) -> [DayOccurrence] {
    let window = Self.window(days, userZone: userZone)
    guard index != nil else { return [] }
    let expanded = expandMonths(of: window)
    let candidates =
      (try? index?.events(mayOverlap: window, calendars: readNames, allRecurring: !expanded))
      ?? []
    var found: [DayOccurrence] = []
    var seen: Set<[String]> = []
    for event in candidates where seen.insert([event.calendar, event.uid]).inserted {
      for series in parsed(event) {
        for occurrence in series.occurrences(covering: days, userZone: userZone).occurrences {
          found.append(
            DayOccurrence(
              calendar: event.calendar, uid: event.uid, occurrence: occurrence,
              isStale: event.isStale))
        }
      }
    }
    return Self.ordered(found, userZone: userZone)
  }

  /// The occurrences covering `days` for which `matches` is true: what a search over
  /// `SUMMARY`, `DESCRIPTION` and `LOCATION` filters.
  public func occurrences(
    covering days: ClosedRange<Day>, userZone: any ZoneRules,
    matching matches: (DayOccurrence) -> Bool
  ) -> [DayOccurrence] {
    events(covering: days, userZone: userZone).filter(matches)
  }

  /// The first day after `day` that an occurrence covers, within `limit` days; nil when
  /// there is none.
  ///
  /// A month at a time for the first year (cheap, as pages are), then one bounded search per
  /// event that may still occur.
  public func nextDayWithEvents(after day: Day, userZone: any ZoneRules, limit: Int = 366 * 100)
    -> Day?
  {
    guard let first = day.next else { return nil }
    let bound = day.adding(days: limit) ?? .last
    var from = first
    for _ in 0..<12 {
      let to = min(from.adding(days: 30) ?? .last, bound)
      let days = events(covering: from...to, userZone: userZone)
        .map { max($0.occurrence.days(in: userZone).lowerBound, from) }
      if let earliest = days.min() { return earliest }
      guard to < bound, let next = to.next else { return nil }
      from = next
    }
    let instant = Self.window(from...from, userZone: userZone).lowerBound
    let candidates =
      (try? index?.events(
        mayOverlap: instant..<Int.max / 2, calendars: readNames, allRecurring: true)) ?? []
    var best: Day?
    for event in candidates {
      for series in parsed(event) {
        guard
          let found = series.firstOccurrence(endingAfter: instant - 1, userZone: userZone)
            .occurrence
        else { continue }
        let covered = max(found.days(in: userZone).lowerBound, from)
        if covered <= bound, best.map({ covered < $0 }) ?? true { best = covered }
      }
    }
    return best
  }

  /// The last day before `day` that an occurrence covers, within `limit` days; nil when
  /// there is none.
  public func previousDayWithEvents(
    before day: Day, userZone: any ZoneRules, limit: Int = 366 * 100
  ) -> Day? {
    guard let last = day.previous else { return nil }
    let bound = day.adding(days: -limit) ?? .first
    var to = last
    for _ in 0..<12 {
      let from = max(to.adding(days: -30) ?? .first, bound)
      let days = events(covering: from...to, userZone: userZone)
        .map { min($0.occurrence.days(in: userZone).upperBound, to) }
      if let latest = days.max() { return latest }
      guard from > bound, let previous = from.previous else { return nil }
      to = previous
    }
    let end = Self.window(to...to, userZone: userZone).upperBound
    let candidates =
      (try? index?.events(
        mayOverlap: Int.min / 2..<end, calendars: readNames, allRecurring: true)) ?? []
    var best: Day?
    for event in candidates {
      for series in parsed(event) {
        guard
          let found = series.lastOccurrence(startingBefore: end, userZone: userZone).occurrence
        else { continue }
        let covered = min(found.days(in: userZone).upperBound, to)
        if covered >= bound, best.map({ covered > $0 }) ?? true { best = covered }
      }
    }
    return best
  }

  /// The series an indexed event's text holds (one, or an override's own without its
  /// master), parsed once per `EventCalendars`.
  func parsed(_ event: IndexedEvent) -> [EventSeries] {
    let key = [event.calendar, event.path, event.uid]
    if let known = parseCache[key] { return known }
    let series = ((try? ICalendarEvents.read(event.text, zones: zones))?.events ?? [])
      .map(\.series)
    parseCache[key] = series
    return series
  }

  /// The instants from the start of `days`' first day to the start of the day after them.
  static func window(_ days: ClosedRange<Day>, userZone: any ZoneRules) -> Range<Int> {
    let start = userZone.instant(of: LocalDateTime(day: days.lowerBound, secondOfDay: 0))
    let end =
      days.upperBound.next.map { userZone.instant(of: LocalDateTime(day: $0, secondOfDay: 0)) }
      ?? userZone.instant(of: LocalDateTime(day: .last, secondOfDay: 86_399)) + 1
    return start..<max(start, end)
  }

  /// By first day, all-day first, then by start, end, calendar and summary.
  static func ordered(_ occurrences: [DayOccurrence], userZone: any ZoneRules)
    -> [DayOccurrence]
  {
    occurrences.map { event in
      let occurrence = event.occurrence
      return (
        day: occurrence.days(in: userZone).lowerBound.dayNumber,
        allDay: occurrence.isAllDay ? 0 : 1, start: occurrence.start.instant(in: userZone),
        end: occurrence.end.instant(in: userZone), event: event
      )
    }
    .sorted {
      if ($0.day, $0.allDay, $0.start, $0.end) != ($1.day, $1.allDay, $1.start, $1.end) {
        return ($0.day, $0.allDay, $0.start, $0.end) < ($1.day, $1.allDay, $1.start, $1.end)
      }
      return ($0.event.calendar, $0.event.occurrence.fields.summary ?? "", $0.event.uid)
        < ($1.event.calendar, $1.event.occurrence.fields.summary ?? "", $1.event.uid)
    }
    .map(\.event)
  }
}
