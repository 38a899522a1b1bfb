import CalendarPaging

/// A recurrence set (RFC 5545 §3.8.5): a start, its rules, `RDATE`s and `EXDATE`s, whose
/// instances are computed around the window asked for, never expanded whole.
///
/// Rules recur on the wall clock of the start's zone (a 09:00 Berlin series stays at 09:00
/// across a change of summer time); only then does each time become an instant. A time in a
/// gap is read with the offset before the gap and kept (counted toward `COUNT`), one in an
/// overlap is the first of the two: the zone's `instant(of:)`, a deliberate exception to
/// §3.3.10, as Google, Apple, dateutil and recurring-ical-events make it. Invalid dates are
/// skipped, duplicates collapse, `EXDATE` matches by instant whatever its value type or zone
/// (a DATE matches the instance on that day). The start is always an instance; it counts
/// toward a rule's `COUNT` when the rule yields it.
///
/// Every query is bounded (`SearchBudget`): a rule that yields nothing, or nothing for
/// centuries, costs a bounded search and says so in a `SeriesNotice`.
public struct RecurrenceSet: Sendable {
  /// The series' start, `DTSTART`.
  public let start: DateTimeValue
  /// The rules, `RRULE`s.
  public let rules: [RecurrenceRule]
  /// The `RDATE` values.
  public let dates: [RecurrenceDate]
  /// The `EXDATE` values.
  public let exceptions: [DateTimeValue]

  let placement: SeriesPlacement
  let expansions: [RuleExpansion]
  /// `DTSTART` and the `RDATE`s, sorted by wall-clock time.
  let extraPoints: [SeriesPoint]
  let excluded: InstanceMatcher

  /// The set of `start`, `rules`, `dates` and `exceptions`.
  public init(
    start: DateTimeValue, rules: [RecurrenceRule] = [], dates: [RecurrenceDate] = [],
    exceptions: [DateTimeValue] = []
  ) {
    self.start = start
    self.rules = rules
    self.dates = dates
    self.exceptions = exceptions
    let placement = SeriesPlacement(start)
    self.placement = placement
    let startLocal = start.local
    // Each rule read where it is, not copied: a rule is a value of many parts.
    expansions = rules.withUnsafeBufferPointer { rules in
      rules.indices.map { index in
        let rule = rules.baseAddress! + index
        return RuleExpansion(
          rule: rule, index: index, start: startLocal, isDateOnly: start.isDate,
          until: rule.pointee.until.map {
            Self.untilBound($0, placement: placement, startIsDate: start.isDate)
          })
      }
    }
    var points = [SeriesPoint(local: startLocal)]
    for date in dates {
      var point = Self.point(date.start, placement: placement)
      if case .period(_, let end) = date { point.periodEnd = end }
      points.append(point)
    }
    extraPoints = points.count > 1 ? points.sorted { $0.local < $1.local } : points
    excluded = InstanceMatcher(exceptions, placement: placement)
  }

  /// An `RDATE` value on the series' wall clock.
  static func point(_ value: DateTimeValue, placement: SeriesPlacement) -> SeriesPoint {
    switch (placement, value) {
    case (.allDay, _), (_, .date):
      return SeriesPoint(local: LocalDateTime(day: value.local.day, secondOfDay: 0))
    case (.floating, _), (.zone, .floating):
      return SeriesPoint(local: value.local)
    case (.zone(let zone), .utc), (.zone(let zone), .zoned):
      let instant = value.instant(floatingIn: zone)
      let wall = LocalDateTime(secondsSinceEpoch: zone.wallSeconds(at: instant))
      return SeriesPoint(local: wall ?? value.local, instant: instant)
    }
  }

  /// Where `UNTIL` ends a rule of a series placed so.
  static func untilBound(_ until: DateTimeValue, placement: SeriesPlacement, startIsDate: Bool)
    -> UntilBound
  {
    let endOfDay = LocalDateTime(day: until.local.day, secondOfDay: 86_399)
    switch (placement, until) {
    case (_, .date), (.allDay, _):
      // A DATE bound, or any bound of an all-day series: the whole of that day.
      return .local(startIsDate || until.isDate ? endOfDay : until.local)
    case (.floating, _):
      return .local(until.local)
    case (.zone(let zone), _):
      let instant = until.instant(floatingIn: zone)
      let (offset, slack) = SeriesPlacement.slack(zone)
      let cutoff =
        LocalDateTime(secondsSinceEpoch: instant + offset + slack)
        ?? LocalDateTime(day: instant < 0 ? .first : .last, secondOfDay: instant < 0 ? 0 : 86_399)
      return slack == 0 ? .local(cutoff) : .instant(instant, zone: zone, cutoff: cutoff)
    }
  }

  /// The key that identifies `point`, placed in `zone` (the series' zone, or the user's for an
  /// all-day or floating series).
  func key(_ point: SeriesPoint, zone: any ZoneRules) -> InstanceKey {
    switch placement {
    case .allDay: return .day(point.local.day.dayNumber)
    case .floating: return .local(point.local.secondsSinceEpoch)
    case .zone(let zone): return .instant(point.instant ?? zone.instant(of: point.local))
    }
  }

  /// The instant of `point` placed in `zone`.
  func instant(_ point: SeriesPoint, zone: any ZoneRules) -> Int {
    point.instant ?? zone.instant(of: point.local)
  }

  /// Whether an `EXDATE` names `point`.
  func isExcluded(_ point: SeriesPoint, zone: any ZoneRules) -> Bool {
    !excluded.isEmpty && excluded.match(point, key: key(point, zone: zone)) != nil
  }
}
