public import CalendarPaging
import DisplayText

/// Why a DATE or RANGE argument is not one, or cannot be resolved.
///
/// Every case is a usage error (exit 64), the resolution errors (`outOfRange`, a relative
/// `reversedRange`, `fromAfterTo`) too, though they depend on the selected day and the clock:
/// they are about the argument. A paging step past the calendar's edge is not one of them
/// (`DayError.outOfRange`, a runtime error).
public enum DateExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not any DATE form.
  case notADate(String)
  /// Not any RANGE form.
  case notARange(String)
  /// Of the form `YYYY-MM-DD`, but no such day.
  case invalidDate(DayError)
  /// Of the form `YYYY-MM`, but the month is not 01…12.
  case invalidMonth(String, month: Int)
  /// Of the form `YYYY-Www`, but the year has no such week.
  case invalidWeek(PeriodError)
  /// A year, month or range side in year 0000.
  case yearZero(String)
  /// An offset larger than any two days are apart.
  case offsetTooLarge(String)
  /// The expression resolves to a day before 0001-01-01 or after 9999-12-31.
  case outOfRange(DateExpression, from: Day, direction: DayError.Direction)
  /// A range whose end is before its start.
  case reversedRange(RangeExpression, start: Day, end: Day)
  /// `export --from` after `--to`.
  case fromAfterTo(from: Day, to: Day)

  /// One line saying what was wrong and what is accepted.
  public var description: String {
    switch self {
    case .notADate(let text):
      return "\(Quote.quoted(text)) is not a date: expected \(DateExpressionError.dateForms)"
    case .notARange(let text):
      return "\(Quote.quoted(text)) is not a range: expected a DATE, DATE..DATE, DATE.., "
        + "..DATE, a month YYYY-MM or a year YYYY"
    case .invalidDate(let error):
      return error.description
    case .invalidWeek(let error):
      return error.description
    case .invalidMonth(let text, let month):
      // Worded as `Month` and `Week` word it (`PeriodError`): one rule, one message.
      return PeriodError.invalidMonth(text, month: month).description
    case .yearZero(let text):
      return PeriodError.yearZero(text).description
    case .offsetTooLarge(let text):
      let (limit, unit) =
        text.hasSuffix("w")
        ? (DateExpression.maximumWeekOffset, "weeks")
        : text.hasSuffix("m")
          ? (DateExpression.maximumMonthOffset, "months") : (DateExpression.maximumOffset, "days")
      return "\(Quote.quoted(text)) is too far: days run from 0001-01-01 to 9999-12-31, "
        + "\(limit) \(unit) apart"
    case .outOfRange(let expression, let base, .before):
      return "'\(expression)' from \(base) is before 0001-01-01, the first day"
    case .outOfRange(let expression, let base, .after):
      return "'\(expression)' from \(base) is after 9999-12-31, the last day"
    case .reversedRange(let range, let start, let end):
      return "'\(range)' ends before it starts: \(end) is before \(start)"
    case .fromAfterTo(let from, let to):
      return "'--from' is after '--to': \(from) is after \(to)"
    }
  }

  /// The DATE forms, for messages: what a DATE may be.
  public static let dateForms =
    "YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, "
    + "or an offset from the selected day like +3, -2, +2w or -1m"

  /// Why `text`, which `DateExpression.parse(bytes:)` refused, is not a DATE.
  static func diagnosingDate(_ text: String) -> DateExpressionError {
    let bytes = Array(text.utf8)
    if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
      bytes.count > 1
    {
      var digits = bytes.dropFirst()
      if digits.count > 1, digits.last == UInt8(ascii: "w") || digits.last == UInt8(ascii: "m") {
        digits = digits.dropLast()
      }
      if digits.allSatisfy({ (48...57).contains($0) }) { return .offsetTooLarge(text) }
    }
    let digits = { (range: Range<Int>) in bytes[range].allSatisfy { (48...57).contains($0) } }
    if bytes.count == 7, bytes[4] == UInt8(ascii: "-"), digits(0..<4), digits(5..<7) {
      do {
        _ = try Month(parsing: text)
      } catch {
        return diagnosing(error, of: text)
      }
    }
    if bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] | 0x20 == UInt8(ascii: "w"),
      digits(0..<4), digits(6..<8)
    {
      do {
        _ = try Week(parsing: text)
      } catch {
        return diagnosing(error, of: text)
      }
    }
    if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") {
      do {
        _ = try Day(parsing: text)
      } catch .malformed {
        return .notADate(text)
      } catch {
        return .invalidDate(error)
      }
    }
    return .notADate(text)
  }

  /// Why `text`, a month (`YYYY-MM`) or a week (`YYYY-Www`) of digits, is not a DATE, given
  /// why it is not a month or a week: its year 0000, no such month, or no such week.
  private static func diagnosing(_ error: PeriodError, of text: String) -> DateExpressionError {
    switch error {
    case .yearZero: .yearZero(text)
    case .invalidMonth(_, let month): .invalidMonth(text, month: month)
    default: .invalidWeek(error)
    }
  }
}
