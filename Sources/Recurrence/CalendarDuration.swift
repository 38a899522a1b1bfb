/// An iCalendar DURATION (RFC 5545 §3.3.6): a nominal part in days (weeks are seven days) and
/// an exact part in seconds, both carrying the value's sign.
///
/// The days are counted on the wall clock (`P1D` ends at the same local time the next day,
/// even across a change of summer time), the seconds on the time line, days first as §3.3.6
/// says.
public struct CalendarDuration: Hashable, Sendable, CustomStringConvertible {
  /// Nominal days, weeks included; negative for a negative duration.
  public let days: Int
  /// Exact seconds (hours, minutes and seconds); negative for a negative duration.
  public let seconds: Int

  /// The duration of `days` nominal days and `seconds` exact seconds.
  public init(days: Int = 0, seconds: Int = 0) {
    self.days = days
    self.seconds = seconds
  }

  /// Reads `[+|-]P…`: `P15DT5H0M20S`, `PT1H30M`, `P2W`, `-PT15M`.
  ///
  /// - Throws: `RecurrenceError.invalidDuration` for any other text, and for a value too large
  ///   to mean anything within 0001…9999.
  public init(parsing text: some StringProtocol) throws(RecurrenceError) {
    // A native string's bytes are read in place; any other text is copied once.
    let parsed =
      text.utf8.withContiguousStorageIfAvailable(Self.parse)
      ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
    guard let (days, seconds) = parsed else { throw .invalidDuration(String(text)) }
    self.init(days: days, seconds: seconds)
  }

  /// Reads a value from its UTF-8 bytes, as `init(parsing:)` reads its text: what a reader of
  /// content lines calls with a value's bytes, without making a string of them.
  package init(parsingUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(RecurrenceError) {
    guard let (days, seconds) = Self.parse(bytes) else {
      throw .invalidDuration(String(decoding: bytes, as: UTF8.self))
    }
    self.init(days: days, seconds: seconds)
  }

  /// Days and seconds of the grammar `dur-value`, nil when the bytes do not follow it.
  ///
  /// Hours, minutes and seconds may skip one another (`PT1H30S`), as many writers do; each
  /// comes at most once and in that order.
  private static func parse(_ input: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
    var bytes = input[...]
    var sign = 1
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      bytes = bytes.dropFirst()
    }
    guard bytes.popFirst() == UInt8(ascii: "P"), !bytes.isEmpty else { return nil }
    var days = 0
    if bytes.first != UInt8(ascii: "T") {
      guard let (value, unit) = component(&bytes) else { return nil }
      switch unit {
      case UInt8(ascii: "W"):
        guard bytes.isEmpty else { return nil }
        return (sign * value * 7, 0)
      case UInt8(ascii: "D"):
        days = value
        if bytes.isEmpty { return (sign * days, 0) }
      default:
        return nil
      }
    }
    guard bytes.popFirst() == UInt8(ascii: "T"), !bytes.isEmpty else { return nil }
    var seconds = 0
    // H, M and S, each at most once and in that order: the units still allowed start here.
    var allowed = 0
    while !bytes.isEmpty {
      guard let (value, unit) = component(&bytes) else { return nil }
      let index: Int
      let scale: Int
      switch unit {
      case UInt8(ascii: "H"): (index, scale) = (0, 3600)
      case UInt8(ascii: "M"): (index, scale) = (1, 60)
      case UInt8(ascii: "S"): (index, scale) = (2, 1)
      default: return nil
      }
      guard index >= allowed else { return nil }
      allowed = index + 1
      seconds += value * scale
    }
    return (sign * days, sign * seconds)
  }

  /// Reads digits and the designator after them, nil when either is missing or the number is
  /// too large to mean anything within 0001…9999 (more than a hundred million).
  private static func component(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>) -> (Int, UInt8)? {
    let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    guard digits.count <= 9, let value = ValueScanner.number(digits) else { return nil }
    bytes = bytes.dropFirst(digits.count)
    guard let unit = bytes.popFirst() else { return nil }
    return (value, unit)
  }

  /// Whether the duration is negative.
  public var isNegative: Bool { days < 0 || seconds < 0 }

  /// The end of a span of this duration that starts at the wall-clock time `start` in `zone`:
  /// the days on the wall clock, then the seconds on the time line.
  ///
  /// - Returns: The end instant, or nil when the days leave 0001…9999.
  public func end(startingAt start: LocalDateTime, in zone: any ZoneRules) -> Int? {
    guard let day = start.day.adding(days: days) else { return nil }
    let (end, overflow) = zone.instant(of: LocalDateTime(day: day, secondOfDay: start.secondOfDay))
      .addingReportingOverflow(seconds)
    return overflow ? nil : end
  }

  /// The end, on the same wall clock, of a span of this duration that starts at `start` (a
  /// floating time: no zone, so a day is 86,400 seconds); nil outside 0001…9999.
  public func end(startingAt start: LocalDateTime) -> LocalDateTime? {
    let (dayPart, dayOverflow) = days.multipliedReportingOverflow(by: 86_400)
    let (shift, shiftOverflow) = dayPart.addingReportingOverflow(seconds)
    guard !dayOverflow, !shiftOverflow else { return nil }
    let (end, overflow) = start.secondsSinceEpoch.addingReportingOverflow(shift)
    return overflow ? nil : LocalDateTime(secondsSinceEpoch: end)
  }

  /// The iCalendar form, such as `P1D`, `PT1H30M` or `-P2W` (weeks written as days).
  public var description: String {
    let sign = isNegative ? "-" : ""
    let days = abs(days)
    let seconds = abs(seconds)
    var text = sign + "P"
    if days > 0 { text += "\(days)D" }
    if seconds > 0 || days == 0 {
      text += "T"
      if seconds >= 3600 { text += "\(seconds / 3600)H" }
      if seconds % 3600 >= 60 { text += "\(seconds % 3600 / 60)M" }
      if seconds % 60 > 0 || seconds == 0 { text += "\(seconds % 60)S" }
    }
    return text
  }
}
