import CalendarPaging

extension RecurrenceSet {
  /// The most instances one window returns unless told otherwise.
  public static let defaultLimit = 10_000

  /// Seconds (on any wall clock) of 0001-01-01T00:00:00 and of 9999-12-31T23:59:59.
  static let calendarSeconds =
    LocalDateTime(day: .first, secondOfDay: 0)
    .secondsSinceEpoch...LocalDateTime(
      day: .last, secondOfDay: 86_399
    ).secondsSinceEpoch

  /// The instances that start in `window` (instants, seconds since 1970-01-01T00:00:00Z),
  /// ordered by instant, each once, `EXDATE`s left out.
  ///
  /// An all-day or floating series is placed in `userZone`. At most `limit` instances come
  /// back (a notice says when more were there), and the search is bounded.
  ///
  /// - Complexity: Proportional to the instances near the window, not to those before it,
  ///   for a rule without `COUNT` or with a `COUNT` whose periods all hold as many instances
  ///   (the common ones: daily, weekly by weekday, monthly by day or by nth weekday, yearly);
  ///   other `COUNT` rules are counted from their start.
  public func instances(
    in window: Range<Int>, userZone: any ZoneRules, limit: Int = defaultLimit
  ) -> InstanceWindow {
    var budget = SearchBudget()
    return collect(window, userZone: userZone, limit: limit, budget: &budget)
  }

  /// `instances(in:userZone:limit:)` within `budget`.
  func collect(
    _ window: Range<Int>, userZone: any ZoneRules, limit: Int, budget: inout SearchBudget
  ) -> InstanceWindow {
    let zone = placement.zone(userZone: userZone)
    let (offset, slack) = SeriesPlacement.slack(zone)
    let low = Self.clampedSum(window.lowerBound, offset - slack)
    let high = Self.clampedSum(window.upperBound, offset + slack)
    var found: [RecurrenceInstance] = []
    var notices: [SeriesNotice] = []
    guard !window.isEmpty, low <= Self.calendarSeconds.upperBound,
      high > Self.calendarSeconds.lowerBound,
      let lower = LocalDateTime(secondsSinceEpoch: max(low, Self.calendarSeconds.lowerBound))
    else { return InstanceWindow(instances: [], notices: []) }
    var stream = SeriesStream(self, from: lower)
    var seen: Set<InstanceKey> = []
    var last = lower
    scan: while true {
      switch stream.next(budget: &budget) {
      case .end:
        break scan
      case .exhausted:
        notices.append(.searchStopped(after: last))
        break scan
      case .point(let point):
        last = point.local
        guard point.local.secondsSinceEpoch < high else { break scan }
        let key = key(point, zone: zone)
        guard !isExcluded(point, zone: zone), seen.insert(key).inserted else { continue }
        let instant = instant(point, zone: zone)
        guard window.contains(instant) else { continue }
        guard found.count < limit else {
          notices.append(.tooManyInstances(rule: nil, limit: limit, before: point.local))
          break scan
        }
        found.append(
          RecurrenceInstance(local: point.local, instant: instant, periodEnd: point.periodEnd))
      }
    }
    found.sort { ($0.instant, $0.local) < ($1.instant, $1.local) }
    return InstanceWindow(instances: found, notices: notices)
  }

  /// The first instance whose instant is after `instant`.
  ///
  /// - Complexity: Bounded: a rule that has no more instances is proved so within one repeat
  ///   of its pattern (the 400-year Gregorian cycle), or the search stops and says so.
  public func firstInstance(after instant: Int, userZone: any ZoneRules) -> InstanceSearch {
    var budget = SearchBudget()
    return first(after: instant, userZone: userZone, budget: &budget)
  }

  /// `firstInstance(after:userZone:)` within `budget`.
  func first(after instant: Int, userZone: any ZoneRules, budget: inout SearchBudget)
    -> InstanceSearch
  {
    let zone = placement.zone(userZone: userZone)
    let (offset, slack) = SeriesPlacement.slack(zone)
    let low = Self.clampedSum(Self.clampedSum(instant, 1), offset - slack)
    guard low <= Self.calendarSeconds.upperBound,
      let lower = LocalDateTime(secondsSinceEpoch: max(low, Self.calendarSeconds.lowerBound))
    else { return .none }
    var stream = SeriesStream(self, from: lower)
    var best: RecurrenceInstance?
    while true {
      switch stream.next(budget: &budget) {
      case .end:
        return best.map { .found($0) } ?? .none
      case .exhausted:
        return best.map { .found($0) } ?? .stopped(.searchStopped(after: lower))
      case .point(let point):
        // No later wall-clock time can be an earlier instant than this by more than the slack.
        if let best, point.local.secondsSinceEpoch - offset - slack > best.instant {
          return .found(best)
        }
        guard !isExcluded(point, zone: zone) else { continue }
        let start = self.instant(point, zone: zone)
        if start > instant && best.map({ start < $0.instant }) ?? true {
          best = RecurrenceInstance(local: point.local, instant: start, periodEnd: point.periodEnd)
        }
      }
    }
  }

  /// The last instance whose instant is before `instant`.
  ///
  /// Searched back in spans that double, each walked forward, so a rule is never walked from
  /// its start unless its `COUNT` needs it.
  public func lastInstance(before instant: Int, userZone: any ZoneRules) -> InstanceSearch {
    var budget = SearchBudget()
    return last(before: instant, userZone: userZone, budget: &budget)
  }

  /// `lastInstance(before:userZone:)` within `budget`.
  func last(before instant: Int, userZone: any ZoneRules, budget: inout SearchBudget)
    -> InstanceSearch
  {
    let zone = placement.zone(userZone: userZone)
    let (offset, slack) = SeriesPlacement.slack(zone)
    let earliest = extraPoints[0].local.secondsSinceEpoch
    var high = min(Self.clampedSum(instant, offset + slack), Self.calendarSeconds.upperBound + 1)
    var span = initialSearchSpan
    let window = Int.min..<instant
    while high > earliest {
      let low = max(high - span, earliest)
      let chunk = collectLocal(low..<high, zone: zone, window: window, budget: &budget)
      if budget.isExhausted {
        return .stopped(.searchStopped(after: LocalDateTime(secondsSinceEpoch: low)!))
      }
      if var best = chunk.max(by: { $0.instant < $1.instant }) {
        // Earlier wall-clock times may still be later instants, by up to twice the slack.
        if slack > 0 && low > earliest && best.instant < low - offset + slack {
          let before = collectLocal(
            max(low - 2 * slack, earliest)..<low, zone: zone, window: window, budget: &budget)
          if let other = before.max(by: { $0.instant < $1.instant }), other.instant > best.instant {
            best = other
          }
        }
        return .found(best)
      }
      high = low
      span = span > Int.max / 4 ? span : span * 2
    }
    return .none
  }

  /// The non-excluded instances with wall-clock times in `seconds` whose instants lie in
  /// `window`, each once.
  private func collectLocal(
    _ seconds: Range<Int>, zone: any ZoneRules, window: Range<Int>, budget: inout SearchBudget
  ) -> [RecurrenceInstance] {
    guard
      let lower = LocalDateTime(
        secondsSinceEpoch: max(seconds.lowerBound, Self.calendarSeconds.lowerBound))
    else { return [] }
    var stream = SeriesStream(self, from: lower)
    var found: [RecurrenceInstance] = []
    while case .point(let point) = stream.next(budget: &budget),
      point.local.secondsSinceEpoch < seconds.upperBound
    {
      guard !isExcluded(point, zone: zone) else { continue }
      let start = instant(point, zone: zone)
      if window.contains(start) {
        found.append(
          RecurrenceInstance(local: point.local, instant: start, periodEnd: point.periodEnd))
      }
    }
    return found
  }

  /// The first span `last(before:)` searches: two of the longest rule's active periods, at
  /// least two days; the whole calendar for a series of dates alone.
  private var initialSearchSpan: Int {
    let calendar = Self.calendarSeconds.upperBound - Self.calendarSeconds.lowerBound + 1
    guard !expansions.isEmpty else { return calendar }
    let longest =
      expansions.map { expansion -> Int in
        let seconds: Int
        switch expansion.frequency {
        case .yearly: seconds = 366 * 86_400
        case .monthly: seconds = 31 * 86_400
        case .weekly: seconds = 7 * 86_400
        case .daily: seconds = 86_400
        case .hourly: seconds = 3600
        case .minutely: seconds = 60
        case .secondly: seconds = 1
        }
        let (product, overflow) = seconds.multipliedReportingOverflow(by: expansion.interval)
        return overflow ? calendar : min(product, calendar)
      }.max() ?? calendar
    return min(max(2 * longest, 2 * 86_400), calendar)
  }

  /// `a + b`, held at `Int`'s bounds instead of overflowing.
  static func clampedSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }
}
