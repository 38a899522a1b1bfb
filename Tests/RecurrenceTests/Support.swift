import CalendarPaging
import Recurrence
import Testing

/// Shared helpers of the recurrence tests.
enum Support {
  /// A series read from iCalendar text: `start` (`20240501T090000`, `…Z`, `20240501`), in
  /// `zone` when given, and its rules.
  static func series(
    _ start: String, _ rules: String..., zone: (any ZoneRules)? = nil, dates: [String] = [],
    exceptions: [String] = []
  ) throws -> RecurrenceSet {
    RecurrenceSet(
      start: try DateTimeValue(parsing: start, zone: zone),
      rules: try rules.map { try RecurrenceRule(parsing: $0, untilZone: zone) },
      dates: try dates.map { try RecurrenceDate(parsing: $0, zone: zone) },
      exceptions: try exceptions.map { try DateTimeValue(parsing: $0, zone: zone) })
  }

  /// The wall-clock times of the instances in `from…to` (instants of the UTC wall clock for
  /// a UTC or fixed series: the user's zone is UTC), as `YYYYMMDDTHHMMSS`.
  static func locals(
    _ series: RecurrenceSet, from: String, to: String, userZone: any ZoneRules = FixedOffsetZone.utc
  ) throws -> [String] {
    let window = try instant(from)..<instant(to)
    return series.instances(in: window, userZone: userZone).instances.map { compact($0.local) }
  }

  /// The instant of a UTC time written `YYYYMMDDTHHMMSS` (or a date's midnight).
  static func instant(_ text: String) throws -> Int {
    try DateTimeValue(parsing: text).local.secondsSinceEpoch
  }

  /// `YYYYMMDDTHHMMSS`.
  static func compact(_ local: LocalDateTime) -> String {
    local.description.filter { $0 != "-" && $0 != ":" }
  }

  /// `count` days at `time` (`HHMMSS`) from `first` (`YYYYMMDD`), `step` days apart.
  static func daily(_ first: String, count: Int, step: Int = 1, at time: String = "090000")
    throws -> [String]
  {
    let day = try DateTimeValue(parsing: first).local.day
    return (0..<count).map {
      String(compact(LocalDateTime(day: day.adding(days: $0 * step)!, secondOfDay: 0)).prefix(8))
        + "T" + time
    }
  }
}
