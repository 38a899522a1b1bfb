import DisplayText

/// Why a text is not a day, or why a day cannot be reached.
public enum DayError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not of the form `YYYY-MM-DD` (four, two and two ASCII digits).
  case malformed(String)
  /// The year is 0000; days start at 0001-01-01.
  case yearZero(String)
  /// The month is not 01…12.
  case invalidMonth(String, month: Int)
  /// The month has no such day (`2024-02-30`, `2023-02-29`).
  case invalidDay(String, year: Int, month: Int, day: Int)
  /// A step would leave 0001-01-01…9999-12-31.
  case outOfRange(from: Day, direction: Direction)

  /// The side of the calendar an out-of-range step tried to leave by: before 0001-01-01 or
  /// after 9999-12-31.
  public typealias Direction = PagingSide

  /// One line saying what was wrong and what is accepted.
  public var description: String {
    switch self {
    case .malformed(let text), .yearZero(let text), .invalidDay(let text, _, _, _):
      return "\(Quote.quoted(text)) is not a date: " + reason(expected: "YYYY-MM-DD")
    case .invalidMonth(let text, _):
      return "\(Quote.quoted(text)) is not a date: " + reason(expected: "YYYY-MM-DD") + ", "
        + CalendarLimits.monthRange
    case .outOfRange(let day, let side):
      return "there is no day \(side == .before ? "before" : "after") \(day): "
        + CalendarLimits.edge(side)
    }
  }

  /// The text that is not a day; nil for `outOfRange`, which is about a step, not a text.
  public var text: String? {
    switch self {
    case .malformed(let text), .yearZero(let text), .invalidMonth(let text, _),
      .invalidDay(let text, _, _, _):
      text
    case .outOfRange: nil
    }
  }

  /// Why `text` is not a day, in the words that follow it: `expected YYYY-MM-DD, years 0001
  /// to 9999` (`expected` names the form, which an importer's field words its own way),
  /// `years run from 0001 to 9999`, `there is no month 13`, `February 2023 has 28 days, not
  /// 29`; for `outOfRange`, which has no text, the whole description.
  public func reason(expected: String) -> String {
    switch self {
    case .malformed: "expected \(expected), \(CalendarLimits.years)"
    case .yearZero: CalendarLimits.yearRange
    case .invalidMonth(_, let month): CalendarLimits.noMonth(month)
    case .invalidDay(_, let year, let month, let day):
      "\(Day.monthNames[month - 1]) \(year) has \(Day.daysIn(month: month, year: year)) days, "
        + "not \(day)"
    case .outOfRange: description
    }
  }
}

extension Day {
  /// English month names, January first.
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// Parses the strict ISO 8601 calendar date form `YYYY-MM-DD`.
  ///
  /// Nothing else is accepted: no surrounding spaces, no one-digit months or days, no year
  /// 0000 or beyond 9999, and no day the month does not have.
  ///
  /// - Parameter text: The text to read.
  /// - Throws: `DayError` naming what was wrong.
  public init(parsing text: some StringProtocol) throws(DayError) {
    let result =
      text.utf8.withContiguousStorageIfAvailable { Day.parse(bytes: $0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { Day.parse(bytes: $0) }
    switch result {
    case .day(let day): self = day
    case .malformed: throw .malformed(String(text))
    case .yearZero: throw .yearZero(String(text))
    case .invalidMonth(let month): throw .invalidMonth(String(text), month: month)
    case .invalidDay(let year, let month, let day):
      throw .invalidDay(String(text), year: year, month: month, day: day)
    }
  }

  /// The outcome of reading `YYYY-MM-DD` from bytes, without allocating.
  public enum ParseResult: Sendable, Equatable {
    /// A valid day.
    case day(Day)
    /// Not of the form `YYYY-MM-DD`.
    case malformed
    /// Year 0000.
    case yearZero
    /// A month outside 1…12.
    case invalidMonth(Int)
    /// A day the month does not have.
    case invalidDay(year: Int, month: Int, day: Int)
  }

  /// Reads `YYYY-MM-DD` from exactly the bytes given; the hot path for importers.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> ParseResult {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return .malformed }
    var digits = (0, 0, 0)
    for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
      let digit = Int(byte) &- 48
      guard digit >= 0 && digit <= 9 else { return .malformed }
      switch index {
      case 0...3: digits.0 = digits.0 * 10 + digit
      case 5, 6: digits.1 = digits.1 * 10 + digit
      default: digits.2 = digits.2 * 10 + digit
      }
    }
    let (year, month, day) = digits
    guard year >= 1 else { return .yearZero }
    guard (1...12).contains(month) else { return .invalidMonth(month) }
    guard day >= 1 && day <= daysIn(month: month, year: year) else {
      return .invalidDay(year: year, month: month, day: day)
    }
    return .day(Day(uncheckedDayNumber: dayNumber(year: year, month: month, day: day)))
  }
}
