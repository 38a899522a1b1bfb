public import CalendarPaging

/// An instant in UTC with millisecond precision, from 0001-01-01T00:00:00.000Z to
/// 9999-12-31T23:59:59.999Z: a note's `created` and `updated` times.
///
/// The canonical text form is `YYYY-MM-DDTHH:MM:SS.mmmZ`; it is what every encoder writes.
/// All arithmetic is on integers: no Foundation, no time zone database.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible,
  LosslessStringConvertible
{
  /// Milliseconds since 1970-01-01T00:00:00Z; negative before it.
  public let millisecondsSinceEpoch: Int

  /// Milliseconds in one day.
  package static let millisecondsPerDay = 86_400_000

  /// The earliest instant, 0001-01-01T00:00:00.000Z.
  public static let earliest = Timestamp(
    uncheckedMilliseconds: Day.first.dayNumber * millisecondsPerDay)
  /// The latest instant, 9999-12-31T23:59:59.999Z.
  public static let latest = Timestamp(
    uncheckedMilliseconds: (Day.last.dayNumber + 1) * millisecondsPerDay - 1)

  /// The instant the given number of milliseconds after the Unix epoch, or nil outside
  /// 0001-01-01T00:00:00.000Z…9999-12-31T23:59:59.999Z.
  public init?(millisecondsSinceEpoch: Int) {
    guard
      millisecondsSinceEpoch >= Timestamp.earliest.millisecondsSinceEpoch
        && millisecondsSinceEpoch <= Timestamp.latest.millisecondsSinceEpoch
    else { return nil }
    self.millisecondsSinceEpoch = millisecondsSinceEpoch
  }

  init(uncheckedMilliseconds: Int) {
    self.millisecondsSinceEpoch = uncheckedMilliseconds
  }

  /// The instant at the given time of day (UTC) on `day`; nil when a field is out of range
  /// (hour 0…23, minute 0…59, second 0…59, millisecond 0…999).
  public init?(day: Day, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
      (0..<1000).contains(millisecond)
    else { return nil }
    let milliseconds = ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
    self.init(uncheckedMilliseconds: day.dayNumber * Timestamp.millisecondsPerDay + milliseconds)
  }

  /// Orders instants chronologically.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
  }

  /// The UTC day the instant falls on.
  public var day: Day {
    Day(dayNumber: floorDivide(millisecondsSinceEpoch, Timestamp.millisecondsPerDay))!
  }

  /// The time of day in UTC.
  public var timeOfDay: (hour: Int, minute: Int, second: Int, millisecond: Int) {
    let remainder = floorModulo(millisecondsSinceEpoch, Timestamp.millisecondsPerDay)
    return (
      remainder / 3_600_000, remainder / 60_000 % 60, remainder / 1000 % 60, remainder % 1000
    )
  }

  /// The same instant with the milliseconds dropped (rounded down to the second).
  public var truncatedToSecond: Timestamp {
    Timestamp(
      uncheckedMilliseconds: millisecondsSinceEpoch - floorModulo(millisecondsSinceEpoch, 1000))
  }

  /// The canonical form, `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  public var description: String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.isoLength) { buffer in
      writeISO(to: buffer.baseAddress!)
      return String(decoding: buffer, as: UTF8.self)
    }
  }

  /// Reads a time as `Timestamp.parse(bytes:)` does (RFC 3339, liberally); nil when it is
  /// not one.
  public init?(_ description: String) {
    var text = description
    guard let timestamp = text.withUTF8({ Timestamp.parse(bytes: $0) }) else { return nil }
    self = timestamp
  }

  /// The length of the canonical form, 24 bytes.
  public static let isoLength = 24

  /// Writes the 24 bytes of `YYYY-MM-DDTHH:MM:SS.mmmZ` to `destination`.
  public func writeISO(to destination: UnsafeMutablePointer<UInt8>) {
    day.writeISO(to: destination)
    let (hour, minute, second, millisecond) = timeOfDay
    destination[10] = UInt8(ascii: "T")
    Timestamp.writeTwoDigits(hour, to: destination + 11)
    destination[13] = UInt8(ascii: ":")
    Timestamp.writeTwoDigits(minute, to: destination + 14)
    destination[16] = UInt8(ascii: ":")
    Timestamp.writeTwoDigits(second, to: destination + 17)
    destination[19] = UInt8(ascii: ".")
    destination[20] = UInt8(ascii: "0") + UInt8(millisecond / 100)
    Timestamp.writeTwoDigits(millisecond % 100, to: destination + 21)
    destination[23] = UInt8(ascii: "Z")
  }

  /// Appends the 24 bytes of `YYYY-MM-DDTHH:MM:SS.mmmZ` to `bytes`.
  public func appendISO(to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.isoLength) { buffer in
      writeISO(to: buffer.baseAddress!)
      bytes.append(contentsOf: buffer)
    }
  }

  /// Appends the 16 bytes of the iCalendar UTC form `YYYYMMDDTHHMMSSZ` (milliseconds dropped).
  package func appendBasic(to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
      let out = buffer.baseAddress!
      Timestamp.writeBasicDate(day, to: out)
      let (hour, minute, second, _) = timeOfDay
      out[8] = UInt8(ascii: "T")
      Timestamp.writeTwoDigits(hour, to: out + 9)
      Timestamp.writeTwoDigits(minute, to: out + 11)
      Timestamp.writeTwoDigits(second, to: out + 13)
      out[15] = UInt8(ascii: "Z")
      bytes.append(contentsOf: buffer)
    }
  }

  /// Writes the 8 bytes of the iCalendar date form `YYYYMMDD`.
  package static func writeBasicDate(_ day: Day, to destination: UnsafeMutablePointer<UInt8>) {
    let (year, month, dayOfMonth) = day.components
    writeTwoDigits(year / 100, to: destination)
    writeTwoDigits(year % 100, to: destination + 2)
    writeTwoDigits(month, to: destination + 4)
    writeTwoDigits(dayOfMonth, to: destination + 6)
  }

  static func writeTwoDigits(_ value: Int, to destination: UnsafeMutablePointer<UInt8>) {
    destination[0] = UInt8(ascii: "0") + UInt8(value / 10)
    destination[1] = UInt8(ascii: "0") + UInt8(value % 10)
  }
}

/// `a / b` rounded towards negative infinity (`b` > 0).
func floorDivide(_ a: Int, _ b: Int) -> Int {
  a >= 0 ? a / b : -((-a + b - 1) / b)
}

/// `a mod b` in `0..<b` (`b` > 0).
func floorModulo(_ a: Int, _ b: Int) -> Int {
  let remainder = a % b
  return remainder < 0 ? remainder + b : remainder
}
