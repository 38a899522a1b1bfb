/// An event (`VEVENT`) with its recurrence and its overrides: what a page asks for
/// occurrences.
///
/// The master's `STATUS:CANCELLED` hides the whole series, overrides included; an override
/// with `STATUS:CANCELLED` hides its instance (and, with `RANGE=THISANDFUTURE`, every later
/// one). An override whose `RECURRENCE-ID` names no instance is still shown, at its own time
/// (nothing a user wrote is hidden), unless an `EXDATE` names it.
public struct EventSeries: Sendable {
  /// `UID`.
  public let uid: String
  /// The master's text.
  public let fields: EventFields
  /// The master's start, rules, `RDATE`s and `EXDATE`s.
  public let recurrence: RecurrenceSet
  /// The master's `DTEND` or `DURATION`.
  public let end: EventEnd
  /// The `RECURRENCE-ID` components.
  public let overrides: [EventOverride]

  /// The override (index) of each instance it names exactly.
  let overridden: InstanceMatcher
  /// The `THISANDFUTURE` overrides by their instance's key, ascending: (key order, index).
  let futureOverrides: [(order: Int, index: Int)]
  /// How far a `THISANDFUTURE` override moves later instances, at most either way, seconds.
  let shiftRange: ClosedRange<Int>
  /// The longest an occurrence of the master (an `RDATE` PERIOD included) lasts, about,
  /// seconds: how far before a window an instance may start and still reach into it.
  let lengthBound: Int

  /// The event `uid` starting at `start`, lasting as `end` says, recurring by `rules`,
  /// `dates` and `exceptions`, with `overrides`.
  public init(
    uid: String, start: DateTimeValue, end: EventEnd = .none, rules: [RecurrenceRule] = [],
    dates: [RecurrenceDate] = [], exceptions: [DateTimeValue] = [],
    fields: EventFields = EventFields(), overrides: [EventOverride] = []
  ) {
    self.uid = uid
    self.fields = fields
    self.end = end
    self.overrides = overrides
    recurrence = RecurrenceSet(start: start, rules: rules, dates: dates, exceptions: exceptions)
    let placement = recurrence.placement
    overridden = InstanceMatcher(overrides.map(\.recurrenceID), placement: placement)
    var future: [(order: Int, index: Int)] = []
    // The shifts and lengths, kept as their extremes.
    var shifts = 0...0
    var longest = Self.lengthBound(end, start: start)
    for (index, override) in overrides.enumerated() where override.thisAndFuture {
      future.append((Self.order(override.recurrenceID, placement: placement), index))
      let shift = Self.shift(override, placement: placement)
      shifts = min(shifts.lowerBound, shift)...max(shifts.upperBound, shift)
      longest = max(longest, Self.lengthBound(override.end, start: override.start))
    }
    futureOverrides = future.count > 1 ? future.sorted { $0.order < $1.order } : future
    shiftRange = shifts
    for case .period(let periodStart, let periodEnd) in dates {
      switch periodEnd {
      case .at(let end):
        longest = max(
          longest, abs(end.local.secondsSinceEpoch - periodStart.local.secondsSinceEpoch))
      case .after(let duration):
        longest = max(longest, Self.lengthBound(.after(duration), start: start))
      }
    }
    lengthBound = longest
  }

  /// About the longest an occurrence of a component starting at `start` and ending as `end`
  /// says lasts, in seconds (a change of offset aside: callers add that slack).
  static func lengthBound(_ end: EventEnd, start: DateTimeValue) -> Int {
    switch end {
    case .none: return start.isDate ? 86_400 : 0
    case .at(let end):
      // Another zone's end may be up to a day of offsets away from the start's wall clock.
      let spill = end.isDate || start.isDate ? 86_400 : 0
      return max(0, end.local.secondsSinceEpoch - start.local.secondsSinceEpoch) + spill
        + SeriesPlacement.largestOffset * 2
    case .after(let duration):
      return max(0, duration.days * 86_400 + duration.seconds + (start.isDate ? 86_399 : 0))
    }
  }

  /// Where an instance named by `value` falls in the series' order: its day (all-day), its
  /// wall-clock seconds (floating) or its instant, as `InstanceKey` compares them.
  static func order(_ value: DateTimeValue, placement: SeriesPlacement) -> Int {
    switch placement {
    case .allDay: return value.local.day.dayNumber
    case .floating: return value.local.secondsSinceEpoch
    case .zone(let zone):
      if case .date(let day) = value {
        return zone.instant(of: LocalDateTime(day: day, secondOfDay: 0))
      }
      return value.instant(floatingIn: zone)
    }
  }

  /// The order of an instance, as `order(_:placement:)`.
  func order(of instance: RecurrenceInstance) -> Int {
    switch recurrence.placement {
    case .allDay: return instance.local.day.dayNumber
    case .floating: return instance.local.secondsSinceEpoch
    case .zone: return instance.instant
    }
  }

  /// How far a `THISANDFUTURE` override moves the instances it covers, in seconds of the
  /// series' wall clock (so a move from 09:00 to 10:00 stays at 10:00 across a change of
  /// summer time): its start less its `RECURRENCE-ID`.
  static func shift(_ override: EventOverride, placement: SeriesPlacement) -> Int {
    wall(override.start, placement: placement) - wall(override.recurrenceID, placement: placement)
  }

  /// `value` on the series' wall clock, in seconds.
  static func wall(_ value: DateTimeValue, placement: SeriesPlacement) -> Int {
    switch (placement, value) {
    case (.zone(let zone), .utc), (.zone(let zone), .zoned):
      let instant = value.instant(floatingIn: zone)
      return zone.wallSeconds(at: instant)
    default:
      return value.local.secondsSinceEpoch
    }
  }

  /// Whether the master is cancelled, hiding the series.
  public var isCancelled: Bool { fields.isCancelled }
}
