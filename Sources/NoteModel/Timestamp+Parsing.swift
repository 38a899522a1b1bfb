internal import CalendarPaging

extension Timestamp {
  /// The form every encoder writes, quoted in error messages as what is expected.
  package static let expectedForm = "YYYY-MM-DDTHH:MM:SS.mmmZ"

  /// Reads an RFC 3339 time from exactly the bytes given; nil when they are not one.
  ///
  /// Liberal, for import: besides the canonical `2024-04-30T18:02:11.250Z` it accepts `t` or a
  /// space for `T`, `z` for `Z`, no fraction or one of any length (digits past the millisecond
  /// are dropped), `,` for `.`, and an offset `+02:00` or `-0530` in place of `Z` (the instant
  /// is converted to UTC). A time with no zone is refused: it names no instant. Allocates
  /// nothing.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    // YYYY-MM-DDTHH:MM:SS is 19 bytes; a zone follows at least.
    guard bytes.count >= 20,
      case .day(let day) = Day.parse(bytes: UnsafeBufferPointer(rebasing: bytes[0..<10]))
    else { return nil }
    let separator = bytes[10]
    guard
      separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
        || separator == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let hour = twoDigits(bytes, 11), let minute = twoDigits(bytes, 14),
      let second = twoDigits(bytes, 17)
    else { return nil }
    var index = 19
    var millisecond = 0
    if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
      index += 1
      var digits = 0
      while index < bytes.count, let digit = digit(bytes[index]) {
        if digits < 3 { millisecond = millisecond * 10 + digit }
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      for _ in digits..<max(digits, 3) { millisecond *= 10 }
    }
    guard
      let local = Timestamp(
        day: day, hour: hour, minute: minute, second: second, millisecond: millisecond),
      index < bytes.count, let offset = zoneOffset(UnsafeBufferPointer(rebasing: bytes[index...]))
    else { return nil }
    return Timestamp(millisecondsSinceEpoch: local.millisecondsSinceEpoch - offset * 60_000)
  }

  /// Minutes east of UTC for `Z`, `z`, `+HH:MM`, `+HHMM` (or `-`); nil for anything else.
  private static func zoneOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    if bytes.count == 1 && (bytes[0] == UInt8(ascii: "Z") || bytes[0] == UInt8(ascii: "z")) {
      return 0
    }
    let sign: Int
    switch bytes.first {
    case UInt8(ascii: "+"): sign = 1
    case UInt8(ascii: "-"): sign = -1
    default: return nil
    }
    let minutesAt: Int
    switch bytes.count {
    case 6 where bytes[3] == UInt8(ascii: ":"): minutesAt = 4
    case 5: minutesAt = 3
    default: return nil
    }
    guard let hours = twoDigits(bytes, 1), hours < 24, let minutes = twoDigits(bytes, minutesAt),
      minutes < 60
    else { return nil }
    return sign * (hours * 60 + minutes)
  }

  package static func digit(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
  }

  package static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
    guard let tens = digit(bytes[index]), let ones = digit(bytes[index + 1]) else { return nil }
    return tens * 10 + ones
  }
}
