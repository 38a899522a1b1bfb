import CalendarPaging

/// A rule made ready to expand from one start: the defaults RFC 5545 takes from `DTSTART`
/// filled in (as dateutil and recurring-ical-events do), the lists sorted and turned into
/// masks, and the interval clamped to what the calendar of 0001…9999 can use.
///
/// Pure and cheap to copy (its arrays are shared); built once per rule of a series.
struct RuleExpansion: Sendable {
  typealias Frequency = RecurrenceRule.Frequency

  /// The index of the rule among its series' (`RecurrenceSet.rules`): the rule is not copied
  /// here, a value of many parts.
  let ruleIndex: Int
  /// `FREQ`.
  let frequency: Frequency
  /// `INTERVAL`, at most one more than the periods in 0001…9999 (a larger one means the
  /// same: only the first period).
  let interval: Int
  /// The series' start on its own wall clock.
  let start: LocalDateTime
  /// Whether the series is all-day: times are midnight and `BYHOUR`/`BYMINUTE`/`BYSECOND`
  /// are ignored, as RFC 5545 §3.3.10 says.
  let isDateOnly: Bool
  /// `COUNT`.
  let count: Int?
  /// The end `UNTIL` sets, resolved on the series' wall clock.
  let until: UntilBound?

  /// Bit m set for each month m of `BYMONTH` (after the default); 0 when absent.
  let monthMask: UInt16
  /// `BYMONTHDAY`, after the default, sorted.
  let monthDays: [Int]
  /// Bit d-1 for day d, bit 31+d for day -d, of `BYMONTHDAY`.
  let monthDayMask: UInt64
  /// `BYYEARDAY`, sorted.
  let yearDays: [Int]
  /// `BYWEEKNO`, sorted.
  let weekNumbers: [Int]
  /// Bit w for each plain weekday w (ISO number) of `BYDAY` (after the default), ordinals
  /// included where the frequency ignores them.
  let weekdayMask: UInt8
  /// `BYDAY` values with an ordinal, where the frequency gives them a meaning.
  let ordinalWeekdays: [RecurrenceRule.WeekdayNumber]
  /// Where `ordinalWeekdays` count: in the month or in the year.
  let ordinalsInMonth: Bool

  /// The hours, minutes and seconds each period expands to (one value each where the rule
  /// does not expand them: the start's, or the period's own for a shorter frequency).
  let hours: [Int]
  /// See `hours`.
  let minutes: [Int]
  /// See `hours`.
  let seconds: [Int]
  /// Hours a sub-daily period must fall in (`BYHOUR` limiting `HOURLY` and shorter), 0 for
  /// none: bit h for hour h.
  let hourLimit: UInt32
  /// Minutes a `MINUTELY` or `SECONDLY` period must fall in: bit m.
  let minuteLimit: UInt64
  /// Seconds a `SECONDLY` period must fall in: bit s.
  let secondLimit: UInt64
  /// `BYSETPOS`.
  let setPositions: [Int]
  /// `WKST`.
  let weekStart: Weekday
  /// The day number, 0…6, of a day weeks start on: week periods are `floor((n - shift) / 7)`.
  let weekShift: Int

  /// The period that holds the start.
  let startPeriod: Int
  /// The period that holds 9999-12-31T23:59:59.
  let lastPeriod: Int
  /// Periods over which the rule's pattern repeats.
  ///
  /// The Gregorian 400-year cycle, a multiple of the interval: that many periods without an
  /// instance prove there are no more. Nil when that span is longer than the calendar.
  let cycle: Int?
  /// Instances in every full period when that number never changes (so COUNT is reached at
  /// a period found by arithmetic); nil when it varies.
  private(set) var instancesPerPeriod: Int?
  /// Instances of the start's period at or after the start, for a rule with `COUNT` (0
  /// without: nothing counts them).
  private(set) var instancesInStartPeriod = 0
  /// False when the rule provably yields nothing: a limit it can never meet.
  private(set) var canYield = true

  /// Expands the rule at `rule`, the `index`th of its series, from `start`.
  ///
  /// The rule is read where it is: a copy of one is a retain of each of its lists, and the
  /// compiler copies a borrowed one it cannot prove unchanged.
  init(
    rule: UnsafePointer<RecurrenceRule>, index: Int, start: LocalDateTime, isDateOnly: Bool,
    until: UntilBound?
  ) {
    ruleIndex = index
    self.start = start
    self.isDateOnly = isDateOnly
    self.until = until
    let frequency = rule.pointee.frequency
    self.frequency = frequency
    count = rule.pointee.count
    weekStart = rule.pointee.weekStart
    // 1970-01-01, day 0, was a Thursday (ISO 4).
    weekShift = ((rule.pointee.weekStart.rawValue - 4) % 7 + 7) % 7
    let (_, startMonth, startDay) = start.day.components

    var months = rule.pointee.byMonth
    var monthDays = rule.pointee.byMonthDay
    var byDay = rule.pointee.byDay
    let (byWeekNumber, byYearDay) = (rule.pointee.byWeekNumber, rule.pointee.byYearDay)
    let hasDayParts =
      !(byWeekNumber.isEmpty && byYearDay.isEmpty && monthDays.isEmpty && byDay.isEmpty)
    if !hasDayParts {
      switch frequency {
      case .yearly:
        if months.isEmpty { months = Self.single(startMonth) }
        monthDays = Self.single(startDay)
      case .monthly: monthDays = Self.single(startDay)
      case .weekly: byDay = [.init(start.day.weekday)]
      default: break
      }
    }
    monthMask = months.reduce(0) { $0 | UInt16(1) << UInt16($1) }
    self.monthDays = Self.uniqueSorted(monthDays)
    monthDayMask = monthDays.reduce(0) {
      $0 | UInt64(1) << UInt64($1 > 0 ? $1 - 1 : 31 - $1)
    }
    yearDays = Self.uniqueSorted(byYearDay)
    weekNumbers = Self.uniqueSorted(byWeekNumber)
    let ordinalsMean = frequency == .monthly || frequency == .yearly
    ordinalsInMonth = frequency == .monthly || !months.isEmpty
    // Each ordinal once, in no particular order (only membership and the count are read).
    let ordinals = ordinalsMean ? byDay.filter { $0.ordinal != 0 } : []
    ordinalWeekdays = ordinals.count > 1 ? Array(Set(ordinals)) : ordinals
    var weekdayMask: UInt8 = 0
    for number in byDay where !ordinalsMean || number.ordinal == 0 {
      weekdayMask |= UInt8(1) << UInt8(number.weekday.rawValue)
    }
    self.weekdayMask = weekdayMask

    // Times: a part expands periods longer than itself, limits shorter ones; a missing part
    // takes the start's value where it expands (RFC 5545 §3.3.10, "derived from DTSTART").
    let (startHour, startMinute, startSecond) = start.time
    if isDateOnly {
      (hours, minutes, seconds) = ([0], [0], [0])
      (hourLimit, minuteLimit, secondLimit) = (0, 0, 0)
    } else {
      let bySecond = Self.list(rule.pointee.bySecond, startSecond, 0...59)
      let byMinute = Self.list(rule.pointee.byMinute, startMinute, 0...59)
      let byHour = Self.list(rule.pointee.byHour, startHour, 0...23)
      switch frequency {
      case .secondly:
        (hours, minutes, seconds) = ([], [], [])
        hourLimit = Self.mask(rule.pointee.byHour, 0...23)
        minuteLimit = Self.mask(rule.pointee.byMinute, 0...59)
        secondLimit = Self.mask(rule.pointee.bySecond, 0...59)
      case .minutely:
        (hours, minutes, seconds) = ([], [], bySecond)
        hourLimit = Self.mask(rule.pointee.byHour, 0...23)
        minuteLimit = Self.mask(rule.pointee.byMinute, 0...59)
        secondLimit = 0
      case .hourly:
        (hours, minutes, seconds) = ([], byMinute, bySecond)
        hourLimit = Self.mask(rule.pointee.byHour, 0...23)
        (minuteLimit, secondLimit) = (0, 0)
      default:
        (hours, minutes, seconds) = (byHour, byMinute, bySecond)
        (hourLimit, minuteLimit, secondLimit) = (0, 0, 0)
      }
    }
    setPositions = rule.pointee.bySetPosition

    let calendarPeriods = Self.periodsInCalendar(frequency)
    interval = min(rule.pointee.interval, calendarPeriods + 1)
    startPeriod = Self.period(of: start, frequency, weekShift: weekShift)
    lastPeriod = Self.period(
      of: LocalDateTime(day: .last, secondOfDay: 86_399), frequency, weekShift: weekShift)
    let cycleUnits = Self.cycleUnits(frequency)
    let multiple = interval / Self.gcd(interval, cycleUnits)
    let (span, overflow) = multiple.multipliedReportingOverflow(by: cycleUnits)
    cycle = overflow || span > calendarPeriods ? nil : span
    // The members that need the ones above.
    canYield = timesCanBeMet && daysCanBeMet
    instancesPerPeriod = regularCount()
    // Only a COUNT is counted from the start's period (`RuleCursor`, the summary).
    instancesInStartPeriod =
      canYield && count != nil ? instancesInPeriod(startPeriod, from: start) : 0
  }

  /// The times `values` of a part list (in `valid`, sorted, each once), or the start's
  /// `fallback` when the part is absent.
  private static func list(_ values: [Int], _ fallback: Int, _ valid: ClosedRange<Int>) -> [Int] {
    values.isEmpty ? single(fallback) : uniqueSorted(values.filter(valid.contains))
  }

  /// The bits of the times `values` of a part that limits periods (in `valid`); 0 for none.
  ///
  /// A limit of only second 60 can never be met: an impossible bit keeps the mask non-zero.
  private static func mask<T: FixedWidthInteger>(_ values: [Int], _ valid: ClosedRange<Int>)
    -> T
  {
    guard !values.isEmpty else { return 0 }
    let bits = values.filter(valid.contains).reduce(T(0)) { $0 | T(1) << T($1) }
    return bits == 0 ? T(1) << T(T.bitWidth - 1) : bits
  }

  /// `values` sorted, each once; a list of one as it is (no copy).
  static func uniqueSorted(_ values: [Int]) -> [Int] {
    guard values.count > 1 else { return values }
    var sorted = values.sorted()
    var kept = 1
    for index in 1..<sorted.count where sorted[index] != sorted[kept - 1] {
      sorted[kept] = sorted[index]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    return sorted
  }

  /// `[value]`, shared for 0…59 (every default a rule takes from its start: a second, minute,
  /// hour, day or month) instead of a new array each time.
  static func single(_ value: Int) -> [Int] {
    (0..<60).contains(value) ? singles[value] : [value]
  }

  private static let singles = (0..<60).map { [$0] }

  /// Periods of each frequency in 0001…9999, at most.
  static func periodsInCalendar(_ frequency: Frequency) -> Int {
    let days = Day.last.dayNumber - Day.first.dayNumber + 1
    switch frequency {
    case .yearly: return 9999
    case .monthly: return 9999 * 12
    case .weekly: return days / 7 + 2
    case .daily: return days
    case .hourly: return days * 24
    case .minutely: return days * 1440
    case .secondly: return days * 86_400
    }
  }

  /// Periods of each frequency in the Gregorian cycle of 400 years: 146,097 days, exactly
  /// 20,871 weeks and 4,800 months.
  static func cycleUnits(_ frequency: Frequency) -> Int {
    switch frequency {
    case .yearly: return 400
    case .monthly: return 4800
    case .weekly: return 20_871
    case .daily: return 146_097
    case .hourly: return 146_097 * 24
    case .minutely: return 146_097 * 1440
    case .secondly: return 146_097 * 86_400
    }
  }

  static func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }

  // MARK: - Day filters

  /// Whether any `BY` part other than the ones that expand the period filters days.
  var hasDayFilter: Bool {
    monthMask != 0 || monthDayMask != 0 || !yearDays.isEmpty || !weekNumbers.isEmpty
      || weekdayMask != 0 || !ordinalWeekdays.isEmpty
  }

  /// Whether `day` passes every day part of the rule (`BYMONTH`, `BYWEEKNO`, `BYYEARDAY`,
  /// `BYMONTHDAY`, `BYDAY`): the intersection RFC 5545's expand and limit steps come to.
  func dayPasses(_ day: Day) -> Bool {
    let (year, month, dayOfMonth) = day.components
    if monthMask != 0 && monthMask & (1 << UInt16(month)) == 0 { return false }
    let monthLength = Day.daysIn(month: month, year: year)
    if monthDayMask != 0 {
      let fromEnd = monthLength - dayOfMonth + 1
      guard
        monthDayMask & (1 << UInt64(dayOfMonth - 1)) != 0
          || monthDayMask & (1 << UInt64(31 + fromEnd)) != 0
      else { return false }
    }
    let yearLength = Day.isLeapYear(year) ? 366 : 365
    var dayOfYear = 0
    if !yearDays.isEmpty || !ordinalWeekdays.isEmpty {
      dayOfYear = day.dayNumber - Civil.dayNumber(year: year, month: 1, day: 1) + 1
    }
    if !yearDays.isEmpty {
      guard yearDays.contains(dayOfYear) || yearDays.contains(dayOfYear - yearLength - 1) else {
        return false
      }
    }
    if !weekNumbers.isEmpty {
      let (week, weeks) = weekNumber(of: day)
      guard weekNumbers.contains(week) || weekNumbers.contains(week - weeks - 1) else {
        return false
      }
    }
    if weekdayMask != 0 || !ordinalWeekdays.isEmpty {
      let weekday = day.weekday
      if weekdayMask & (1 << UInt8(weekday.rawValue)) != 0 { return true }
      let (position, length) =
        ordinalsInMonth ? (dayOfMonth, monthLength) : (dayOfYear, yearLength)
      let forward = (position - 1) / 7 + 1
      let backward = -((length - position) / 7 + 1)
      return ordinalWeekdays.contains {
        $0.weekday == weekday && ($0.ordinal == forward || $0.ordinal == backward)
      }
    }
    return true
  }

  /// The number of the week that holds `day` and how many weeks its week-year has.
  ///
  /// Weeks start on `weekStart`; week 1 is the first with at least four days in its year
  /// (RFC 5545 §3.3.10, ISO 8601 with another week start).
  func weekNumber(of day: Day) -> (week: Int, weeks: Int) {
    let weekStartDay = day.dayNumber - offsetInWeek(day.dayNumber)
    // A week belongs to the year holding its fourth day.
    let year = Day(dayNumber: weekStartDay + 3)?.year ?? day.year
    let first = firstWeekStart(ofYear: year)
    let next = firstWeekStart(ofYear: year + 1)
    return ((weekStartDay - first) / 7 + 1, (next - first) / 7)
  }

  /// Days from the start of its week to day number `number`, 0…6.
  func offsetInWeek(_ number: Int) -> Int {
    ((number - weekShift) % 7 + 7) % 7
  }

  /// The day number of the first day of week 1 of `year`: the week that holds 4 January.
  func firstWeekStart(ofYear year: Int) -> Int {
    let january4 = Civil.dayNumber(year: year, month: 1, day: 4)
    return january4 - offsetInWeek(january4)
  }
}
