public import CalendarPaging

/// A start or end of an occurrence, in the terms its event gives it.
public enum OccurrenceTime: Hashable, Sendable, CustomStringConvertible {
  /// An instant, seconds since 1970-01-01T00:00:00Z (a UTC or zoned event).
  case instant(Int)
  /// A wall-clock time shown as written wherever the user is (a floating event).
  case floating(LocalDateTime)
  /// A day (an all-day event): for an end, the first day it no longer covers.
  case day(Day)

  /// The instant, a floating time or a day's midnight placed in `userZone`.
  public func instant(in userZone: any ZoneRules) -> Int {
    switch self {
    case .instant(let instant): return instant
    case .floating(let local): return userZone.instant(of: local)
    case .day(let day): return userZone.instant(of: LocalDateTime(day: day, secondOfDay: 0))
    }
  }

  /// The wall-clock time in `userZone`: what a page shows.
  public func local(in userZone: any ZoneRules) -> LocalDateTime {
    switch self {
    case .instant(let instant):
      return LocalDateTime(secondsSinceEpoch: userZone.wallSeconds(at: instant))
        ?? LocalDateTime(day: instant < 0 ? .first : .last, secondOfDay: 0)
    case .floating(let local): return local
    case .day(let day): return LocalDateTime(day: day, secondOfDay: 0)
    }
  }

  /// `2024-05-01`, `2024-05-01T09:00:00` or the instant's seconds.
  public var description: String {
    switch self {
    case .instant(let instant): return "@\(instant)"
    case .floating(let local): return local.description
    case .day(let day): return day.description
    }
  }
}

/// One occurrence of an event: an instance of its series (or an override), with its start,
/// its end (exclusive, as RFC 5545 has it) and its text.
public struct Occurrence: Sendable {
  /// The start.
  public let start: OccurrenceTime
  /// The end, exclusive: an all-day occurrence's first day after it; equal to `start` for an
  /// instant.
  public let end: OccurrenceTime
  /// The instance's original start, what a `RECURRENCE-ID` names; nil for an event that does
  /// not recur.
  public let recurrenceID: OccurrenceTime?
  /// The instance's original start on the series' wall clock (in the zone of its `DTSTART`;
  /// midnight for an all-day series); nil when `recurrenceID` is.
  ///
  /// What a `RECURRENCE-ID` of another value type or zone is matched with: a DATE names the
  /// instance of its day there, a floating time the instance at that time there.
  public let recurrenceWallClock: LocalDateTime?
  /// The text: the event's, or its override's.
  public let fields: EventFields
  /// Whether an override (a `RECURRENCE-ID` component) gave this occurrence.
  public let isOverride: Bool

  /// An occurrence as given: what an index that kept one gives back.
  public init(
    start: OccurrenceTime, end: OccurrenceTime, recurrenceID: OccurrenceTime?,
    recurrenceWallClock: LocalDateTime? = nil, fields: EventFields, isOverride: Bool
  ) {
    self.start = start
    self.end = end
    self.recurrenceID = recurrenceID
    self.recurrenceWallClock = recurrenceWallClock
    self.fields = fields
    self.isOverride = isOverride
  }

  /// Whether the occurrence is all-day.
  public var isAllDay: Bool {
    if case .day = start { return true }
    return false
  }

  /// The days of `userZone` the occurrence covers, its end exclusive: an evening event that
  /// ends after midnight is on both days, one that ends at midnight only on the first; an
  /// all-day event covers its dates wherever the user is; an instant covers its day.
  public func days(in userZone: any ZoneRules) -> ClosedRange<Day> {
    switch (start, end) {
    case (.day(let first), .day(let end)):
      return first...max(first, end.previous ?? first)
    default:
      let startInstant = start.instant(in: userZone)
      let endInstant = end.instant(in: userZone)
      let first = start.local(in: userZone).day
      guard endInstant > startInstant else { return first...first }
      let lastMoment = OccurrenceTime.instant(endInstant - 1).local(in: userZone).day
      return first...max(first, lastMoment)
    }
  }

  /// Whether the occurrence overlaps `window` (instants; end exclusive, an instant counts in
  /// the window that holds it).
  public func overlaps(_ window: Range<Int>, userZone: any ZoneRules) -> Bool {
    let startInstant = start.instant(in: userZone)
    let endInstant = end.instant(in: userZone)
    if endInstant <= startInstant { return window.contains(startInstant) }
    return startInstant < window.upperBound && endInstant > window.lowerBound
  }
}

/// The occurrences of an event in a window, and the bounds met on the way.
public struct OccurrencePage: Sendable {
  /// The occurrences, ordered by start, then end.
  public let occurrences: [Occurrence]
  /// Bounds met (a window's limit, a search budget): the list may be short.
  public let notices: [SeriesNotice]
}

/// The result of looking for one occurrence of an event.
public typealias OccurrenceSearch = BoundedSearch<Occurrence>

extension BoundedSearch where Found == Occurrence {
  /// The occurrence found, if any.
  public var occurrence: Occurrence? { value }
}

/// Bounds on where an event's occurrences lie, learned once: a page outside them skips the
/// event with one comparison.
public struct EventExtent: Sendable {
  /// No occurrence starts before this instant; nil when the event has no occurrence.
  public let earliestStart: Int?
  /// No occurrence ends after this instant; nil when the event recurs without end (or its
  /// end is not known: `notices` says why).
  public let latestEnd: Int?
  /// Bounds the series met.
  public let notices: [SeriesNotice]

  /// Whether an occurrence may overlap `window`.
  public func mayOverlap(_ window: Range<Int>) -> Bool {
    guard let earliestStart else { return false }
    return earliestStart < window.upperBound && (latestEnd.map { $0 >= window.lowerBound } ?? true)
  }
}
