import CalendarPaging

/// Civil-calendar arithmetic on day numbers (days since 1970-01-01) without the range check
/// `Day` makes, for the edges of the calendar (week 1 of the year 10000 starts in 9999).
enum Civil {
  /// The day number of a valid year, month and day, with no range check.
  static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    Day.dayNumber(year: year, month: month, day: day)
  }

  /// `a / b` rounded toward negative infinity (`b > 0`).
  static func floorDivide(_ a: Int, _ b: Int) -> Int {
    let quotient = a / b
    return a % b != 0 && a < 0 ? quotient - 1 : quotient
  }

  /// `a mod b` in 0..<b (`b > 0`).
  static func floorModulo(_ a: Int, _ b: Int) -> Int {
    let remainder = a % b
    return remainder < 0 ? remainder + b : remainder
  }

  /// The day with day number `number`, nil outside 0001-01-01…9999-12-31.
  static func day(_ number: Int) -> Day? { Day(dayNumber: number) }
}
