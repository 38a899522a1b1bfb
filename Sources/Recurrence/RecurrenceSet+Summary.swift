import CalendarPaging

extension RecurrenceSet {
  /// The most instances a rule's `COUNT` is counted through, when its periods do not all
  /// hold as many (so the count cannot be placed by arithmetic).
  public static let countedInstancesLimit = 50_000

  /// The work one summary may do: it is computed once per series and kept by its caller.
  static let summaryBudget = 400_000

  /// The series' first instance, how it ends, and the bounds its rules meet: computed once,
  /// and kept by the caller so that a series that ended before a page is skipped with one
  /// comparison.
  ///
  /// A rule without `COUNT` or `UNTIL` makes the series unbounded. A `COUNT` is placed by
  /// arithmetic where every period holds as many instances, counted otherwise (at most
  /// `countedInstancesLimit`: beyond, `.tooManyInstances` and an unknown end); an `UNTIL`
  /// bounds the search back for the last instance. A rule that yields nothing is named.
  ///
  /// When `first` is nil (every instance excluded), `end` is `.unknown`.
  public func summary(userZone: any ZoneRules) -> SeriesSummary {
    var budget = SearchBudget(steps: Self.summaryBudget)
    let zone = placement.zone(userZone: userZone)
    var notices: [SeriesNotice] = []
    var unbounded = false
    var unknown = false
    var bound = extraPoints.map { instant($0, zone: zone) }.max() ?? Int.min
    // The latest candidate for the last instance where it is known exactly (a COUNT's last, an
    // RDATE), so the search back for it can be skipped when nothing excludes it.
    var known = extraPoints.map { ($0, instant($0, zone: zone)) }.max { $0.1 < $1.1 }
    var onlyKnown = true
    for expansion in expansions {
      var cursor = RuleCursor(expansion, from: expansion.start)
      switch cursor.next(budget: &budget) {
      case .end:
        notices.append(.yieldsNoInstance(rule: rules[expansion.ruleIndex].description))
        continue
      case .exhausted:
        notices.append(.searchStopped(after: expansion.start))
        unknown = true
        continue
      case .instance:
        break
      }
      var exact: LocalDateTime?
      guard
        let ruleBound = lastBound(
          of: expansion, zone: zone, budget: &budget, notices: &notices, exact: &exact)
      else {
        unbounded = true
        continue
      }
      if let ruleBound { bound = max(bound, ruleBound) } else { unknown = true }
      if let exact {
        let point = SeriesPoint(local: exact)
        let candidate = (point, instant(point, zone: zone))
        if known.map({ candidate.1 > $0.1 }) ?? true { known = candidate }
      } else {
        onlyKnown = false
      }
    }
    let first = self.first(after: Int.min, userZone: userZone, budget: &budget).instance
    let end: SeriesEnd
    if first == nil || unknown && !unbounded {
      end = .unknown
    } else if unbounded {
      end = .unbounded
    } else {
      if onlyKnown, let (point, instant) = known, !isExcluded(point, zone: zone) {
        return SeriesSummary(
          first: first,
          end: .last(
            RecurrenceInstance(local: point.local, instant: instant, periodEnd: point.periodEnd)),
          notices: notices)
      }
      // Past every rule's bound nothing recurs, so the last instance before it is the last.
      let (_, slack) = SeriesPlacement.slack(zone)
      let past = Self.clampedSum(Self.clampedSum(bound, slack), 1)
      switch last(before: past, userZone: userZone, budget: &budget) {
      case .found(let instance): end = .last(instance)
      case .none, .stopped: end = .unknown
      }
    }
    return SeriesSummary(first: first, end: end, notices: notices)
  }

  /// The instant past which `expansion` has no instance: nil when it recurs to the end of the
  /// calendar; `.some(nil)` when that is not known (a count too large to count, a search
  /// stopped: `notices` says which).
  private func lastBound(
    of expansion: RuleExpansion, zone: any ZoneRules, budget: inout SearchBudget,
    notices: inout [SeriesNotice], exact: inout LocalDateTime?
  ) -> Int?? {
    var bounds: [Int] = []
    if let until = expansion.until {
      switch until {
      case .local(let local): bounds.append(zone.instant(of: local))
      case .instant(let instant, _, _): bounds.append(instant)
      }
    }
    if let count = expansion.count {
      switch lastCounted(expansion, count: count, budget: &budget) {
      case .found(let local):
        bounds.append(zone.instant(of: local))
        // The count's last is the rule's last unless an UNTIL ends it sooner.
        if expansion.until.map({ $0.allows(local) }) ?? true { exact = local }
      case .beyondCalendar: break
      case .tooMany(let before):
        notices.append(
          .tooManyInstances(
            rule: rules[expansion.ruleIndex].description, limit: Self.countedInstancesLimit,
            before: before))
        return .some(nil)
      case .stopped(let after):
        notices.append(.searchStopped(after: after))
        return .some(nil)
      }
    }
    guard let lowest = bounds.min() else { return nil }
    return .some(lowest)
  }

  private enum CountedEnd {
    case found(LocalDateTime)
    case beyondCalendar
    case tooMany(before: LocalDateTime)
    case stopped(after: LocalDateTime)
  }

  /// Where `COUNT` ends the rule: by arithmetic when every period holds as many instances,
  /// else counted (at most `countedInstancesLimit`).
  private func lastCounted(_ expansion: RuleExpansion, count: Int, budget: inout SearchBudget)
    -> CountedEnd
  {
    if let perPeriod = expansion.instancesPerPeriod {
      let first = expansion.instancesInStartPeriod
      if count <= first || perPeriod == 0 {
        let set = expansion.periodSet(expansion.startPeriod)
        let index = set.firstIndex(atOrAfter: expansion.start) + min(count, first) - 1
        return index >= 0 && index < set.count ? .found(set.element(index)) : .beyondCalendar
      }
      let periods = 1 + (count - first - 1) / perPeriod
      let (offset, overflow) = periods.multipliedReportingOverflow(by: expansion.interval)
      guard !overflow, expansion.startPeriod + offset <= expansion.lastPeriod else {
        return .beyondCalendar
      }
      let set = expansion.periodSet(expansion.startPeriod + offset)
      let index = (count - first - 1) % perPeriod
      return index < set.count ? .found(set.element(index)) : .beyondCalendar
    }
    var cursor = RuleCursor(expansion, from: expansion.start)
    var last = expansion.start
    var counted = 0
    while true {
      switch cursor.next(budget: &budget) {
      case .instance(let local):
        last = local
        counted += 1
        if counted >= Self.countedInstancesLimit && count > counted {
          return .tooMany(before: local)
        }
      case .end:
        return .found(last)
      case .exhausted:
        return .stopped(after: last)
      }
    }
  }
}
