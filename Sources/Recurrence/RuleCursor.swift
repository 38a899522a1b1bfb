import CalendarPaging

/// One step of a cursor.
enum CursorStep {
  /// The next instance, on the series' wall clock.
  case instance(LocalDateTime)
  /// No more instances: the rule ended (COUNT, UNTIL, 9999-12-31), or provably yields no
  /// more (a whole repeat of its pattern without one).
  case end
  /// The search budget ran out before the next instance was found.
  case exhausted
}

/// Walks a rule's instances forward, in wall-clock order, from a given time.
///
/// Without `COUNT` (or with a count the arithmetic of `instancesPerPeriod` can place) it
/// starts at the period holding its lower bound, computed, not stepped to; with any other
/// `COUNT` it must count from the start. Periods whose day or hour fails the rule's limits
/// are jumped over, not stepped through.
struct RuleCursor {
  let expansion: RuleExpansion
  /// Instances before this are consumed (and counted) but not yielded.
  private let lower: LocalDateTime
  private var period: Int
  private var set: PeriodSet
  private var index: Int
  /// Instances at or after the rule's start before the next one: what `COUNT` limits.
  private(set) var emitted: Int
  /// The last period that held an instance, or the first looked at: the base of the proof
  /// that a whole cycle of periods without one means there are no more.
  private var lastHitPeriod: Int
  private var finished: Bool

  /// A cursor yielding the rule's instances at or after `lower`.
  init(_ expansion: RuleExpansion, from lower: LocalDateTime) {
    self.lower = max(lower, expansion.start)
    let start = expansion.start
    var period = expansion.startPeriod
    var emitted = 0
    if expansion.count == nil || expansion.instancesPerPeriod != nil {
      period = expansion.firstActive(atOrAfter: expansion.period(of: self.lower))
      if period > expansion.startPeriod, let perPeriod = expansion.instancesPerPeriod {
        let (full, overflow) = ((period - expansion.startPeriod) / expansion.interval - 1)
          .multipliedReportingOverflow(by: perPeriod)
        emitted = overflow ? Int.max / 2 : expansion.instancesInStartPeriod + full
      }
    }
    self.period = period
    finished = !expansion.canYield || period > expansion.lastPeriod
    set =
      finished
      ? PeriodSet(days: [], hours: [], minutes: [], seconds: []) : expansion.periodSet(period)
    index = period == expansion.startPeriod ? set.firstIndex(atOrAfter: start) : 0
    if expansion.count == nil || expansion.instancesPerPeriod != nil {
      // Jumped: skip to the lower bound within the period, counting what is skipped.
      let skipTo = set.firstIndex(atOrAfter: self.lower)
      if skipTo > index {
        emitted += skipTo - index
        index = skipTo
      }
    }
    self.emitted = emitted
    lastHitPeriod = period
    // Stored last: the argument is then moved in, not copied (a value of many parts).
    self.expansion = expansion
  }

  /// The next instance, the end, or `.exhausted` when `budget` ran out first.
  mutating func next(budget: inout SearchBudget) -> CursorStep {
    while !finished {
      if index < set.count {
        // A whole period before the lower bound is counted at once.
        if expansion.count != nil, set.element(set.count - 1) < lower,
          expansion.until.map({ !$0.isPast(set.element(set.count - 1)) }) ?? true
        {
          let left = set.count - index
          if let count = expansion.count, emitted + left >= count {
            finished = true
            return .end
          }
          emitted += left
          index = set.count
          guard budget.spend() else { return .exhausted }
          continue
        }
        let local = set.element(index)
        index += 1
        if let count = expansion.count, emitted >= count {
          finished = true
          return .end
        }
        emitted += 1
        if let until = expansion.until {
          if until.isPast(local) {
            finished = true
            return .end
          }
          if !until.allows(local) { continue }
        }
        if local < lower {
          guard budget.spend() else { return .exhausted }
          continue
        }
        return .instance(local)
      }
      if let count = expansion.count, emitted >= count {
        finished = true
        return .end
      }
      guard advance(budget: &budget) else { return finished ? .end : .exhausted }
    }
    return .end
  }

  /// Moves to the next active period that holds an instance; false at the end (`finished`
  /// set) or when the budget runs out.
  private mutating func advance(budget: inout SearchBudget) -> Bool {
    var candidate = period + expansion.interval
    while true {
      guard budget.spend() else { return false }
      if candidate > expansion.lastPeriod {
        finished = true
        return false
      }
      if let cycle = expansion.cycle, candidate - lastHitPeriod > cycle {
        finished = true
        return false
      }
      switch skipTarget(for: candidate, budget: &budget) {
      case .none:
        break
      case .some(.none):
        finished = true
        return false
      case .some(.some(let local)):
        candidate = expansion.firstActive(atOrAfter: expansion.period(of: local))
        continue
      }
      let set = expansion.periodSet(candidate)
      period = candidate
      if set.count > 0 {
        // Every instance of a later period is at or after the start: a hit for the proof.
        self.set = set
        index = 0
        lastHitPeriod = candidate
        return true
      }
      candidate += expansion.interval
    }
  }

  /// For `DAILY` and shorter: nil when the period `candidate` may hold an instance; else the
  /// wall-clock time to jump to (the next day, hour, minute or second the limits allow), or
  /// `.some(nil)` when no later day passes.
  private func skipTarget(for candidate: Int, budget: inout SearchBudget) -> LocalDateTime?? {
    guard expansion.frequency <= .daily else { return nil }
    let (number, second) = expansion.dayAndSecond(ofPeriod: candidate)
    guard let day = Day(dayNumber: number) else { return .some(nil) }
    if expansion.hasDayFilter && !expansion.dayPasses(day) {
      guard let next = day.next, let match = expansion.nextMatchingDay(from: next, budget: &budget)
      else { return .some(nil) }
      return LocalDateTime(day: match, secondOfDay: 0)
    }
    guard expansion.frequency < .daily else { return nil }
    let (hour, minute, secondOfMinute) = (second / 3600, second / 60 % 60, second % 60)
    func nextDay() -> LocalDateTime?? {
      guard let next = day.next else { return .some(nil) }
      return LocalDateTime(day: next, secondOfDay: 0)
    }
    if expansion.hourLimit != 0 && expansion.hourLimit & (1 << UInt32(hour)) == 0 {
      guard
        let later = (hour + 1..<24).first(where: { expansion.hourLimit & (1 << UInt32($0)) != 0 })
      else { return nextDay() }
      return LocalDateTime(day: day, secondOfDay: later * 3600)
    }
    if expansion.frequency <= .minutely && expansion.minuteLimit != 0
      && expansion.minuteLimit & (1 << UInt64(minute)) == 0
    {
      guard
        let later = (minute + 1..<60).first(where: {
          expansion.minuteLimit & (1 << UInt64($0)) != 0
        })
      else {
        return hour == 23 ? nextDay() : LocalDateTime(day: day, secondOfDay: (hour + 1) * 3600)
      }
      return LocalDateTime(day: day, secondOfDay: hour * 3600 + later * 60)
    }
    if expansion.frequency == .secondly && expansion.secondLimit != 0
      && expansion.secondLimit & (1 << UInt64(secondOfMinute)) == 0
    {
      let minuteStart = second - secondOfMinute
      guard
        let later = (secondOfMinute + 1..<60).first(where: {
          expansion.secondLimit & (1 << UInt64($0)) != 0
        })
      else {
        return minuteStart + 60 >= 86_400
          ? nextDay() : LocalDateTime(day: day, secondOfDay: minuteStart + 60)
      }
      return LocalDateTime(day: day, secondOfDay: minuteStart + later)
    }
    return nil
  }
}
