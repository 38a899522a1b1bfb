import DisplayText

/// Why a text is not a week (`YYYY-Www`), a month (`YYYY-MM`) or a calendar unit.
///
/// Stepping past the calendar's edges is a `DayError.outOfRange`, as for days.
public enum PeriodError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not of the form `YYYY-Www` (four digits, `-W`, two digits).
  case malformedWeek(String)
  /// The ISO week-numbering year has no such week (`2021-W53`, `2024-W00`).
  case invalidWeek(String, year: Int, week: Int)
  /// The text is not of the form `YYYY-MM` (four digits, `-`, two digits).
  case malformedMonth(String)
  /// The month is not 01…12.
  case invalidMonth(String, month: Int)
  /// The year is 0000; the calendar starts in year 0001.
  case yearZero(String)
  /// The text is not `day`, `week` or `month`.
  case unknownUnit(String)

  /// One line saying what was wrong and what is accepted.
  public var description: String {
    switch self {
    case .malformedWeek(let text):
      return "\(Quote.quoted(text)) is not a week: expected YYYY-Www, such as 2024-W18"
    case .invalidWeek(let text, let year, let week):
      let weeks = Day.isoWeeks(inYear: year)
      return "\(Quote.quoted(text)) is not a week: \(CalendarText.year(year)) has weeks "
        + "W01 to W\(weeks), not W\(CalendarText.twoDigits(week))"
    case .malformedMonth(let text):
      return "\(Quote.quoted(text)) is not a month: expected YYYY-MM, such as 2024-05"
    case .invalidMonth(let text, let month):
      return "\(Quote.quoted(text)) is not a month: \(CalendarLimits.noMonth(month)), "
        + CalendarLimits.monthRange
    case .yearZero(let text):
      return "\(Quote.quoted(text)) is out of range: " + CalendarLimits.yearRange
    case .unknownUnit(let text):
      let units: [String] = CalendarUnit.allCases.map(\.rawValue)
      let expected: String =
        units.dropLast().joined(separator: ", ") + " or " + units[units.count - 1]
      return "\(Quote.quoted(text)) is not a unit: expected " + expected
    }
  }
}
