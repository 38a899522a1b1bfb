/// A month of the calendar, for paging month by month.
///
/// A month is held as a month number (months since January of year 0), so identity, order
/// and stepping are integer operations, like `Day`.
public struct Month: SequentialItem, CustomStringConvertible {
  /// `year * 12 + month - 1`.
  let monthNumber: Int

  /// The first month calpager knows, 0001-01.
  public static let first = Month(monthNumber: 12)
  /// The last month calpager knows, 9999-12.
  public static let last = Month(monthNumber: 9999 * 12 + 11)

  /// Creates the given month (1…12) of the given year, or nil outside 0001-01…9999-12.
  public init?(year: Int, month: Int) {
    guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
    monthNumber = year * 12 + month - 1
  }

  /// Creates the month that holds `day`.
  public init(containing day: Day) {
    let (year, month, _) = day.components
    monthNumber = year * 12 + month - 1
  }

  /// Creates a month from a month number already known to be in range.
  init(monthNumber: Int) {
    self.monthNumber = monthNumber
  }

  /// Orders months chronologically.
  public static func < (lhs: Month, rhs: Month) -> Bool {
    lhs.monthNumber < rhs.monthNumber
  }

  /// The year, 1…9999.
  public var year: Int { monthNumber / 12 }

  /// The month of the year, 1…12.
  public var month: Int { monthNumber % 12 + 1 }

  /// The English name of the month, such as `May`.
  public var name: String { Day.monthNames[month - 1] }

  /// The number of days in the month, 28…31.
  public var numberOfDays: Int { Day.daysIn(month: month, year: year) }

  /// The month's first day.
  public var firstDay: Day {
    Day(uncheckedDayNumber: Day.dayNumber(year: year, month: month, day: 1))
  }

  /// The month's last day.
  public var lastDay: Day {
    Day(uncheckedDayNumber: Day.dayNumber(year: year, month: month, day: numberOfDays))
  }

  /// The days of the month, first to last.
  public var days: ClosedRange<Day> {
    firstDay...lastDay
  }

  /// The month as `YYYY-MM`, such as `2024-05`: its identifier in JSON and in the menu.
  public var description: String {
    "\(CalendarText.year(year))-\(CalendarText.twoDigits(month))"
  }

  /// Parses a month, `YYYY-MM`, such as `2024-05`.
  ///
  /// - Throws: `PeriodError` naming what was wrong.
  public init(parsing text: some StringProtocol) throws(PeriodError) {
    let bytes = Array(text.utf8)
    guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
      let year = CalendarText.digits(bytes[0..<4]), let month = CalendarText.digits(bytes[5..<7])
    else { throw .malformedMonth(String(text)) }
    guard year >= 1 else { throw .yearZero(String(text)) }
    guard (1...12).contains(month) else { throw .invalidMonth(String(text), month: month) }
    monthNumber = year * 12 + month - 1
  }

  /// The month `count` months later (earlier when negative), or nil outside 0001-01…9999-12.
  public func adding(months count: Int) -> Month? {
    let (number, overflow) = monthNumber.addingReportingOverflow(count)
    guard !overflow, (Month.first.monthNumber...Month.last.monthNumber).contains(number)
    else { return nil }
    return Month(monthNumber: number)
  }

  /// The next month, or nil after 9999-12.
  public var next: Month? {
    adding(months: 1)
  }

  /// The previous month, or nil before 0001-01.
  public var previous: Month? {
    adding(months: -1)
  }
}
