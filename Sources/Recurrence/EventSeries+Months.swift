extension EventSeries {
  /// Every month of the year, as `monthsOfYear` gives them.
  public static let everyMonth = 0xFFF

  /// The months of the year its occurrences may meet, as bits (`1 << (month - 1)`), in any
  /// zone and with a day to spare either way; `everyMonth` when that is not narrower.
  ///
  /// What lets the expansion of a month pass over a yearly event of another month without
  /// parsing it. An instance starts in the month of `DTSTART`'s wall clock under
  /// `FREQ=YEARLY` with no part that spreads it over the year (`BYDAY`, `BYMONTHDAY`,
  /// `BYYEARDAY`, `BYWEEKNO`), in a month of `BYMONTH` under any frequency (it limits the
  /// others and expands `YEARLY`; with `BYWEEKNO` or `BYYEARDAY` beside it, every month), and
  /// where an `RDATE` or an override says; `DTSTART` is always one. An occurrence meets only
  /// its start's month and their neighbours when it lasts under 20 days (its instants and its
  /// wall clock are less than a day apart), else every month; a `THISANDFUTURE` override,
  /// which moves the instances after it, makes it every month.
  public var monthsOfYear: Int {
    var starts = 0
    func add(_ value: DateTimeValue) { starts |= 1 << (value.local.day.month - 1) }
    add(recurrence.start)
    for rule in recurrence.rules {
      guard rule.byWeekNumber.isEmpty, rule.byYearDay.isEmpty else { return Self.everyMonth }
      if !rule.byMonth.isEmpty {
        guard rule.byMonth.allSatisfy({ (1...12).contains($0) }) else { return Self.everyMonth }
        for month in rule.byMonth { starts |= 1 << (month - 1) }
      } else if rule.frequency != .yearly || !rule.byMonthDay.isEmpty || !rule.byDay.isEmpty {
        return Self.everyMonth
      }
    }
    for date in recurrence.dates {
      switch date {
      case .value(let value): add(value)
      case .period(let start, _): add(start)
      }
    }
    var longest = lengthBound
    for override in overrides {
      guard !override.thisAndFuture else { return Self.everyMonth }
      add(override.start)
      longest = max(longest, Self.lengthBound(override.end, start: override.start))
    }
    guard longest < 20 * 86_400 else { return Self.everyMonth }
    // Each month with the one before and the one after, December's after being January.
    let before = ((starts >> 1) | (starts << 11)) & Self.everyMonth
    let after = ((starts << 1) | (starts >> 11)) & Self.everyMonth
    return starts | before | after
  }
}
