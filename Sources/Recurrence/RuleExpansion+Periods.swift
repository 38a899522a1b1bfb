import CalendarPaging

/// The instances of one period of a rule, held as lists, not expanded.
///
/// Its days times its times, sorted, with `BYSETPOS` applied: `element(_:)` computes the ith.
struct PeriodSet {
  /// The period's days, sorted.
  var days: [Day]
  /// The hours, minutes and seconds each day expands to, sorted.
  var hours: [Int]
  /// See `hours`.
  var minutes: [Int]
  /// See `hours`.
  var seconds: [Int]
  /// With `BYSETPOS`: the indexes into days × times it keeps, sorted.
  var positions: [Int]?

  /// The instances in the period.
  var count: Int { positions?.count ?? days.count * timesPerDay }

  private var timesPerDay: Int { hours.count * minutes.count * seconds.count }

  /// The `index`th instance, in order.
  func element(_ index: Int) -> LocalDateTime {
    let raw = positions?[index] ?? index
    let perDay = timesPerDay
    var time = raw % perDay
    let second = seconds[time % seconds.count]
    time /= seconds.count
    let minute = minutes[time % minutes.count]
    let hour = hours[time / minutes.count]
    return LocalDateTime(day: days[raw / perDay], secondOfDay: hour * 3600 + minute * 60 + second)
  }

  /// The index of the first instance at or after `local` (`count` when there is none).
  func firstIndex(atOrAfter local: LocalDateTime) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if element(middle) < local { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The instances selected by `BYSETPOS` `positions` (1-based, negative from the end) among
  /// the period's days × times.
  mutating func select(_ setPositions: [Int]) {
    let total = days.count * timesPerDay
    let indexes = setPositions.map { $0 > 0 ? $0 - 1 : total + $0 }.filter {
      (0..<total).contains($0)
    }
    positions = Array(Set(indexes)).sorted()
  }
}

extension RuleExpansion {
  /// The period of `frequency` that holds `local`: a year, a month number, a week number
  /// (weeks starting at `weekShift`), a day, hour, minute or second number.
  static func period(of local: LocalDateTime, _ frequency: Frequency, weekShift: Int) -> Int {
    let number = local.day.dayNumber
    switch frequency {
    case .yearly: return local.day.year
    case .monthly:
      let (year, month, _) = local.day.components
      return year * 12 + month - 1
    case .weekly: return Civil.floorDivide(number - weekShift, 7)
    case .daily: return number
    case .hourly: return number * 24 + local.secondOfDay / 3600
    case .minutely: return number * 1440 + local.secondOfDay / 60
    case .secondly: return number * 86_400 + local.secondOfDay
    }
  }

  /// The period of this rule's frequency that holds `local`.
  func period(of local: LocalDateTime) -> Int {
    Self.period(of: local, frequency, weekShift: weekShift)
  }

  /// The first active period (the start's, then every `interval`th) at or after `period`.
  func firstActive(atOrAfter period: Int) -> Int {
    guard period > startPeriod else { return startPeriod }
    return startPeriod + (period - startPeriod + interval - 1) / interval * interval
  }

  /// The day number and second of the day a sub-daily or daily period starts at.
  func dayAndSecond(ofPeriod period: Int) -> (day: Int, second: Int) {
    switch frequency {
    case .hourly: return (Civil.floorDivide(period, 24), Civil.floorModulo(period, 24) * 3600)
    case .minutely: return (Civil.floorDivide(period, 1440), Civil.floorModulo(period, 1440) * 60)
    case .secondly: return (Civil.floorDivide(period, 86_400), Civil.floorModulo(period, 86_400))
    default: return (period, 0)
    }
  }

  /// The instances of `period` (every candidate of the period, those before the start too).
  func periodSet(_ period: Int) -> PeriodSet {
    var set = PeriodSet(days: [], hours: hours, minutes: minutes, seconds: seconds)
    switch frequency {
    case .secondly, .minutely, .hourly:
      let (number, second) = dayAndSecond(ofPeriod: period)
      guard let day = Day(dayNumber: number), !hasDayFilter || dayPasses(day) else { return set }
      let (hour, minute, secondOfMinute) = (second / 3600, second / 60 % 60, second % 60)
      guard hourLimit == 0 || hourLimit & (1 << UInt32(hour)) != 0,
        minuteLimit == 0 || minuteLimit & (1 << UInt64(minute)) != 0,
        secondLimit == 0 || secondLimit & (1 << UInt64(secondOfMinute)) != 0
      else { return set }
      set.days = [day]
      set.hours = [hour]
      if frequency <= .minutely { set.minutes = [minute] }
      if frequency == .secondly { set.seconds = [secondOfMinute] }
    case .daily:
      guard let day = Day(dayNumber: period), !hasDayFilter || dayPasses(day) else { return set }
      set.days = [day]
    case .weekly:
      let first = period * 7 + weekShift
      for number in first..<first + 7 {
        if let day = Day(dayNumber: number), dayPasses(day) { set.days.append(day) }
      }
    case .monthly:
      let (year, month) = (Civil.floorDivide(period, 12), Civil.floorModulo(period, 12) + 1)
      guard (1...9999).contains(year), monthMask == 0 || monthMask & (1 << UInt16(month)) != 0
      else { return set }
      var numbers: [Int] = []
      appendCandidates(year: year, month: month, to: &numbers)
      set.days = passingDays(consume numbers)
    case .yearly:
      guard (1...9999).contains(period) else { return set }
      set.days = passingDays(yearCandidates(period))
    }
    if !setPositions.isEmpty && !set.days.isEmpty { set.select(setPositions) }
    return set
  }

  /// The days of `numbers` (day numbers) that pass every day part, sorted, once each.
  private func passingDays(_ numbers: consuming [Int]) -> [Day] {
    // Sorted in place: the list is the caller's own.
    if numbers.count > 1 { numbers.sort() }
    var days: [Day] = []
    days.reserveCapacity(numbers.count)
    var previous = Int.min
    for number in numbers where number != previous {
      previous = number
      if let day = Day(dayNumber: number), dayPasses(day) { days.append(day) }
    }
    return days
  }

  /// Day numbers of a month that may pass: its `BYMONTHDAY` days, else its `BYDAY`
  /// weekdays, else every day (the remaining parts then filter them).
  private func appendCandidates(year: Int, month: Int, to numbers: inout [Int]) {
    let length = Day.daysIn(month: month, year: year)
    let first = Civil.dayNumber(year: year, month: month, day: 1)
    if monthDayMask != 0 {
      for value in monthDays {
        let day = value > 0 ? value : length + value + 1
        if (1...length).contains(day) { numbers.append(first + day - 1) }
      }
    } else if weekdayMask != 0 || !ordinalWeekdays.isEmpty {
      appendWeekdays(from: first, length: length, to: &numbers)
    } else {
      numbers.append(contentsOf: first..<first + length)
    }
  }

  /// Day numbers of a year that may pass, generated from its most selective part.
  private func yearCandidates(_ year: Int) -> [Int] {
    var numbers: [Int] = []
    numbers.reserveCapacity(monthMask == 0 ? 12 : monthMask.nonzeroBitCount)
    let january1 = Civil.dayNumber(year: year, month: 1, day: 1)
    let length = Day.isLeapYear(year) ? 366 : 365
    // The months of BYMONTH (every one without), read from the mask: no list made.
    let monthBits = monthMask == 0 ? 0x1FFE : monthMask
    let months = (1...12).lazy.filter { monthBits & (1 << UInt16($0)) != 0 }
    if monthDayMask != 0 {
      for month in months { appendCandidates(year: year, month: month, to: &numbers) }
    } else if !yearDays.isEmpty {
      for value in yearDays {
        let day = value > 0 ? value : length + value + 1
        if (1...length).contains(day) { numbers.append(january1 + day - 1) }
      }
    } else if !weekNumbers.isEmpty {
      // Weeks of this week-year and the ones either side, as far as they reach into the year.
      for weekYear in year - 1...year + 1 {
        let first = firstWeekStart(ofYear: weekYear)
        let weeks = (firstWeekStart(ofYear: weekYear + 1) - first) / 7
        for value in weekNumbers {
          let week = value > 0 ? value : weeks + value + 1
          guard (1...weeks).contains(week) else { continue }
          let start = first + (week - 1) * 7
          for number in start..<start + 7 where number >= january1 && number < january1 + length {
            numbers.append(number)
          }
        }
      }
    } else if weekdayMask != 0 || !ordinalWeekdays.isEmpty {
      if ordinalsInMonth {
        for month in months { appendCandidates(year: year, month: month, to: &numbers) }
      } else {
        appendWeekdays(from: january1, length: length, to: &numbers)
      }
    } else {
      for month in months { appendCandidates(year: year, month: month, to: &numbers) }
    }
    return numbers
  }

  /// Day numbers of the `BYDAY` weekdays among `length` days from `first`: every one for a
  /// plain weekday, the nth (from either end) for one with an ordinal.
  private func appendWeekdays(from first: Int, length: Int, to numbers: inout [Int]) {
    let firstWeekday = Civil.floorModulo(first + 3, 7) + 1
    for weekday in 1...7 where weekdayMask & (1 << UInt8(weekday)) != 0 {
      let offset = Civil.floorModulo(weekday - firstWeekday, 7)
      numbers.append(contentsOf: stride(from: first + offset, to: first + length, by: 7))
    }
    for number in ordinalWeekdays {
      let offset = Civil.floorModulo(number.weekday.rawValue - firstWeekday, 7)
      guard offset < length else { continue }
      let available = (length - 1 - offset) / 7 + 1
      let nth = number.ordinal > 0 ? number.ordinal : available + number.ordinal + 1
      if (1...available).contains(nth) { numbers.append(first + offset + (nth - 1) * 7) }
    }
  }

  /// Instances of `period` at or after `local`.
  func instancesInPeriod(_ period: Int, from local: LocalDateTime) -> Int {
    let set = periodSet(period)
    return set.count - set.firstIndex(atOrAfter: local)
  }
}
