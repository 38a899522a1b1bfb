/// A civil date in the proleptic Gregorian calendar, from 0001-01-01 to 9999-12-31.
///
/// A day is held as a day number (days since 1970-01-01), so identity, order and stepping are
/// integer operations. It is never a count of 86,400 seconds: stepping a day is exact on every
/// day, including the days a time zone changes its clock.
public struct Day: PagingItem, CustomStringConvertible, LosslessStringConvertible {
  /// Days since 1970-01-01; negative before it.
  public let dayNumber: Int

  /// The first day calpager knows, 0001-01-01.
  public static let first = Day(uncheckedDayNumber: -719_162)
  /// The last day calpager knows, 9999-12-31.
  public static let last = Day(uncheckedDayNumber: 2_932_896)

  /// The range of valid day numbers.
  public static let dayNumbers = first.dayNumber...last.dayNumber

  /// Creates the day with the given day number, or nil when it lies outside
  /// 0001-01-01…9999-12-31.
  public init?(dayNumber: Int) {
    guard Day.dayNumbers.contains(dayNumber) else { return nil }
    self.dayNumber = dayNumber
  }

  /// Creates a day from a day number already known to be in range.
  init(uncheckedDayNumber dayNumber: Int) {
    self.dayNumber = dayNumber
  }

  /// Creates the day with the given year, month (1…12) and day of the month, or nil when there
  /// is no such day or it lies outside 0001-01-01…9999-12-31.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Day.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.dayNumber = Day.dayNumber(year: year, month: month, day: day)
  }

  /// Creates the civil day, at the given offset from UTC, of an instant given in seconds since
  /// 1970-01-01T00:00:00Z; nil when that day lies outside 0001-01-01…9999-12-31.
  ///
  /// - Parameters:
  ///   - unixSeconds: The instant, in seconds since the Unix epoch.
  ///   - utcOffset: The local time's offset from UTC in seconds, east positive (as
  ///     `tm_gmtoff`).
  public init?(unixSeconds: Int, utcOffset: Int) {
    let (local, overflow) = unixSeconds.addingReportingOverflow(utcOffset)
    guard !overflow else { return nil }
    self.init(dayNumber: Day.floorDivide(local, 86_400))
  }

  /// Orders days chronologically.
  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.dayNumber < rhs.dayNumber
  }

  /// The year, month and day of the month.
  public var components: (year: Int, month: Int, day: Int) {
    Day.civil(fromDayNumber: dayNumber)
  }

  /// The year, 1…9999.
  public var year: Int { components.year }

  /// The month, 1…12.
  public var month: Int { components.month }

  /// The day of the month, 1…31.
  public var dayOfMonth: Int { components.day }

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    Weekday.thursday.advanced(by: dayNumber)
  }

  /// The ordinal day of the year, 1…366.
  public var dayOfYear: Int {
    dayNumber - Day.dayNumber(year: year, month: 1, day: 1) + 1
  }

  /// The ISO 8601 form, `YYYY-MM-DD`.
  public var description: String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
      writeISO(to: buffer.baseAddress!)
      return String(decoding: buffer, as: UTF8.self)
    }
  }

  /// Parses the ISO 8601 form `YYYY-MM-DD`; nil when it is not a valid day.
  public init?(_ description: String) {
    guard let day = try? Day(parsing: description) else { return nil }
    self = day
  }

  /// Writes the 10 bytes of `YYYY-MM-DD` to `destination`.
  public func writeISO(to destination: UnsafeMutablePointer<UInt8>) {
    let (year, month, day) = components
    let zero = UInt8(ascii: "0")
    destination[0] = zero + UInt8(year / 1000)
    destination[1] = zero + UInt8(year / 100 % 10)
    destination[2] = zero + UInt8(year / 10 % 10)
    destination[3] = zero + UInt8(year % 10)
    destination[4] = UInt8(ascii: "-")
    destination[5] = zero + UInt8(month / 10)
    destination[6] = zero + UInt8(month % 10)
    destination[7] = UInt8(ascii: "-")
    destination[8] = zero + UInt8(day / 10)
    destination[9] = zero + UInt8(day % 10)
  }

  /// Appends the 10 bytes of `YYYY-MM-DD` to `bytes`.
  public func appendISO(to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
      writeISO(to: buffer.baseAddress!)
      bytes.append(contentsOf: buffer)
    }
  }
}

// MARK: - Civil arithmetic (Howard Hinnant's days_from_civil and civil_from_days)

extension Day {
  /// Whether `year` is a Gregorian leap year.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1…12) of `year`.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The day number (days since 1970-01-01) of a valid year, month and day, with no range
  /// check: also for the edges of the calendar, where week 1 of the year 10000 starts in 9999
  /// (Howard Hinnant's `days_from_civil`).
  public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The year, month and day of a day number, with no range check (Howard Hinnant's
  /// `civil_from_days`).
  public static func civil(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func floorDivide(_ a: Int, _ b: Int) -> Int {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
  }

  static func floorModulo(_ a: Int, _ b: Int) -> Int {
    let remainder = a % b
    return remainder < 0 ? remainder + b : remainder
  }
}
