public import CalendarPaging

/// A RANGE argument as typed, resolved to days only when the command runs.
///
/// RANGE is a DATE (that one day, or every day of a month or an ISO week), `DATE..DATE` (both
/// days included), `DATE..` (to 9999-12-31), `..DATE` (from 0001-01-01), a month `YYYY-MM` or
/// a year `YYYY`. Either side of `..` may also be a month, a week or a year, standing for its
/// first day on the left and its last on the right: `2024-01..2024-03` is the first quarter of
/// 2024. A range that ends before it starts is an error, not swapped: it is more likely a typo
/// than a wish.
public struct RangeExpression: Hashable, Sendable, CustomStringConvertible {
  /// One side of a range: a day, a month or a year.
  public enum Bound: Hashable, Sendable, CustomStringConvertible {
    /// A DATE: one day.
    case date(DateExpression)
    /// `YYYY-MM`: every day of the month.
    case month(year: Int, month: Int)
    /// `YYYY`: every day of the year.
    case year(Int)
    /// Nothing, beside `..`: the calendar's first day on the left, its last on the right.
    case open

    /// The days this bound covers.
    ///
    /// - Throws: `DateExpressionError.outOfRange` from a DATE that leaves the calendar.
    public func days(today: Day, selected: Day) throws(DateExpressionError) -> ClosedRange<Day> {
      switch self {
      case .date(let expression):
        return try expression.days(today: today, selected: selected)
      case .month(let year, let month):
        // Parsing checked year 1…9999 and month 1…12.
        let first = Day(year: year, month: month, day: 1) ?? .first
        return first...first.lastOfMonth
      case .year(let year):
        let first = Day(year: year, month: 1, day: 1) ?? .first
        return first...(Day(year: year, month: 12, day: 31) ?? .last)
      case .open:
        return Day.first...Day.last
      }
    }

    /// Whether the bound covers the same days whatever today and the selected day are.
    public var isAbsolute: Bool {
      if case .date(let expression) = self { return expression.isAbsolute }
      return true
    }

    /// The bound as a user would type it: `2024-05-01`, `+3`, `2024-05`, `2024`.
    public var description: String {
      switch self {
      case .date(let expression): return expression.description
      case .month(let year, let month):
        return Bound.padded(year, to: 4) + "-" + Bound.padded(month, to: 2)
      case .year(let year): return Bound.padded(year, to: 4)
      case .open: return ""
      }
    }

    private static func padded(_ value: Int, to digits: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
  }

  /// The first bound, or the only one.
  public var start: Bound
  /// The bound after `..`; nil for a single DATE, month or year.
  public var end: Bound?

  /// A range of one bound's days.
  public init(_ bound: Bound) {
    self.start = bound
    self.end = nil
  }

  /// The range from the first day of `start` to the last day of `end`.
  public init(from start: Bound, to end: Bound) {
    self.start = start
    self.end = end
  }

  /// Parses a RANGE.
  ///
  /// - Throws: `DateExpressionError` saying what was wrong: a malformed side, an invalid day
  ///   or month, or (when both sides are absolute) an end before the start.
  public init(parsing text: some StringProtocol) throws(DateExpressionError) {
    let bytes = Array(text.utf8)
    var separator: Int?
    if bytes.count >= 2 {
      separator = (0..<(bytes.count - 1)).first {
        bytes[$0] == UInt8(ascii: ".") && bytes[$0 + 1] == UInt8(ascii: ".")
      }
    }
    guard let separator else {
      self.init(try RangeExpression.bound(bytes[...], in: text))
      return
    }
    let startBytes = bytes[..<separator]
    let endBytes = bytes[(separator + 2)...]
    guard !startBytes.isEmpty || !endBytes.isEmpty else { throw .notARange(String(text)) }
    let start = try startBytes.isEmpty ? .open : RangeExpression.bound(startBytes, in: text)
    let end = try endBytes.isEmpty ? .open : RangeExpression.bound(endBytes, in: text)
    self.init(from: start, to: end)
    if start.isAbsolute, end.isAbsolute {
      // Any days will do: absolute bounds ignore them.
      _ = try resolve(today: .first, selected: .first)
    }
  }

  /// The days the range covers.
  ///
  /// - Parameters:
  ///   - today: Today's local date, the base of `today`, `yesterday` and `tomorrow`.
  ///   - selected: The selected day, the base of offsets.
  /// - Returns: The days, first to last.
  /// - Throws: `DateExpressionError.outOfRange` from a side that leaves the calendar, or
  ///   `.reversedRange` when the end is before the start.
  public func resolve(today: Day, selected: Day) throws(DateExpressionError) -> ClosedRange<Day> {
    let first = try start.days(today: today, selected: selected)
    guard let end else { return first }
    let last = try end.days(today: today, selected: selected)
    guard first.lowerBound <= last.upperBound else {
      throw .reversedRange(self, start: first.lowerBound, end: last.upperBound)
    }
    return first.lowerBound...last.upperBound
  }

  /// The range as a user would type it: `2024-05`, `2024-05-01..2024-05-31`, `-7..today`,
  /// `2024-01-01..`.
  public var description: String {
    guard let end else { return start.description }
    return "\(start)..\(end)"
  }

  /// Reads one side of a range; `text` is the whole range, for error messages.
  private static func bound(
    _ bytes: ArraySlice<UInt8>, in text: some StringProtocol
  ) throws(DateExpressionError) -> Bound {
    let digits = { (range: Range<Int>) in
      bytes[range].allSatisfy { (48...57).contains($0) }
    }
    let start = bytes.startIndex
    if bytes.count == 4, digits(start..<start + 4) {
      let year = bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
      guard year >= 1 else { throw .yearZero(String(decoding: bytes, as: UTF8.self)) }
      return .year(year)
    }
    if bytes.count == 7, digits(start..<start + 4), bytes[start + 4] == UInt8(ascii: "-"),
      digits(start + 5..<start + 7)
    {
      let year = bytes[start..<start + 4].reduce(0) { $0 * 10 + Int($1 - 48) }
      let month = bytes[(start + 5)...].reduce(0) { $0 * 10 + Int($1 - 48) }
      let side = String(decoding: bytes, as: UTF8.self)
      guard year >= 1 else { throw .yearZero(side) }
      guard (1...12).contains(month) else { throw .invalidMonth(side, month: month) }
      return .month(year: year, month: month)
    }
    if let date = bytes.withUnsafeBufferPointer({ DateExpression.parse(bytes: $0) }) {
      return .date(date)
    }
    let side = String(decoding: bytes, as: UTF8.self)
    switch DateExpressionError.diagnosingDate(side) {
    case .notADate: throw .notARange(String(text))
    case let error: throw error
    }
  }
}
