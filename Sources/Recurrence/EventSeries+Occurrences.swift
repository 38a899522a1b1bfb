import CalendarPaging

extension EventSeries {
  /// The occurrences that overlap `window` (instants; an occurrence's end is exclusive, an
  /// instant counts in the window that holds it), ordered by start, then end.
  ///
  /// All-day and floating occurrences are placed in `userZone`. Instances come from
  /// `RecurrenceSet.instances(in:userZone:limit:)` around the window, overrides replace or
  /// cancel theirs, `THISANDFUTURE` overrides move and retitle the instances after them.
  public func occurrences(
    overlapping window: Range<Int>, userZone: any ZoneRules,
    limit: Int = RecurrenceSet.defaultLimit
  ) -> OccurrencePage {
    guard !isCancelled, !window.isEmpty else { return OccurrencePage(occurrences: [], notices: []) }
    var budget = SearchBudget()
    // A length in days varies with the zone's changes of offset: the zone's slack covers it.
    let (_, slack) = SeriesPlacement.slack(recurrence.placement.zone(userZone: userZone))
    let before = lengthBound + max(shiftRange.upperBound, 0) + 2 * slack
    let after = max(-shiftRange.lowerBound, 0) + 2 * slack
    // The instances just outside the window are looked at too: room for them in the limit.
    let instances = recurrence.collect(
      RecurrenceSet.clampedSum(
        window.lowerBound, -before)..<RecurrenceSet.clampedSum(
          window.upperBound, after),
      userZone: userZone, limit: RecurrenceSet.clampedSum(limit, limit), budget: &budget)
    var found = instances.instances.compactMap { masterOccurrence($0, userZone: userZone) }
    found += overrides.indices.compactMap { overrideOccurrence($0, userZone: userZone) }
    found = sorted(found.filter { $0.overlaps(window, userZone: userZone) }, userZone: userZone)
    var notices = instances.notices
    if found.count > limit {
      notices.append(
        .tooManyInstances(rule: nil, limit: limit, before: found[limit].start.local(in: userZone)))
      found.removeLast(found.count - limit)
    }
    return OccurrencePage(occurrences: found, notices: notices)
  }

  /// The occurrences that cover any of `days` in `userZone`.
  public func occurrences(
    covering days: ClosedRange<Day>, userZone: any ZoneRules,
    limit: Int = RecurrenceSet.defaultLimit
  ) -> OccurrencePage {
    let start = userZone.instant(of: LocalDateTime(day: days.lowerBound, secondOfDay: 0))
    let end =
      days.upperBound.next.map { userZone.instant(of: LocalDateTime(day: $0, secondOfDay: 0)) }
      ?? Int.max
    return occurrences(overlapping: start..<end, userZone: userZone, limit: limit)
  }

  /// The first occurrence still under way at `instant` or starting after it: of those that end
  /// after `instant` (or are an instant at or after it), the one that starts first.
  ///
  /// What "the next day with events" needs: that day is the later of the occurrence's first
  /// day and the day of `instant`.
  public func firstOccurrence(endingAfter instant: Int, userZone: any ZoneRules)
    -> OccurrenceSearch
  {
    guard !isCancelled else { return .none }
    let current = occurrences(
      overlapping: instant..<RecurrenceSet.clampedSum(instant, 1), userZone: userZone)
    var candidates = current.occurrences
    var notices = current.notices
    candidates += overrides.indices.compactMap { overrideOccurrence($0, userZone: userZone) }
      .filter { $0.start.instant(in: userZone) > instant }
    var budget = SearchBudget()
    var from = RecurrenceSet.clampedSum(instant, -max(shiftRange.upperBound, 0) - 1)
    // Instances an override took are passed over; there are no more of them than overrides.
    for _ in 0...overrides.count + 1 {
      switch recurrence.first(after: from, userZone: userZone, budget: &budget) {
      case .found(let instance):
        if let occurrence = masterOccurrence(instance, userZone: userZone),
          occurrence.start.instant(in: userZone) > instant
        {
          candidates.append(occurrence)
        } else if let resume = resumption(after: instance) {
          from = resume
          continue
        }
      case .none: break
      case .stopped(let notice): notices.append(notice)
      }
      break
    }
    if let first = sorted(candidates, userZone: userZone).first { return .found(first) }
    return notices.first.map { .stopped($0) } ?? .none
  }

  /// The occurrence that reaches latest among those that start before `instant`: what "the
  /// previous day with events" needs (that day is the earlier of the occurrence's last day and
  /// the day before `instant`'s).
  public func lastOccurrence(startingBefore instant: Int, userZone: any ZoneRules)
    -> OccurrenceSearch
  {
    guard !isCancelled else { return .none }
    var candidates = overrides.indices.compactMap { overrideOccurrence($0, userZone: userZone) }
      .filter { $0.start.instant(in: userZone) < instant }
    var notices: [SeriesNotice] = []
    var budget = SearchBudget()
    var before = RecurrenceSet.clampedSum(instant, max(-shiftRange.lowerBound, 0) + 1)
    for _ in 0...overrides.count + 1 {
      switch recurrence.last(before: before, userZone: userZone, budget: &budget) {
      case .found(let instance):
        guard let occurrence = masterOccurrence(instance, userZone: userZone),
          occurrence.start.instant(in: userZone) < instant
        else {
          before = instance.instant
          continue
        }
        // Occurrences of other lengths that start a little earlier may reach later.
        let start = occurrence.start.instant(in: userZone)
        let reach = occurrences(
          overlapping: RecurrenceSet.clampedSum(start, -lengthBound)..<instant,
          userZone: userZone)
        candidates += reach.occurrences.filter { $0.start.instant(in: userZone) < instant }
        candidates.append(occurrence)
      case .none: break
      case .stopped(let notice): notices.append(notice)
      }
      break
    }
    let latest = candidates.max {
      ($0.end.instant(in: userZone), $0.start.instant(in: userZone))
        < ($1.end.instant(in: userZone), $1.start.instant(in: userZone))
    }
    if let latest { return .found(latest) }
    return notices.first.map { .stopped($0) } ?? .none
  }

  /// Bounds on where the occurrences lie, from the series' summary (computed once; keep it).
  public func extent(userZone: any ZoneRules) -> EventExtent {
    guard !isCancelled else { return EventExtent(earliestStart: nil, latestEnd: nil, notices: []) }
    let summary = recurrence.summary(userZone: userZone)
    let slack = 2 * SeriesPlacement.largestOffset
    var starts: [Int] = []
    var ends: [Int] = []
    var unbounded = false
    if let first = summary.first {
      starts.append(RecurrenceSet.clampedSum(first.instant, min(shiftRange.lowerBound, 0) - slack))
      switch summary.end {
      case .last(let last):
        ends.append(
          RecurrenceSet.clampedSum(
            last.instant, lengthBound + max(shiftRange.upperBound, 0) + slack))
      case .unbounded, .unknown:
        unbounded = true
      }
    }
    for index in overrides.indices {
      guard let occurrence = overrideOccurrence(index, userZone: userZone) else { continue }
      starts.append(occurrence.start.instant(in: userZone))
      ends.append(occurrence.end.instant(in: userZone))
    }
    return EventExtent(
      earliestStart: starts.min(), latestEnd: unbounded ? nil : ends.max(),
      notices: summary.notices)
  }

  /// `occurrences` by start, then end, then summary.
  private func sorted(_ occurrences: [Occurrence], userZone: any ZoneRules) -> [Occurrence] {
    guard occurrences.count > 1 else { return occurrences }
    return occurrences.map { ($0.start.instant(in: userZone), $0.end.instant(in: userZone), $0) }
      .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
  }

  /// Where to look on from after `instance`, which gave no occurrence (an override took it, or
  /// cancelled it): after it, or after the cancelling `THISANDFUTURE` override's range, which
  /// runs to the next such override; nil when a cancelled range never ends.
  private func resumption(after instance: RecurrenceInstance) -> Int? {
    guard let future = applicableFuture(order(of: instance)), overrides[future].fields.isCancelled
    else { return instance.instant }
    guard let next = futureOverrides.first(where: { $0.order > order(of: instance) }) else {
      return nil
    }
    // The next range starts at that override's instance: resume just before it.
    if case .zone = recurrence.placement { return next.order - 1 }
    return instance.instant
  }
}
