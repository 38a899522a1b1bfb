import CalendarPaging

extension EventSeries {
  /// The `THISANDFUTURE` override whose range holds an instance of order `order`: the last
  /// one at or before it.
  func applicableFuture(_ order: Int) -> Int? {
    var low = 0
    var high = futureOverrides.count
    while low < high {
      let middle = (low + high) / 2
      if futureOverrides[middle].order <= order { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : futureOverrides[low - 1].index
  }

  /// The occurrence the master gives `instance`: nil when an override names it (the override
  /// gives its own) or it is cancelled.
  func masterOccurrence(_ instance: RecurrenceInstance, userZone: any ZoneRules) -> Occurrence? {
    let placement = recurrence.placement
    let zone = placement.zone(userZone: userZone)
    let point = SeriesPoint(local: instance.local, instant: instance.instant)
    guard
      overridden.isEmpty || overridden.match(point, key: recurrence.key(point, zone: zone)) == nil
    else { return nil }
    var fields = self.fields
    var end = self.end
    var reference = recurrence.start
    var local = instance.local
    var instant = instance.instant
    var periodEnd = instance.periodEnd
    if let future = applicableFuture(order(of: instance)) {
      let override = overrides[future]
      fields = override.fields
      end = override.end
      reference = override.start
      periodEnd = nil
      let shift = Self.shift(override, placement: placement)
      if shift != 0, let moved = LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + shift) {
        local = moved
        instant = zone.instant(of: moved)
      }
    }
    guard !fields.isCancelled else { return nil }
    let start: OccurrenceTime
    let recurrenceID: OccurrenceTime
    switch placement {
    case .allDay:
      start = .day(local.day)
      recurrenceID = .day(instance.local.day)
    case .floating:
      start = .floating(local)
      recurrenceID = .floating(instance.local)
    case .zone:
      start = .instant(instant)
      recurrenceID = .instant(instance.instant)
    }
    let endTime: OccurrenceTime
    if let periodEnd {
      endTime = Self.end(of: periodEnd, start: start, local: local, zone: zone)
    } else {
      endTime = Self.end(end, start: start, local: local, reference: reference, zone: zone)
    }
    return Occurrence(
      start: start, end: endTime, recurrenceID: rulesOrDates ? recurrenceID : nil,
      recurrenceWallClock: rulesOrDates ? Self.wallClock(instance.local, placement) : nil,
      fields: fields, isOverride: false)
  }

  /// Whether the event recurs (has rules or `RDATE`s), so its occurrences carry their
  /// recurrence id.
  private var rulesOrDates: Bool { !recurrence.rules.isEmpty || !recurrence.dates.isEmpty }

  /// The occurrence override `index` gives, nil when it is cancelled or an `EXDATE` names its
  /// instance.
  func overrideOccurrence(_ index: Int, userZone: any ZoneRules) -> Occurrence? {
    let override = overrides[index]
    guard !override.fields.isCancelled else { return nil }
    let placement = recurrence.placement
    let zone = placement.zone(userZone: userZone)
    if !recurrence.excluded.isEmpty {
      // Only an EXDATE naming the same instance hides an override (for an all-day series, the
      // same day): a DATE EXDATE on a timed series leaves the override the user wrote.
      let named = RecurrenceSet.point(override.recurrenceID, placement: placement)
      let key = recurrence.key(named, zone: zone)
      if recurrence.excluded.keys[key] != nil { return nil }
      if case .allDay = placement, recurrence.excluded.days[named.local.day.dayNumber] != nil {
        return nil
      }
    }
    let (start, ownZone) = Self.time(override.start, userZone: userZone)
    let end = Self.end(
      override.end, start: start, local: override.start.local, reference: override.start,
      zone: ownZone)
    let (recurrenceID, _) = Self.time(override.recurrenceID, userZone: userZone)
    let named = RecurrenceSet.point(override.recurrenceID, placement: placement)
    return Occurrence(
      start: start, end: end, recurrenceID: recurrenceID,
      recurrenceWallClock: Self.wallClock(named.local, placement), fields: override.fields,
      isOverride: true)
  }

  /// An instance's time on the series' wall clock as `Occurrence.recurrenceWallClock` gives
  /// it: an all-day series' at midnight.
  private static func wallClock(_ local: LocalDateTime, _ placement: SeriesPlacement)
    -> LocalDateTime
  {
    if case .allDay = placement { return LocalDateTime(day: local.day, secondOfDay: 0) }
    return local
  }

  /// A component's own start as an occurrence time, and the zone its other times are read in.
  static func time(_ value: DateTimeValue, userZone: any ZoneRules) -> (
    OccurrenceTime, any ZoneRules
  ) {
    switch value {
    case .date(let day): return (.day(day), userZone)
    case .floating(let local): return (.floating(local), userZone)
    case .utc(let local): return (.instant(local.secondsSinceEpoch), FixedOffsetZone.utc)
    case .zoned(let local, let zone): return (.instant(zone.instant(of: local)), zone)
    }
  }

  /// The end of an occurrence that starts at `start` (`local` on its wall clock, in `zone`)
  /// of a component whose `DTSTART` is `reference` and whose length `end` gives.
  ///
  /// `DTEND` keeps the first instance's exact length (days for an all-day start);
  /// `DURATION` counts days on the wall clock and hours on the time line (RFC 5545
  /// §3.8.5.3, §3.3.6). An end before the start is read as the start.
  static func end(
    _ end: EventEnd, start: OccurrenceTime, local: LocalDateTime, reference: DateTimeValue,
    zone: any ZoneRules
  ) -> OccurrenceTime {
    switch (start, end) {
    case (.day(let day), .none):
      return .day(day.next ?? day)
    case (.day(let day), .at(let value)):
      let spill = value.isDate || value.local.secondOfDay == 0 ? 0 : 1
      let days = reference.local.day.distance(to: value.local.day) + spill
      return .day(day.adding(days: max(days, 0)) ?? .last)
    case (.day(let day), .after(let duration)):
      let days = duration.days + (duration.seconds + 86_399) / 86_400
      return .day(day.adding(days: max(days, 0)) ?? .last)
    case (.floating, .none), (.instant, .none):
      return start
    case (.floating(let begin), .at(let value)):
      let delta = value.local.secondsSinceEpoch - reference.local.secondsSinceEpoch
      return .floating(
        LocalDateTime(secondsSinceEpoch: begin.secondsSinceEpoch + max(delta, 0)) ?? begin)
    case (.floating(let begin), .after(let duration)):
      return .floating(max(duration.end(startingAt: begin) ?? begin, begin))
    case (.instant(let instant), .at(let value)):
      let delta = value.instant(floatingIn: zone) - reference.instant(floatingIn: zone)
      return .instant(instant + max(delta, 0))
    case (.instant(let instant), .after(let duration)):
      return .instant(max(duration.end(startingAt: local, in: zone) ?? instant, instant))
    }
  }

  /// The end an `RDATE` PERIOD gives an instance that starts at `start`.
  static func end(
    of period: RecurrenceDate.PeriodEnd, start: OccurrenceTime, local: LocalDateTime,
    zone: any ZoneRules
  ) -> OccurrenceTime {
    switch (period, start) {
    case (.after(let duration), _):
      return end(
        .after(duration), start: start, local: local, reference: .floating(local), zone: zone)
    case (.at(let value), .day(let day)):
      let spill = value.isDate || value.local.secondOfDay == 0 ? 0 : 1
      return .day(max(value.local.day.adding(days: spill) ?? .last, day))
    case (.at(let value), .floating(let begin)):
      return .floating(max(value.local, begin))
    case (.at(let value), .instant(let instant)):
      return .instant(max(value.instant(floatingIn: zone), instant))
    }
  }
}
