import CalendarPaging

/// Where a series' wall-clock times lie on the time line: in the user's zone (an all-day or
/// floating series) or in the zone of its start.
enum SeriesPlacement: Sendable {
  /// A DATE start: days, shown wherever the user is.
  case allDay
  /// A floating DATE-TIME start: wall-clock times, shown as written.
  case floating
  /// A UTC or zoned start: instants.
  case zone(any ZoneRules)

  /// The placement of a series that starts at `start`.
  init(_ start: DateTimeValue) {
    switch start {
    case .date: self = .allDay
    case .floating: self = .floating
    case .utc: self = .zone(FixedOffsetZone.utc)
    case .zoned(_, let zone): self = .zone(zone)
    }
  }

  /// The zone wall-clock times are read in, given the user's.
  func zone(userZone: any ZoneRules) -> any ZoneRules {
    if case .zone(let zone) = self { return zone }
    return userZone
  }

  /// The most a zone's offset from UTC may be, either way: more than any zone has had
  /// (UTC-12 to UTC+14, and local mean times of up to ±15:57 before standard time).
  static let largestOffset = 26 * 3600

  /// How far instants and wall-clock times can be apart in `zone` beyond its offset: none
  /// for a fixed offset, else `largestOffset` either way.
  static func slack(_ zone: any ZoneRules) -> (offset: Int, slack: Int) {
    if let offset = zone.fixedOffset { return (offset, 0) }
    return (0, largestOffset)
  }
}

/// One candidate instance from a rule, `DTSTART` or an `RDATE`.
struct SeriesPoint: Sendable {
  /// On the series' wall clock.
  var local: LocalDateTime
  /// The instant, when an `RDATE` fixes it (a UTC value, or one in another zone).
  var instant: Int?
  /// An `RDATE` PERIOD's end.
  var periodEnd: RecurrenceDate.PeriodEnd?
}

/// What identifies an instance: its day (all-day), its wall-clock time (floating) or its
/// instant, so that duplicates collapse and `EXDATE`/`RECURRENCE-ID` values match by instant
/// whatever their value type or zone.
enum InstanceKey: Hashable, Sendable {
  case day(Int)
  case local(Int)
  case instant(Int)
}

/// A set of `EXDATE` or `RECURRENCE-ID` values, matched against instances.
struct InstanceMatcher: Sendable {
  /// Values naming one instance.
  private(set) var keys: [InstanceKey: Int] = [:]
  /// DATE values: they name the instance on that day (of the series' wall clock).
  private(set) var days: [Int: Int] = [:]

  /// The matcher of `values`, each mapped to its index in the list (the last wins).
  init(_ values: [DateTimeValue], placement: SeriesPlacement) {
    for (index, value) in values.enumerated() {
      switch (placement, value) {
      case (_, .date), (.allDay, _):
        days[value.local.day.dayNumber] = index
      case (.floating, _):
        keys[.local(value.local.secondsSinceEpoch)] = index
      case (.zone(let zone), .floating(let local)):
        keys[.instant(zone.instant(of: local))] = index
      case (.zone, .utc(let local)):
        keys[.instant(local.secondsSinceEpoch)] = index
      case (.zone, .zoned(let local, let zone)):
        keys[.instant(zone.instant(of: local))] = index
      }
    }
  }

  /// Whether the matcher holds no value.
  var isEmpty: Bool { keys.isEmpty && days.isEmpty }

  /// The index of the value that names the instance `point` with key `key`, if any.
  func match(_ point: SeriesPoint, key: InstanceKey) -> Int? {
    if let index = keys[key] { return index }
    return days.isEmpty ? nil : days[point.local.day.dayNumber]
  }
}
