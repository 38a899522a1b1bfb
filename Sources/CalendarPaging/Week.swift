/// A week of seven days starting on a configurable weekday, for paging week by week.
///
/// A week is held as the day number of its first day, so identity, order and stepping are
/// integer operations, like `Day`. The first week of the calendar can start up to six days
/// before 0001-01-01 and the last can end up to six days after 9999-12-31: `firstDay`,
/// `lastDay` and `days` are clamped to the days that exist.
public struct Week: SequentialItem, CustomStringConvertible {
  /// The day number of the week's first day; may lie up to six days outside `Day.dayNumbers`.
  let startDayNumber: Int

  /// Creates the week that holds `day`, its weeks starting on `firstWeekday`.
  public init(containing day: Day, firstWeekday: Weekday = .monday) {
    let offset = Day.floorModulo(day.weekday.rawValue - firstWeekday.rawValue, 7)
    startDayNumber = day.dayNumber - offset
  }

  /// Creates a week from the day number of its first day, with no range check.
  init(startDayNumber: Int) {
    self.startDayNumber = startDayNumber
  }

  /// Orders weeks chronologically.
  public static func < (lhs: Week, rhs: Week) -> Bool {
    lhs.startDayNumber < rhs.startDayNumber
  }

  /// The weekday the week starts on.
  public var firstWeekday: Weekday {
    Weekday.thursday.advanced(by: startDayNumber)
  }

  /// The week's first day, or 0001-01-01 for the week that starts before it.
  public var firstDay: Day {
    Day(uncheckedDayNumber: max(startDayNumber, Day.first.dayNumber))
  }

  /// The week's last day, or 9999-12-31 for the week that ends after it.
  public var lastDay: Day {
    Day(uncheckedDayNumber: min(startDayNumber + 6, Day.last.dayNumber))
  }

  /// The days of the week that exist, first to last.
  public var days: ClosedRange<Day> {
    firstDay...lastDay
  }

  /// Whether `day` is one of the week's days.
  public func contains(_ day: Day) -> Bool {
    (startDayNumber...startDayNumber + 6).contains(day.dayNumber)
  }

  /// The ISO 8601 week-numbering year and week number of the week.
  ///
  /// Every run of seven days holds exactly one Thursday; the week takes the ISO week of that
  /// Thursday. For weeks starting on Monday this is the ISO week itself; for weeks starting on
  /// another day it is the ISO week they share the most days with.
  public var isoWeek: (year: Int, week: Int) {
    let daysToThursday = Day.floorModulo(Weekday.thursday.rawValue - firstWeekday.rawValue, 7)
    return Day.isoWeek(ofDayNumber: startDayNumber + daysToThursday)
  }

  /// The ISO week, such as `2024-W18`: the identifier of the week in JSON and in the menu.
  ///
  /// At the calendar's edges the week's Thursday can lie outside it: a week that starts on a
  /// Tuesday and holds only 0001-01-01 is `0000-W52`, and a week that starts on Friday
  /// 9999-12-31 is `10000-W01`.
  public var description: String {
    let (year, week) = isoWeek
    return "\(CalendarText.year(year))-W\(CalendarText.twoDigits(week))"
  }

  /// Parses an ISO week, `YYYY-Www`, as the week starting on `firstWeekday` that carries its
  /// label: the one holding that ISO week's Thursday (for weeks starting on Monday, the ISO
  /// week itself).
  ///
  /// - Throws: `PeriodError` naming what was wrong.
  public init(parsing text: some StringProtocol, firstWeekday: Weekday = .monday)
    throws(PeriodError)
  {
    let (year, week) = try Day.parseISOWeek(text)
    let thursday = Day.mondayDayNumber(isoWeekYear: year, week: week) + 3
    let offset = Day.floorModulo(Weekday.thursday.rawValue - firstWeekday.rawValue, 7)
    self.init(startDayNumber: thursday - offset)
  }

  /// The week `count` weeks later (earlier when negative), or nil when it would hold no day
  /// of 0001-01-01…9999-12-31.
  public func adding(weeks count: Int) -> Week? {
    let (days, overflow) = count.multipliedReportingOverflow(by: 7)
    guard !overflow else { return nil }
    let (start, overflow2) = startDayNumber.addingReportingOverflow(days)
    guard !overflow2, Week.holdsADay(startDayNumber: start) else { return nil }
    return Week(startDayNumber: start)
  }

  /// The next week, or nil after the week holding 9999-12-31.
  public var next: Week? {
    adding(weeks: 1)
  }

  /// The previous week, or nil before the week holding 0001-01-01.
  public var previous: Week? {
    adding(weeks: -1)
  }

  /// Whether a week starting on this day number holds at least one existing day.
  static func holdsADay(startDayNumber start: Int) -> Bool {
    start + 6 >= Day.first.dayNumber && start <= Day.last.dayNumber
  }
}
