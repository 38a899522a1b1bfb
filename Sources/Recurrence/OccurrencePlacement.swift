public import CalendarPaging

/// Where an occurrence falls in a zone, worked out once: its start and end as instants and,
/// when asked for, its first day.
///
/// What lists sort occurrences by. Placing an occurrence asks the zone's rules (a floating or
/// all-day time, a day's bounds); a sort that asked them at each comparison would ask them
/// `n log n` times, where placements made first ask them `n` times.
public struct OccurrencePlacement: Sendable {
  /// Whether it is all-day.
  public let isAllDay: Bool
  /// Its start as an instant.
  public let start: Int
  /// Its end as an instant.
  public let end: Int
  /// The first day it covers; nil when not asked for.
  public let firstDay: Day?

  /// `occurrence` placed in `userZone`, with its first day when `withFirstDay`.
  public init(_ occurrence: Occurrence, in userZone: any ZoneRules, withFirstDay: Bool = false) {
    isAllDay = occurrence.isAllDay
    start = occurrence.start.instant(in: userZone)
    end = occurrence.end.instant(in: userZone)
    firstDay = withFirstDay ? occurrence.days(in: userZone).lowerBound : nil
  }

  /// The order pages list occurrences in, as far as their placements tell: all-day ones
  /// first, then by start, then by end; nil when the placements are alike.
  public func precedesOnPage(_ other: OccurrencePlacement) -> Bool? {
    if isAllDay != other.isAllDay { return isAllDay }
    if start != other.start { return start < other.start }
    if end != other.end { return end < other.end }
    return nil
  }
}
