public import CalendarPaging

/// A DATE argument as typed, resolved to a day only when the command runs.
///
/// DATE is `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, or a signed offset in days from the
/// selected day (`+3`, `-2`, `+0`). `yesterday` and `tomorrow` count from today, offsets from
/// the selected day.
public enum DateExpression: Hashable, Sendable, CustomStringConvertible {
  /// A day given as `YYYY-MM-DD`.
  case day(Day)
  /// `today`.
  case today
  /// `yesterday`: the day before today.
  case yesterday
  /// `tomorrow`: the day after today.
  case tomorrow
  /// `+N` or `-N`: N days after or before the selected day.
  case offset(Int)

  /// The largest offset that can land on a day, from 0001-01-01 to 9999-12-31.
  ///
  /// Larger ones are refused when parsed, so resolving never has to think about overflow.
  public static let maximumOffset = Day.last.dayNumber - Day.first.dayNumber

  /// Parses a DATE.
  ///
  /// - Throws: `DateExpressionError` saying what was wrong and what is accepted.
  public init(parsing text: some StringProtocol) throws(DateExpressionError) {
    let parsed =
      text.utf8.withContiguousStorageIfAvailable { DateExpression.parse(bytes: $0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { DateExpression.parse(bytes: $0) }
    guard let parsed else { throw DateExpressionError.diagnosingDate(String(text)) }
    self = parsed
  }

  /// Reads a DATE from exactly the bytes given, without allocating; nil when it is not one.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> DateExpression? {
    guard let first = bytes.first else { return nil }
    switch first {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      if case .day(let day) = Day.parse(bytes: bytes) { return .day(day) }
      return nil
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard let magnitude = parseDigits(UnsafeBufferPointer(rebasing: bytes.dropFirst())),
        magnitude <= maximumOffset
      else { return nil }
      return .offset(first == UInt8(ascii: "-") ? -magnitude : magnitude)
    default:
      if bytes.elementsEqual("today".utf8) { return .today }
      if bytes.elementsEqual("yesterday".utf8) { return .yesterday }
      if bytes.elementsEqual("tomorrow".utf8) { return .tomorrow }
      return nil
    }
  }

  /// The words a DATE may be besides numbers, for shell completion: keep it in step with
  /// `parse(bytes:)`.
  public static let words = ["today", "yesterday", "tomorrow"]

  /// The value of one or more ASCII digits, or nil when `bytes` is empty, holds anything else,
  /// or is too long to be a useful number (more than 18 digits).
  static func parseDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    return CalendarText.digits(bytes)
  }

  /// The day this expression stands for.
  ///
  /// - Parameters:
  ///   - today: Today's local date, the base of `today`, `yesterday` and `tomorrow`.
  ///   - selected: The selected day, the base of offsets.
  /// - Returns: The day.
  /// - Throws: `DateExpressionError.outOfRange` when the day would be before 0001-01-01 or
  ///   after 9999-12-31.
  public func resolve(today: Day, selected: Day) throws(DateExpressionError) -> Day {
    switch self {
    case .day(let day): return day
    case .today: return today
    case .yesterday: return try step(from: today, by: -1)
    case .tomorrow: return try step(from: today, by: 1)
    case .offset(let count): return try step(from: selected, by: count)
    }
  }

  /// Whether the expression names the same day whatever today and the selected day are.
  public var isAbsolute: Bool {
    if case .day = self { return true }
    return false
  }

  /// The expression as a user would type it: `2024-05-01`, `today`, `+3`, `-2`.
  public var description: String {
    switch self {
    case .day(let day): return day.description
    case .today: return "today"
    case .yesterday: return "yesterday"
    case .tomorrow: return "tomorrow"
    case .offset(let count): return count < 0 ? "\(count)" : "+\(count)"
    }
  }

  private func step(from base: Day, by count: Int) throws(DateExpressionError) -> Day {
    guard let day = base.adding(days: count) else {
      throw .outOfRange(self, from: base, direction: count < 0 ? .before : .after)
    }
    return day
  }
}
