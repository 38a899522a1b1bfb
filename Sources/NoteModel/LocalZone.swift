public import CalendarPaging

/// The local time zone, as a function from an instant to its UTC offset: how the codecs turn a
/// UTC time into a local date (`$TZ`) without a time zone database of their own.
///
/// The codecs stay pure: the command line passes a zone built on `localtime_r`, tests pass a
/// fixed one.
///
/// ```swift
/// let berlinSummer = LocalZone.fixed(offsetSeconds: 7200)
/// let zone = LocalZone { unixSeconds in offsetFromLocaltime(unixSeconds) }
/// ```
public struct LocalZone: Sendable {
  private let offset: @Sendable (Int) -> Int

  /// A zone whose UTC offset, in seconds east of UTC, at `unixSeconds` is
  /// `utcOffset(unixSeconds)` (what `localtime_r`'s `tm_gmtoff` gives).
  public init(utcOffset: @escaping @Sendable (_ unixSeconds: Int) -> Int) {
    self.offset = utcOffset
  }

  /// UTC itself.
  public static let utc = LocalZone { _ in 0 }

  /// A zone that is always `offsetSeconds` east of UTC.
  public static func fixed(offsetSeconds: Int) -> LocalZone {
    LocalZone { _ in offsetSeconds }
  }

  /// The UTC offset in seconds east of UTC at `unixSeconds`.
  public func utcOffset(at unixSeconds: Int) -> Int {
    offset(unixSeconds)
  }

  /// The local date of an instant; nil when it falls outside 0001-01-01…9999-12-31 there.
  public func day(of timestamp: Timestamp) -> Day? {
    let seconds = floorDivide(timestamp.millisecondsSinceEpoch, 1000)
    return Day(unixSeconds: seconds, utcOffset: offset(seconds))
  }

  /// The instant at a local wall-clock time; nil outside the calendar's bounds.
  ///
  /// In a gap or an overlap of a change of offset, the instant is found from the offset in
  /// force just after it.
  public func timestamp(day: Day, hour: Int, minute: Int, second: Int) -> Timestamp? {
    guard let wall = Timestamp(day: day, hour: hour, minute: minute, second: second) else {
      return nil
    }
    let wallSeconds = wall.millisecondsSinceEpoch / 1000
    let guess = wallSeconds - offset(wallSeconds)
    let seconds = wallSeconds - offset(guess)
    return Timestamp(millisecondsSinceEpoch: seconds * 1000)
  }
}
