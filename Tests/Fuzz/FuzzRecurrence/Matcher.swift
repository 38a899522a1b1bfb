import CalendarPaging
import Recurrence

/// An independent reading of RFC 5545 §3.3.10: whether a rule can yield a wall-clock time.
///
/// Its BY parts, the defaults from the start, the interval, UNTIL on the wall clock: written
/// from the RFC, not from the expander, with plain loops over the calendar.
struct Matcher {
  let rule: RecurrenceRule
  let start: LocalDateTime
  let isDate: Bool

  func matches(_ local: LocalDateTime) -> Bool {
    guard local >= start else { return false }
    let day = local.day
    let (year, month, dayOfMonth) = day.components
    let monthLength = Day.daysIn(month: month, year: year)
    let yearLength = Day.isLeapYear(year) ? 366 : 365
    let dayOfYear = day.dayOfYear
    let hasDayParts =
      !(rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty
      && rule.byDay.isEmpty)
    var months = rule.byMonth
    var monthDays = rule.byMonthDay
    var weekdays = rule.byDay
    if !hasDayParts {
      switch rule.frequency {
      case .yearly:
        if months.isEmpty { months = [start.day.month] }
        monthDays = [start.day.dayOfMonth]
      case .monthly: monthDays = [start.day.dayOfMonth]
      case .weekly: weekdays = [.init(start.day.weekday)]
      default: break
      }
    }
    if !months.isEmpty && !months.contains(month) { return false }
    if !monthDays.isEmpty && !monthDays.contains(dayOfMonth)
      && !monthDays.contains(dayOfMonth - monthLength - 1)
    {
      return false
    }
    if !rule.byYearDay.isEmpty && !rule.byYearDay.contains(dayOfYear)
      && !rule.byYearDay.contains(dayOfYear - yearLength - 1)
    {
      return false
    }
    if !rule.byWeekNumber.isEmpty {
      let (week, weeks) = weekNumber(day)
      if !rule.byWeekNumber.contains(week) && !rule.byWeekNumber.contains(week - weeks - 1) {
        return false
      }
    }
    if !weekdays.isEmpty {
      let ordinals = rule.frequency == .monthly || rule.frequency == .yearly
      let inMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
      let (position, length) = inMonth ? (dayOfMonth, monthLength) : (dayOfYear, yearLength)
      let ok = weekdays.contains { entry in
        guard entry.weekday == day.weekday else { return false }
        if entry.ordinal == 0 || !ordinals { return true }
        // Count the same weekdays before and after within the month or year.
        return entry.ordinal == (position - 1) / 7 + 1
          || entry.ordinal == -((length - position) / 7 + 1)
      }
      if !ok { return false }
    }
    let (hour, minute, second) = local.time
    if isDate {
      if local.secondOfDay != 0 && rule.frequency >= .daily { return false }
    } else {
      let startTime = start.time
      func part(_ values: [Int], _ value: Int, _ fallback: Int, expands: Bool) -> Bool {
        values.isEmpty ? (!expands || value == fallback) : values.contains(value)
      }
      guard part(rule.byHour, hour, startTime.hour, expands: rule.frequency >= .daily),
        part(rule.byMinute, minute, startTime.minute, expands: rule.frequency >= .hourly),
        part(rule.bySecond, second, startTime.second, expands: rule.frequency >= .minutely)
      else { return false }
    }
    // The interval: the periods from the start's to this one's.
    guard periods(from: start, to: local) % rule.interval == 0 else { return false }
    if let until = rule.until, case .floating(let bound) = until, local > bound { return false }
    if let until = rule.until, case .date(let bound) = until, day > bound { return false }
    return true
  }

  /// Periods of the rule's frequency from the one holding `a` to the one holding `b`.
  func periods(from a: LocalDateTime, to b: LocalDateTime) -> Int {
    let days = b.day.dayNumber - a.day.dayNumber
    switch rule.frequency {
    case .yearly: return b.day.year - a.day.year
    case .monthly: return (b.day.year - a.day.year) * 12 + b.day.month - a.day.month
    case .weekly:
      return (weekStart(of: b.day) - weekStart(of: a.day)) / 7
    case .daily: return days
    case .hourly: return days * 24 + b.time.hour - a.time.hour
    case .minutely:
      return (days * 24 + b.time.hour - a.time.hour) * 60 + b.time.minute - a.time.minute
    case .secondly: return b.secondsSinceEpoch - a.secondsSinceEpoch
    }
  }

  /// The day number of the first day (WKST) of the week holding `day`, walking back.
  func weekStart(of day: Day) -> Int {
    var candidate = day
    while candidate.weekday != rule.weekStart {
      guard let previous = candidate.previous else { return weekStart(ofNumber: day.dayNumber) }
      candidate = previous
    }
    return candidate.dayNumber
  }

  /// The week (starting on WKST) holding `day`, numbered in the year holding its fourth day
  /// (so at least four of its days), and how many weeks that year has.
  func weekNumber(_ day: Day) -> (Int, Int) {
    let start = weekStart(of: day)
    let year = Day(dayNumber: start + 3)?.year ?? day.year
    func firstWeek(_ year: Int) -> Int {
      // The week holding 4 January, which has at least four days of the year.
      let january4 =
        Day(year: year, month: 1, day: 4)?.dayNumber
        ?? Day(year: 9999, month: 1, day: 4)!.dayNumber + 365
      return weekStart(ofNumber: january4)
    }
    let first = firstWeek(year)
    let next = firstWeek(year + 1)
    return ((start - first) / 7 + 1, (next - first) / 7)
  }

  /// `weekStart(of:)` for a day number that may lie past 9999-12-31.
  func weekStart(ofNumber number: Int) -> Int {
    // 1970-01-01 (day 0) was a Thursday, ISO weekday 4.
    let weekday = ((number + 3) % 7 + 7) % 7 + 1
    return number - ((weekday - rule.weekStart.rawValue) % 7 + 7) % 7
  }
}
