extension Day {
  /// The ISO 8601 week date of this day: the week-numbering year and the week, 1…53.
  ///
  /// Weeks start on Monday and week 1 is the week holding the year's first Thursday, so the
  /// first days of January can belong to the last week of the previous year, and the last days
  /// of December to week 1 of the next.
  public var isoWeek: (year: Int, week: Int) {
    Day.isoWeek(ofDayNumber: dayNumber)
  }

  /// The ISO week date of any day number, including the few days past 9999-12-31 a week can
  /// reach.
  static func isoWeek(ofDayNumber number: Int) -> (year: Int, week: Int) {
    // The Thursday of the day's Monday-to-Sunday week decides the year.
    let thursday = number - floorModulo(number + 3, 7) + 3
    let year = civil(fromDayNumber: thursday).year
    let week = (thursday - dayNumber(year: year, month: 1, day: 1)) / 7 + 1
    return (year, week)
  }

  /// The number of ISO weeks in the week-numbering year `year`: 53 when it starts on a
  /// Thursday, or on a Wednesday in a leap year; otherwise 52.
  public static func isoWeeks(inYear year: Int) -> Int {
    // 28 December is always in the year's last week.
    isoWeek(ofDayNumber: dayNumber(year: year, month: 12, day: 28)).week
  }

  /// The day number of the Monday of ISO week `week` of the week-numbering year `year`, with
  /// no range check.
  static func mondayDayNumber(isoWeekYear year: Int, week: Int) -> Int {
    // 4 January is always in week 1.
    let january4 = dayNumber(year: year, month: 1, day: 4)
    return january4 - floorModulo(january4 + 3, 7) + (week - 1) * 7
  }

  /// Creates the day of ISO week `week` of the week-numbering year `isoWeekYear` that falls on
  /// `weekday`; nil when the year has no such week or the day lies outside
  /// 0001-01-01…9999-12-31 (the Sunday of 9999-W52 is in year 10000).
  public init?(isoWeekYear: Int, week: Int, weekday: Weekday = .monday) {
    guard (1...9999).contains(isoWeekYear), (1...Day.isoWeeks(inYear: isoWeekYear)).contains(week)
    else { return nil }
    let monday = Day.mondayDayNumber(isoWeekYear: isoWeekYear, week: week)
    self.init(dayNumber: monday + weekday.rawValue - 1)
  }

  /// Parses an ISO 8601 week, `YYYY-Www` (`2024-W18`; a lowercase `w` is accepted too), as
  /// the week's Monday: `2024-W18` is 2024-04-29.
  ///
  /// - Throws: `PeriodError` naming what was wrong.
  public init(parsingISOWeek text: some StringProtocol) throws(PeriodError) {
    let (year, week) = try Day.parseISOWeek(text)
    self.init(uncheckedDayNumber: Day.mondayDayNumber(isoWeekYear: year, week: week))
  }

  /// The year and week of a valid `YYYY-Www`.
  static func parseISOWeek(_ text: some StringProtocol) throws(PeriodError) -> (Int, Int) {
    let bytes = Array(text.utf8)
    guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"),
      bytes[5] == UInt8(ascii: "W") || bytes[5] == UInt8(ascii: "w"),
      let year = CalendarText.digits(bytes[0..<4]), let week = CalendarText.digits(bytes[6..<8])
    else { throw .malformedWeek(String(text)) }
    guard year >= 1 else { throw .yearZero(String(text)) }
    guard (1...isoWeeks(inYear: year)).contains(week) else {
      throw .invalidWeek(String(text), year: year, week: week)
    }
    return (year, week)
  }
}

/// The digits of calendar identifiers: `2024`, `05`, `W18`.
public enum CalendarText {
  /// The value of ASCII digits, or nil when anything else is among them (0 for none).
  public static func digits(_ bytes: some Collection<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      let digit = Int(byte) &- 48
      guard digit >= 0 && digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// A year with at least four digits: `0001`, `2024`, `10000`.
  static func year(_ year: Int) -> String {
    let digits = String(year)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// A number with at least two digits: `05`, `18`.
  static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}
