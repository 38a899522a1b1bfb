import CalendarPaging

extension RuleExpansion {
  /// False when no period can ever meet the rule's time limits: an empty list of times, or
  /// (for a sub-daily frequency) limits that no period of the interval's phase reaches.
  ///
  /// Periods start at `startPeriod · unit + k · interval · unit` seconds, which fall on the
  /// seconds of the day `≡ startPeriod · unit (mod g)`, `g = gcd(interval · unit, 86,400)`;
  /// the limits are met iff one of those seconds of the day meets them.
  var timesCanBeMet: Bool {
    switch frequency {
    case .secondly: break
    case .minutely: if seconds.isEmpty { return false }
    case .hourly: if minutes.isEmpty || seconds.isEmpty { return false }
    default: return !(hours.isEmpty || minutes.isEmpty || seconds.isEmpty)
    }
    guard hourLimit != 0 || minuteLimit != 0 || secondLimit != 0 else { return true }
    let unit = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
    let (step, overflow) = interval.multipliedReportingOverflow(by: unit)
    let phase = Self.gcd(overflow ? 86_400 : step, 86_400)
    for second in stride(from: Civil.floorModulo(startPeriod * unit, phase), to: 86_400, by: phase)
    {
      let (hour, minute, secondOfMinute) = (second / 3600, second / 60 % 60, second % 60)
      if (hourLimit == 0 || hourLimit & (1 << UInt32(hour)) != 0)
        && (minuteLimit == 0 || minuteLimit & (1 << UInt64(minute)) != 0)
        && (secondLimit == 0 || secondLimit & (1 << UInt64(secondOfMinute)) != 0)
      {
        return true
      }
    }
    return false
  }

  /// False when `BYMONTH` and `BYMONTHDAY` exclude each other (`BYMONTH=2;BYMONTHDAY=30`):
  /// the one impossibility that is common enough to name without a search.
  var daysCanBeMet: Bool {
    guard monthDayMask != 0, monthMask != 0 else { return true }
    return (1...12).contains { month in
      let longest = month == 2 ? 29 : Day.daysIn(month: month, year: 2001)
      return monthMask & (1 << UInt16(month)) != 0 && monthDays.contains { abs($0) <= longest }
    }
  }

  /// The instances in every full period when that number is the same in all of them, so
  /// that the period where `COUNT` runs out is a division away; nil when it varies.
  ///
  /// Constant where each period's days cannot fail: every day (`DAILY` and shorter with no day
  /// part and no limit), plain weekdays in a week, month days 1…28 (or -28…-1) and ordinals
  /// 1…4 (or -4…-1) in a month, ordinals 1…52 in a year.
  func regularCount() -> Int? {
    let times = max(hours.count, 1) * max(minutes.count, 1) * max(seconds.count, 1)
    let days: Int
    switch frequency {
    case .secondly, .minutely, .hourly, .daily:
      guard !hasDayFilter, hourLimit == 0, minuteLimit == 0, secondLimit == 0 else { return nil }
      days = 1
    case .weekly:
      guard monthMask == 0, monthDayMask == 0, yearDays.isEmpty, weekNumbers.isEmpty,
        ordinalWeekdays.isEmpty, weekdayMask != 0
      else { return nil }
      days = weekdayMask.nonzeroBitCount
    case .monthly, .yearly:
      guard yearDays.isEmpty, weekNumbers.isEmpty, frequency == .yearly || monthMask == 0,
        let perScope = regularDaysPerScope()
      else { return nil }
      let months = monthMask == 0 ? 12 : monthMask.nonzeroBitCount
      let oneScope = frequency == .monthly || (monthDayMask == 0 && !ordinalsInMonth)
      days = oneScope ? perScope : perScope * months
    }
    guard !setPositions.isEmpty else { return days * times }
    let total = days * times
    return Set(
      setPositions.map { $0 > 0 ? $0 - 1 : total + $0 }.filter { (0..<total).contains($0) }
    )
    .count
  }

  /// Days a month (or a year, for yearly ordinals without `BYMONTH`) always holds, when
  /// every `BYMONTHDAY` or `BYDAY` value exists in each: nil when some may not.
  private func regularDaysPerScope() -> Int? {
    if monthDayMask != 0 {
      guard weekdayMask == 0, ordinalWeekdays.isEmpty,
        monthDays.allSatisfy({ (1...28).contains($0) })
          || monthDays.allSatisfy({ (-28 ... -1).contains($0) })
      else { return nil }
      return monthDays.count
    }
    let most = ordinalsInMonth ? 4 : 52
    guard weekdayMask == 0, !ordinalWeekdays.isEmpty,
      ordinalWeekdays.allSatisfy({ (1...most).contains($0.ordinal) })
        || ordinalWeekdays.allSatisfy({ (-most ... -1).contains($0.ordinal) })
    else { return nil }
    return ordinalWeekdays.count
  }

  /// The first day at or after `day` that passes the day parts (ordinals aside: this serves
  /// `DAILY` and shorter, where they have no meaning); nil when none does before
  /// 9999-12-31, or in a whole 400-year cycle, which repeats the calendar and so proves none
  /// ever will.
  func nextMatchingDay(from day: Day, budget: inout SearchBudget) -> Day? {
    var number = day.dayNumber
    let end = number + 146_097 + 366
    var checked = 0
    defer { _ = budget.spend(checked / 64) }
    while number <= end, let candidate = Day(dayNumber: number) {
      let (year, month, _) = candidate.components
      if monthMask != 0 && monthMask & (1 << UInt16(month)) == 0 {
        var (nextYear, nextMonth) = (year, month)
        repeat {
          (nextYear, nextMonth) = nextMonth == 12 ? (nextYear + 1, 1) : (nextYear, nextMonth + 1)
        } while monthMask & (1 << UInt16(nextMonth)) == 0
        number = Civil.dayNumber(year: nextYear, month: nextMonth, day: 1)
        continue
      }
      if dayPasses(candidate) { return candidate }
      number += 1
      checked += 1
    }
    return nil
  }
}
