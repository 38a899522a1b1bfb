import CalendarPaging
import Recurrence

@testable import CalPagerCLI

/// Events from series held in memory: each calendar with its `EventSeries`, expanded around
/// the days asked for, never whole.
///
/// The tests' own series on the pages, the way the index hands its series over: test support,
/// not product code.
final class SeriesEventSource: EventSource {
  let userZone: any ZoneRules
  let calendars: [EventCalendar]
  /// The series of each calendar shown, in `calendars`' order.
  private let series: [(calendar: String, series: [EventSeries])]

  /// A source of `series`, calendar by calendar, placed in `userZone`.
  init(userZone: any ZoneRules, series: [(calendar: EventCalendar, series: [EventSeries])]) {
    self.userZone = userZone
    calendars = series.map(\.calendar)
    self.series = series.map { ($0.calendar.name, $0.series) }
  }

  func events(covering days: ClosedRange<Day>) -> [DayEvent] {
    var found: [DayEvent] = []
    for (calendar, events) in series {
      for event in events {
        for occurrence in event.occurrences(covering: days, userZone: userZone).occurrences {
          found.append(DayEvent(calendar: calendar, uid: event.uid, occurrence: occurrence))
        }
      }
    }
    return pageOrdered(found, userZone: userZone)
  }

  func firstDayWithEvents(after day: Day) -> Day? {
    guard let next = day.next else { return nil }
    let instant = midnight(of: next)
    var best: Day?
    for (_, events) in series {
      for event in events {
        guard
          let occurrence = event.firstOccurrence(endingAfter: instant, userZone: userZone)
            .occurrence
        else { continue }
        let first = max(occurrence.days(in: userZone).lowerBound, next)
        if best.map({ first < $0 }) ?? true { best = first }
      }
    }
    return best
  }

  func lastDayWithEvents(before day: Day) -> Day? {
    guard let previous = day.previous else { return nil }
    let instant = midnight(of: day)
    var best: Day?
    for (_, events) in series {
      for event in events {
        guard
          let occurrence = event.lastOccurrence(startingBefore: instant, userZone: userZone)
            .occurrence
        else { continue }
        let last = min(occurrence.days(in: userZone).upperBound, previous)
        if best.map({ last > $0 }) ?? true { best = last }
      }
    }
    return best
  }

  func events(
    matching matches: (String) -> Bool, in days: ClosedRange<Day>, near: Day
  ) -> [DayEvent] {
    let near = min(max(near, days.lowerBound), days.upperBound)
    let after = midnight(of: near)
    let end = days.upperBound.next.map(midnight(of:)) ?? Int.max
    var found: [DayEvent] = []
    for (calendar, events) in series {
      for event in events {
        // The master's text or an override's may match: the occurrence shown is then one
        // whose own text does.
        var texts = [event.fields] + event.overrides.map(\.fields)
        texts = texts.filter { matches(DayEvent.searchableText(of: $0)) }
        guard !texts.isEmpty else { continue }
        let candidates = [
          event.firstOccurrence(endingAfter: after, userZone: userZone).occurrence,
          event.lastOccurrence(startingBefore: after, userZone: userZone).occurrence,
        ]
        let within = candidates.compactMap { $0 }.filter { occurrence in
          occurrence.days(in: userZone).overlaps(days)
            && occurrence.start.instant(in: userZone) < end
            && matches(DayEvent.searchableText(of: occurrence.fields))
        }
        if let occurrence = within.first {
          found.append(DayEvent(calendar: calendar, uid: event.uid, occurrence: occurrence))
        }
      }
    }
    return startOrdered(found, userZone: userZone)
  }

  /// The instant `day` starts in the user's zone.
  private func midnight(of day: Day) -> Int {
    userZone.instant(of: LocalDateTime(day: day, secondOfDay: 0))
  }
}
