extension Day: SequentialItem {
  /// The next day, or nil after 9999-12-31.
  public var next: Day? {
    dayNumber < Day.last.dayNumber ? Day(uncheckedDayNumber: dayNumber + 1) : nil
  }

  /// The previous day, or nil before 0001-01-01.
  public var previous: Day? {
    dayNumber > Day.first.dayNumber ? Day(uncheckedDayNumber: dayNumber - 1) : nil
  }

  /// The day `count` days later (earlier when negative), or nil past 0001-01-01 or 9999-12-31.
  public func adding(days count: Int) -> Day? {
    let (number, overflow) = dayNumber.addingReportingOverflow(count)
    return overflow ? nil : Day(dayNumber: number)
  }

  /// The same day of the month `count` months later (earlier when negative), clamped to the
  /// last day of a shorter month (2024-01-31 plus one month is 2024-02-29); nil out of range.
  public func adding(months count: Int) -> Day? {
    let (year, month, day) = components
    let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(count)
    guard !overflow else { return nil }
    let newYear = Day.floorDivide(total, 12)
    let newMonth = Day.floorModulo(total, 12) + 1
    guard (1...9999).contains(newYear) else { return nil }
    let clamped = min(day, Day.daysIn(month: newMonth, year: newYear))
    return Day(year: newYear, month: newMonth, day: clamped)
  }

  /// The day `count` weeks (of seven days) later, earlier when negative; nil past 0001-01-01
  /// or 9999-12-31.
  public func adding(weeks count: Int) -> Day? {
    let (days, overflow) = count.multipliedReportingOverflow(by: 7)
    return overflow ? nil : adding(days: days)
  }

  /// The day `count` units later (earlier when negative): days, weeks of seven days, or months
  /// keeping the day of the month, clamped once to the last day of a shorter month
  /// (2024-01-31 plus two months is 2024-03-31); nil past 0001-01-01 or 9999-12-31.
  public func adding(_ count: Int, _ unit: CalendarUnit) -> Day? {
    switch unit {
    case .day: return adding(days: count)
    case .week: return adding(weeks: count)
    case .month: return adding(months: count)
    }
  }

  /// The day `count` units later (earlier when negative), as `adding(_:_:)`.
  ///
  /// - Throws: `DayError.outOfRange` from this day when the step would leave
  ///   0001-01-01…9999-12-31.
  public func advanced(by count: Int, _ unit: CalendarUnit) throws(DayError) -> Day {
    guard let day = adding(count, unit) else {
      throw .outOfRange(from: self, direction: count < 0 ? .before : .after)
    }
    return day
  }

  /// The same day `count` years later (earlier when negative), 29 February becoming
  /// 28 February in a common year; nil out of range.
  public func adding(years count: Int) -> Day? {
    let (months, overflow) = count.multipliedReportingOverflow(by: 12)
    return overflow ? nil : adding(months: months)
  }

  /// The number of days from this day to `other` (negative when `other` is earlier).
  public func distance(to other: Day) -> Int {
    other.dayNumber - dayNumber
  }

  /// The first day of this day's month.
  public var firstOfMonth: Day {
    Day(uncheckedDayNumber: dayNumber - dayOfMonth + 1)
  }

  /// The last day of this day's month.
  public var lastOfMonth: Day {
    let (year, month, day) = components
    return Day(uncheckedDayNumber: dayNumber - day + Day.daysIn(month: month, year: year))
  }
}
