public import CalendarPaging

/// An RFC 5545 recurrence rule (`RRULE`, §3.3.10), as read: every part kept as written, the
/// defaults from the series' start applied only when it is expanded.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
  /// The `FREQ` part: the length of one period of the rule.
  public enum Frequency: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// Every second.
    case secondly
    /// Every minute.
    case minutely
    /// Every hour.
    case hourly
    /// Every day.
    case daily
    /// Every week, starting on `weekStart`.
    case weekly
    /// Every month.
    case monthly
    /// Every year.
    case yearly

    /// Orders frequencies from the shortest period to the longest.
    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name the rule writes (`DAILY`).
    public var name: String {
      ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"][rawValue]
    }
  }

  /// One `BYDAY` value: a weekday, with an ordinal within the month or year (`-1FR`, `20MO`)
  /// or none (`TU`: every Tuesday of the period).
  public struct WeekdayNumber: Hashable, Sendable, CustomStringConvertible {
    /// The nth such weekday of the month or year, negative from its end; 0 for every one.
    public let ordinal: Int
    /// The weekday.
    public let weekday: Weekday

    /// `weekday`, the `ordinal`th of its month or year (0: every one).
    public init(_ weekday: Weekday, ordinal: Int = 0) {
      self.weekday = weekday
      self.ordinal = ordinal
    }

    /// `MO`, `1MO`, `-1FR`.
    public var description: String {
      (ordinal == 0 ? "" : "\(ordinal)") + RecurrenceRule.weekdayCodes[weekday.rawValue - 1]
    }
  }

  /// How the rule ends: `UNTIL`'s value.
  public var until: DateTimeValue?
  /// The `FREQ` part.
  public var frequency: Frequency
  /// The `INTERVAL` part: every how many periods (1 when absent).
  public var interval: Int
  /// The `COUNT` part: how many instances the rule yields, its start counted when it yields
  /// it.
  public var count: Int?
  /// `BYSECOND`: seconds 0…60.
  public var bySecond: [Int]
  /// `BYMINUTE`: minutes 0…59.
  public var byMinute: [Int]
  /// `BYHOUR`: hours 0…23.
  public var byHour: [Int]
  /// `BYDAY`: weekdays, with ordinals.
  public var byDay: [WeekdayNumber]
  /// `BYMONTHDAY`: days of the month 1…31, negative from the month's end.
  public var byMonthDay: [Int]
  /// `BYYEARDAY`: days of the year 1…366, negative from the year's end.
  public var byYearDay: [Int]
  /// `BYWEEKNO`: weeks of the year 1…53, negative from the year's end.
  public var byWeekNumber: [Int]
  /// `BYMONTH`: months 1…12.
  public var byMonth: [Int]
  /// `BYSETPOS`: positions 1…366 within a period's set, negative from its end.
  public var bySetPosition: [Int]
  /// `WKST`: the day weeks start on (Monday when absent).
  public var weekStart: Weekday

  /// A rule with the given parts; the lists empty when absent.
  public init(
    frequency: Frequency, interval: Int = 1, count: Int? = nil, until: DateTimeValue? = nil,
    bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [],
    byDay: [WeekdayNumber] = [], byMonthDay: [Int] = [], byYearDay: [Int] = [],
    byWeekNumber: [Int] = [], byMonth: [Int] = [], bySetPosition: [Int] = [],
    weekStart: Weekday = .monday
  ) {
    self.frequency = frequency
    self.interval = interval
    self.count = count
    self.until = until
    self.bySecond = bySecond
    self.byMinute = byMinute
    self.byHour = byHour
    self.byDay = byDay
    self.byMonthDay = byMonthDay
    self.byYearDay = byYearDay
    self.byWeekNumber = byWeekNumber
    self.byMonth = byMonth
    self.bySetPosition = bySetPosition
    self.weekStart = weekStart
  }

  /// Two-letter weekday codes, Monday first (ISO order).
  static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  /// Rules are equal when their parts are; an `UNTIL` compares by the text it writes.
  public static func == (lhs: RecurrenceRule, rhs: RecurrenceRule) -> Bool {
    lhs.description == rhs.description
  }

  /// Hashes the text the rule writes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(description)
  }

  /// The rule as `RRULE` writes it, parts in a fixed order (`FREQ` first).
  public var description: String {
    var parts = ["FREQ=" + frequency.name]
    if let until { parts.append("UNTIL=\(until)") }
    if let count { parts.append("COUNT=\(count)") }
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    func list(_ name: String, _ values: [some CustomStringConvertible]) {
      if !values.isEmpty {
        parts.append(name + "=" + values.map(\.description).joined(separator: ","))
      }
    }
    list("BYSECOND", bySecond)
    list("BYMINUTE", byMinute)
    list("BYHOUR", byHour)
    list("BYDAY", byDay)
    list("BYMONTHDAY", byMonthDay)
    list("BYYEARDAY", byYearDay)
    list("BYWEEKNO", byWeekNumber)
    list("BYMONTH", byMonth)
    list("BYSETPOS", bySetPosition)
    if weekStart != .monday { parts.append("WKST=" + Self.weekdayCodes[weekStart.rawValue - 1]) }
    return parts.joined(separator: ";")
  }
}
