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

extension Civil {
  /// The year of day number `number`, for any day number a clamped instant gives (Howard
  /// Hinnant's `civil_from_days`, its year alone).
  static func year(ofDayNumber number: Int) -> Int {
    Day.civil(fromDayNumber: number).year
  }

  /// The weekday of day number `number`, 0 for Sunday to 6 for Saturday (1970-01-01 was a
  /// Thursday).
  static func weekday(ofDayNumber number: Int) -> Int { floorModulo(number + 4, 7) }

  /// Whether `year` is a leap year of the proleptic Gregorian calendar.
  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The days of `month` in `year`.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// The instants zone arithmetic works on.
///
/// Those whose wall-clock time, at any offset a zone can have, is a day calpager knows, with
/// a margin. Instants from outside (`Int.min`, a TZif file's sentinels) are clamped into it
/// first, so no sum of an instant and an offset can overflow and every year computed from
/// one is small.
enum InstantBounds {
  /// A little more than the largest offset any zone has (RFC 8536 allows up to 25:59:59).
  static let margin = 2 * 86_400
  /// 0001-01-01T00:00:00Z less the margin.
  static let lowest = Day.first.dayNumber * 86_400 - margin
  /// 9999-12-31T23:59:59Z plus the margin.
  static let highest = Day.last.dayNumber * 86_400 + 86_399 + margin

  /// `seconds` moved into `lowest...highest`.
  static func clamp(_ seconds: Int) -> Int { min(max(seconds, lowest), highest) }
}
