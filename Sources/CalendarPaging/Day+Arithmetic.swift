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
}
