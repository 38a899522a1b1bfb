public import CalendarPaging

/// A wall-clock date and time with no zone attached: a civil day and the seconds since its
/// midnight.
///
/// What a recurrence rule steps through: a rule recurs in the wall-clock time of its start's
/// zone (`FREQ=DAILY` at 09:00 Berlin stays at 09:00 across a change of summer time), and only
/// then is each local time turned into an instant by the zone's rules.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The civil date.
  public let day: Day
  /// Seconds since the day's midnight, 0..<86_400.
  public let secondOfDay: Int

  /// The local time `secondOfDay` seconds after the midnight that starts `day`.
  ///
  /// - Precondition: `0 <= secondOfDay < 86_400`.
  public init(day: Day, secondOfDay: Int) {
    precondition((0..<86_400).contains(secondOfDay), "a second of the day is 0..<86400")
    self.day = day
    self.secondOfDay = secondOfDay
  }

  /// The local time at `hour:minute:second` on `day`; nil when a part is out of range.
  public init?(day: Day, hour: Int, minute: Int, second: Int) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else {
      return nil
    }
    self.init(day: day, secondOfDay: hour * 3600 + minute * 60 + second)
  }

  /// The local time `seconds` seconds after 1970-01-01T00:00:00 (wall clock, no zone); nil
  /// outside 0001-01-01…9999-12-31.
  public init?(secondsSinceEpoch seconds: Int) {
    // Checked before any arithmetic: negating or rounding `Int.min` would trap.
    guard Self.secondsRange.contains(seconds) else { return nil }
    let dayNumber = Civil.floorDivide(seconds, 86_400)
    guard let day = Day(dayNumber: dayNumber) else { return nil }
    self.init(day: day, secondOfDay: seconds - dayNumber * 86_400)
  }

  /// The seconds since the epoch of 0001-01-01T00:00:00 to 9999-12-31T23:59:59.
  public static let secondsRange =
    Day.first.dayNumber * 86_400...Day.last.dayNumber * 86_400 + 86_399

  /// Seconds since 1970-01-01T00:00:00 on the same wall clock: the instant this local time
  /// would be in UTC.
  public var secondsSinceEpoch: Int { day.dayNumber * 86_400 + secondOfDay }

  /// The hour, minute and second.
  public var time: (hour: Int, minute: Int, second: Int) {
    (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
  }

  /// Orders local times on one wall clock.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.day, lhs.secondOfDay) < (rhs.day, rhs.secondOfDay)
  }

  /// `YYYY-MM-DDTHH:MM:SS`.
  public var description: String {
    let (hour, minute, second) = time
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(day)T\(two(hour)):\(two(minute)):\(two(second))"
  }
}
