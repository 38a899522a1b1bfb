public import CalendarPaging
import Interchange
import NoteStore
public import Recurrence

extension EventCalendars {
  /// The occurrences that cover any of `days` in `userZone`.
  ///
  /// They come by their first day, all-day ones first, then by start, then end. An event
  /// whose `UID` several files of a calendar hold is shown once (from the first path); a
  /// cancelled one not at all.
  ///
  /// - Complexity: a query on the index for the occurrences kept there (of events that do not
  ///   recur, and of recurring ones in the months expanded); only an event with too many
  ///   occurrences to keep is parsed and expanded.
  public func events(covering days: ClosedRange<Day>, userZone: any ZoneRules) -> [DayOccurrence] {
    events(covering: days, userZone: userZone, withFirstDays: true) { first, second in
      first.firstDay != second.firstDay
        ? first.firstDay! < second.firstDay! : first.precedesOnPage(second)
    }
  }

  /// The occurrences that cover any of `days` in `userZone`, in the order `precedes` gives
  /// their placements there (nil: alike), then by calendar, summary and `UID`; with
  /// `withFirstDays`, the placements hold their first days.
  ///
  /// What a page asks for in the order it lists them: placed and sorted once.
  public func events(
    covering days: ClosedRange<Day>, userZone: any ZoneRules, withFirstDays: Bool = false,
    orderedBy precedes: (OccurrencePlacement, OccurrencePlacement) -> Bool?
  ) -> [DayOccurrence] {
    var found: [DayOccurrence] = []
    forEachOccurrence(covering: days, userZone: userZone) {
      found.append($0)
      return true
    }
    return Self.ordered(found, userZone: userZone, withFirstDays: withFirstDays, by: precedes)
  }

  /// A day page's occurrences (`events(covering:userZone:orderedBy:)` of `days`) and its
  /// menu's marks (`daysWithEvents(in:userZone:calendars:)` of `menu`), read in one snapshot.
  public func page(
    covering days: ClosedRange<Day>, marking menu: ClosedRange<Day>, userZone: any ZoneRules,
    calendars shown: Set<String>,
    orderedBy precedes: (OccurrencePlacement, OccurrencePlacement) -> Bool?
  ) -> (events: [DayOccurrence], marks: DaySet) {
    let names = readNames.filter { shown.contains($0) }
    let window = Self.window(days, userZone: userZone)
    let menuWindow = Self.window(menu, userZone: userZone)
    var found: [DayOccurrence] = []
    let marked =
      readingPage(
        min(
          window.lowerBound, menuWindow.lowerBound)..<max(window.upperBound, menuWindow.upperBound)
      ) { reading in
        forEachOccurrence(in: window, of: days, reading: reading, userZone: userZone) {
          found.append($0)
          return true
        }
        return names.isEmpty
          ? DaySet(in: menu)
          : marks(
            of: menu, names: names, window: menuWindow, reading: reading, userZone: userZone)
      } ?? DaySet(in: menu)
    return (Self.ordered(found, userZone: userZone, withFirstDays: false, by: precedes), marked)
  }

  /// `found` in the order `precedes` gives their placements in `userZone`, then by calendar,
  /// summary and `UID`, each occurrence once.
  private static func ordered(
    _ found: [DayOccurrence], userZone: any ZoneRules, withFirstDays: Bool,
    by precedes: (OccurrencePlacement, OccurrencePlacement) -> Bool?
  ) -> [DayOccurrence] {
    let placements = found.map {
      OccurrencePlacement($0.occurrence, in: userZone, withFirstDay: withFirstDays)
    }
    let order = found.indices.sorted { left, right in
      if let order = precedes(placements[left], placements[right]) { return order }
      let (one, other) = (found[left], found[right])
      return (one.calendar, one.occurrence.fields.summary ?? "", one.uid)
        < (other.calendar, other.occurrence.fields.summary ?? "", other.uid)
    }
    // An occurrence reaching into two months expanded is kept with each (or kept with one and
    // expanded again with the other, for an event too busy in it to keep): sorted, the two
    // are neighbours, and the second goes.
    var events: [DayOccurrence] = []
    events.reserveCapacity(order.count)
    for at in order {
      let occurrence = found[at]
      if let previous = events.last, previous.calendar == occurrence.calendar,
        previous.uid == occurrence.uid, previous.occurrence.start == occurrence.occurrence.start,
        previous.occurrence.recurrenceID == occurrence.occurrence.recurrenceID
      {
        continue
      }
      events.append(occurrence)
    }
    return events
  }

  /// The days of `days` that an occurrence of the calendars `shown` covers in `userZone`.
  ///
  /// What a menu or a month grid marks: a look at the kept occurrences' times a day, each
  /// stopping at the first that covers it; the events whose occurrences are not kept are
  /// expanded for the days left unmarked.
  public func daysWithEvents(
    in days: ClosedRange<Day>, userZone: any ZoneRules, calendars shown: Set<String>
  ) -> DaySet {
    let none = DaySet(in: days)
    let names = readNames.filter { shown.contains($0) }
    guard !names.isEmpty else { return none }
    let window = Self.window(days, userZone: userZone)
    return readingPage(window) { reading in
      marks(of: days, names: names, window: window, reading: reading, userZone: userZone)
    } ?? none
  }

  /// `daysWithEvents`'s looks, in the snapshot it opened.
  private func marks(
    of days: ClosedRange<Day>, names: [String], window: Range<Int>, reading: PageReading,
    userZone: any ZoneRules
  ) -> DaySet {
    var marked = DaySet(in: days)
    let months = reading.months
    // A day at a time, each look stopping at the first occurrence that covers it: a busy day
    // costs no more than a quiet one.
    for day in days.everyDay where !marked.contains(day) {
      let dayWindow = Self.window(day...day, userZone: userZone)
      try? reading.kept.occurrenceTimes(
        mayOverlap: dayWindow, calendars: names, recurring: months.expanded,
        long: months.hasLong
      ) { start, end in
        guard let start = start.occurrenceTime, let end = end.occurrenceTime else {
          return true
        }
        let occurrence = Self.times(start, end)
        guard occurrence.overlaps(dayWindow, userZone: userZone) else { return true }
        marked.insert(occurrence.days(in: userZone))
        return false
      }
    }
    guard !unkeptEvents(mayOverlap: window, calendars: names, months: months).isEmpty
    else { return marked }
    for day in days.everyDay where !marked.contains(day) {
      forEachOccurrence(covering: day...day, userZone: userZone) { found in
        guard names.contains(found.calendar) else { return true }
        marked.insert(found.occurrence.days(in: userZone))
        return false
      }
    }
    return marked
  }

  /// Calls `body` with each occurrence covering `days` in `userZone` (in no order, an
  /// occurrence kept with two months twice) until it returns false.
  func forEachOccurrence(
    covering days: ClosedRange<Day>, userZone: any ZoneRules,
    _ body: (DayOccurrence) -> Bool
  ) {
    let window = Self.window(days, userZone: userZone)
    _ = readingPage(window) { reading in
      forEachOccurrence(in: window, of: days, reading: reading, userZone: userZone, body)
    }
  }

  /// `forEachOccurrence(covering:…)`'s queries, in the snapshot it opened.
  private func forEachOccurrence(
    in window: Range<Int>, of days: ClosedRange<Day>, reading: PageReading,
    userZone: any ZoneRules, _ body: (DayOccurrence) -> Bool
  ) {
    let months = reading.months
    var going = true
    try? reading.kept.occurrences(
      mayOverlap: window, calendars: readNames, recurring: months.expanded,
      long: months.hasLong,
      times: { Self.overlaps(start: $0, end: $1, window, userZone: userZone) },
      { kept in
        going = body(
          DayOccurrence(
            calendar: kept.calendar, uid: kept.uid, occurrence: kept.occurrence,
            isStale: kept.isStale))
        return going
      })
    guard going else { return }
    // The events whose occurrences are not kept: too many in a month, or every recurring one
    // when the months cannot be expanded.
    for event in unkeptEvents(mayOverlap: window, calendars: readNames, months: months) {
      for series in parsed(event) {
        for occurrence in series.occurrences(covering: days, userZone: userZone).occurrences
        where cancel(of: occurrence, calendar: event.calendar, uid: event.uid) == nil {
          let found = DayOccurrence(
            calendar: event.calendar, uid: event.uid, occurrence: occurrence,
            isStale: event.isStale)
          guard body(found) else { return }
        }
      }
    }
  }

  /// The occurrences covering `days` for which `matches` is true: what a search over
  /// `SUMMARY`, `DESCRIPTION` and `LOCATION` filters.
  public func occurrences(
    covering days: ClosedRange<Day>, userZone: any ZoneRules,
    matching matches: (DayOccurrence) -> Bool
  ) -> [DayOccurrence] {
    events(covering: days, userZone: userZone).filter(matches)
  }

  /// The first day after `day` that an occurrence covers, within `limit` days; nil when
  /// there is none.
  ///
  /// A month at a time for the first year (cheap, as pages are), then one bounded search per
  /// event that may still occur.
  public func nextDayWithEvents(after day: Day, userZone: any ZoneRules, limit: Int = 366 * 100)
    -> Day?
  {
    dayWithEvents(beyond: day, toward: .after, userZone: userZone, limit: limit)
  }

  /// The last day before `day` that an occurrence covers, within `limit` days; nil when
  /// there is none.
  public func previousDayWithEvents(
    before day: Day, userZone: any ZoneRules, limit: Int = 366 * 100
  ) -> Day? {
    dayWithEvents(beyond: day, toward: .before, userZone: userZone, limit: limit)
  }

  /// The nearest day on `side` of `day` that an occurrence covers, within `limit` days: a
  /// month at a time for the first year, then one bounded search per event that may still
  /// occur there.
  private func dayWithEvents(
    beyond day: Day, toward side: PagingSide, userZone: any ZoneRules, limit: Int
  ) -> Day? {
    let forward = side == .after
    guard var near = forward ? day.next : day.previous else { return nil }
    let bound = day.adding(days: forward ? limit : -limit) ?? (forward ? .last : .first)
    /// Whether `one` is nearer `day` than `other`.
    func nearer(_ one: Day, _ other: Day) -> Bool { forward ? one < other : one > other }
    for _ in 0..<12 {
      let stretch = near.adding(days: forward ? 30 : -30) ?? bound
      let far = nearer(stretch, bound) ? stretch : bound
      if let found = edgeDayWithEvents(
        of: forward ? near...far : far...near, userZone: userZone, last: !forward)
      {
        return found
      }
      guard far != bound, let next = forward ? far.next : far.previous else { return nil }
      near = next
    }
    let window = Self.window(near...near, userZone: userZone)
    let candidates =
      (try? index?.events(
        mayOverlap: forward ? window.lowerBound..<Int.max / 2 : Int.min / 2..<window.upperBound,
        calendars: readNames, allRecurring: true, oneOff: true)) ?? []
    var best: Day?
    for event in candidates {
      for series in parsed(event) {
        guard
          let found = shownOccurrence(
            of: series, event, beyond: forward ? window.lowerBound - 1 : window.upperBound,
            toward: side, userZone: userZone)
        else { continue }
        // The day it covers nearest `day`, not before where the search began.
        let days = found.days(in: userZone)
        let reached = forward ? days.lowerBound : days.upperBound
        let covered = nearer(reached, near) ? near : reached
        if !nearer(bound, covered), best.map({ nearer(covered, $0) }) ?? true { best = covered }
      }
    }
    return best
  }

  /// The events that may have occurrences in `window` whose occurrences are not kept.
  ///
  /// Those with too many in a month expanded (none, most often: `months` says so, and nothing
  /// is asked), or when the months are not expanded every recurring one whose bounds meet it.
  /// Each event once (a `UID` that several files hold, from the first path).
  private func unkeptEvents(
    mayOverlap window: Range<Int>, calendars names: [String], months: MonthsState
  ) -> [IndexedEvent] {
    // (The index is asked only then: months read from their files need nothing of it.)
    guard !months.expanded || months.hasSpans, let index else { return [] }
    return
      (try? index.events(mayOverlap: window, calendars: names, allRecurring: !months.expanded))
      ?? []
  }

  /// The first day of `days` (with `last`, the last) that an occurrence covers: whether any
  /// does, asked once for them all, then a day at a time from that end, each look stopping at
  /// the first occurrence found.
  private func edgeDayWithEvents(of days: ClosedRange<Day>, userZone: any ZoneRules, last: Bool)
    -> Day?
  {
    func covered(_ days: ClosedRange<Day>) -> Bool {
      var found = false
      forEachOccurrence(covering: days, userZone: userZone) { _ in
        found = true
        return false
      }
      return found
    }
    guard covered(days) else { return nil }
    let order = last ? days.everyDay.reversed() : days.everyDay
    // The months are expanded now: the looks a day at a time share one snapshot.
    return (try? index?.reading { order.first { covered($0...$0) } }) ?? nil
  }

  /// The series an indexed event's text holds (one, or an override's own without its
  /// master), parsed once per `EventCalendars`.
  func parsed(_ event: IndexedEvent) -> [EventSeries] {
    let key = event.id
    if let known = parseCache[key] { return known }
    let series = ((try? ICalendarEvents.read(event.text, zones: zones))?.events ?? [])
      .map(\.series)
    parseCache[key] = series
    return series
  }

  /// An occurrence of times `start` and `end` alone: what where it falls is worked out of.
  static func times(_ start: OccurrenceTime, _ end: OccurrenceTime) -> Occurrence {
    Occurrence(start: start, end: end, recurrenceID: nil, fields: EventFields(), isOverride: false)
  }

  /// Whether an occurrence of times `start` and `end` overlaps `window` in `userZone`.
  static func overlaps(
    start: OccurrenceTime, end: OccurrenceTime, _ window: Range<Int>, userZone: any ZoneRules
  ) -> Bool {
    times(start, end).overlaps(window, userZone: userZone)
  }

  /// The instants from the start of `days`' first day to the start of the day after them.
  static func window(_ days: ClosedRange<Day>, userZone: any ZoneRules) -> Range<Int> {
    let start = userZone.instant(of: LocalDateTime(day: days.lowerBound, secondOfDay: 0))
    let end =
      days.upperBound.next.map { userZone.instant(of: LocalDateTime(day: $0, secondOfDay: 0)) }
      ?? userZone.instant(of: LocalDateTime(day: .last, secondOfDay: 86_399)) + 1
    return start..<max(start, end)
  }
}
