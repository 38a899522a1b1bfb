import CalendarPaging
import Interchange
import NoteStore
import Recurrence

/// The months of recurring events expanded once and kept in the index: what keeps a page from
/// parsing and expanding every open-ended series each time it is shown.
///
/// Occurrences are computed in UTC with bounds widened by a day either way for all-day and
/// floating times, so they hold for any user's zone (such occurrences move with it by less
/// than a day); the page then places them in the user's zone.
extension EventCalendars {
  /// The most months kept expanded; past it they are all forgotten and the pages' months
  /// expanded again (a browse across decades).
  static let expandedMonthsLimit = 240

  /// The month key (`year * 12 + month - 1`) of `day`.
  static func monthKey(_ day: Day) -> Int { day.year * 12 + day.month - 1 }

  /// The instants month `key` may hold occurrences of, widened by a day either way.
  static func monthWindow(_ key: Int) -> Range<Int> {
    let first = Day(year: key / 12, month: key % 12 + 1, day: 1) ?? .first
    let next = first.adding(months: 1)
    let start = first.dayNumber * 86_400 - 86_400
    let end = (next?.dayNumber ?? Day.last.dayNumber + 1) * 86_400 + 86_400
    return start..<end
  }

  /// The instants months `keys` may hold occurrences of, widened by a day either way.
  static func monthsWindow(_ keys: ClosedRange<Int>) -> Range<Int> {
    monthWindow(keys.lowerBound).lowerBound..<monthWindow(keys.upperBound).upperBound
  }

  /// The month keys `window` (instants) touches, a day either way.
  static func months(of window: Range<Int>) -> ClosedRange<Int>? {
    let first = Day(unixSeconds: window.lowerBound - 86_400, utcOffset: 0) ?? .first
    let last = Day(unixSeconds: window.upperBound + 86_400, utcOffset: 0) ?? .last
    guard first <= last else { return nil }
    return monthKey(first)...monthKey(last)
  }

  /// What a page's months hold.
  struct MonthsState {
    /// Whether every month of the page is expanded: its recurring events' occurrences are
    /// kept (else the page asks for every recurring event whose bounds meet it).
    var expanded: Bool
    /// Whether an event keeps spans in them instead (too many occurrences to keep): the page
    /// expands those itself.
    var hasSpans: Bool
    /// Whether any kept occurrence is long: its queries look for those too.
    var hasLong: Bool
  }

  /// What the months of a page hold when they cannot be expanded: every recurring event is
  /// then expanded by the page, and long occurrences are looked for (without a look, there
  /// may be some).
  static let unexpanded = MonthsState(expanded: false, hasSpans: false, hasLong: true)

  /// What months read from their files hold: each is expanded and kept whole.
  static let keptWhole = MonthsState(expanded: true, hasSpans: false, hasLong: true)

  /// A page's snapshot: what its months hold, and where their kept occurrences are read.
  struct PageReading {
    let months: MonthsState
    /// The index, or the months' files.
    let kept: any KeptOccurrences
  }

  /// Runs `body` in one snapshot of the index, given what the months of `window` hold; those
  /// not yet expanded are expanded first (a write, outside the snapshot).
  ///
  /// The common case, a page of months seen before, costs one snapshot: the look at the
  /// months and the page's queries share it. Before the index is opened, the months' files
  /// answer when they can (`keptInFiles`); when they cannot, the snapshot that answers writes
  /// them.
  func readingPage<Result>(_ window: Range<Int>, _ body: (PageReading) -> Result) -> Result? {
    if let files = keptInFiles(window) {
      pagesFromFiles += 1
      return body(PageReading(months: Self.keptWhole, kept: files))
    }
    guard let index else { return nil }
    pagesFromIndex += 1
    let seen = try? index.reading { () -> Result? in
      guard let months = expandedState(of: window) else { return nil }
      let result = body(PageReading(months: months, kept: index))
      writeWantedMonths(index, months)
      return result
    }
    // (`try?` flattens: nil both when the months are to expand and when the index failed.)
    if let seen { return seen }
    let months = expandMonths(of: window)
    return try? index.reading { body(PageReading(months: months, kept: index)) }
  }

  /// What the months of `window` hold when they are all expanded (or cannot be); nil when
  /// some are still to expand.
  private func expandedState(of window: Range<Int>) -> MonthsState? {
    guard !spansUnavailable, let index, let months = Self.months(of: window),
      months.count <= Self.expandedMonthsLimit
    else { return Self.unexpanded }
    guard let seen = try? index.expansion(of: months) else { return Self.unexpanded }
    guard seen.expanded == months.count else { return nil }
    return MonthsState(expanded: true, hasSpans: seen.spans, hasLong: seen.long)
  }

  /// Expands the months of `window` that are not yet, recording their occurrences and spans.
  ///
  /// They are not all expanded when there are too many, or the cache cannot be written.
  func expandMonths(of window: Range<Int>) -> MonthsState {
    if let state = expandedState(of: window) { return state }
    // Inside a page's snapshot nothing is written: the months are expanded before it opens,
    // and only another process forgetting them meanwhile leads here.
    guard let index, let months = Self.months(of: window), !index.isReading else {
      return Self.unexpanded
    }
    do {
      hasWritten = true
      try index.batch {
        var expanded = try index.expandedMonths()
        let missing = months.filter { !expanded.contains($0) }
        guard !missing.isEmpty else { return }
        if expanded.count + missing.count > Self.expandedMonthsLimit {
          try index.removeSpans()
          expanded = []
        }
        let whole = Self.monthsWindow(missing.first!...missing.last!)
        var expansion = Expansion()
        // A yearly event meets few months: those of other months are passed over unread.
        let monthsOfYear = missing.reduce(0) { $0 | 1 << ($1 % 12) }
        for event in try index.recurringEvents(mayOverlap: whole, months: monthsOfYear) {
          expand(event, months: missing, into: &expansion)
        }
        try index.addSpans(
          expansion.spans, occurrences: expansion.occurrences, expanding: missing)
      }
      return expandedState(of: window) ?? Self.unexpanded
    } catch {
      spansUnavailable = true
      return Self.unexpanded
    }
  }

  /// Expands the recurring events of rows `ids` (a file read again) over the months already
  /// expanded.
  func expandNewEvents(_ ids: [Int]) throws {
    guard let index, !ids.isEmpty else { return }
    let months = try index.expandedMonths().sorted()
    guard !months.isEmpty else { return }
    var expansion = Expansion()
    for event in try index.recurringEvents(ids: ids) {
      expand(event, months: months, into: &expansion)
    }
    try index.addSpans(expansion.spans, occurrences: expansion.occurrences, expanding: [])
  }

  /// What expanding months of recurring events keeps: their occurrences, or for an event with
  /// too many in a month, the span they take there.
  struct Expansion {
    var spans: [(series: Int, month: Int, start: Int, end: Int)] = []
    var occurrences: [(event: IndexedEvent, month: Int, occurrences: [StoredOccurrence])] = []
  }

  /// Expands `event` over each of `months` into `expansion`.
  ///
  /// Its occurrences there are kept whole (a page reads them without parsing the event), each
  /// marked when an instance cancel names it, or when it has more than `occurrencesPerMonth`
  /// there (a rule by the minute), one span for the month, and a page that meets it expands
  /// the event. Computed in UTC: an occurrence's times are its event's (floating and all-day
  /// ones as written), the same in every zone; only where it falls moves with the user's
  /// zone, by less than the day the bounds allow. A hidden event (cancelled, a twin) is kept
  /// all the same, hidden, for the day that changes.
  ///
  /// A run of consecutive months is searched at once (one walk of the rule, not one a month),
  /// then parted by month; a run with more occurrences than its months may keep, or whose
  /// search met a bound, is searched a month at a time as before.
  private func expand(_ event: IndexedEvent, months: [Int], into expansion: inout Expansion) {
    let utc = FixedOffsetZone.utc
    for series in parsed(event) {
      for run in Self.consecutiveRuns(months) {
        let room = (Self.occurrencesPerMonth + 1) * run.count
        let whole = series.occurrences(
          overlapping: Self.monthsWindow(run), userZone: utc, limit: room)
        let parted = whole.notices.isEmpty && whole.occurrences.count < room
        for month in run {
          let window = Self.monthWindow(month)
          let occurrences =
            parted
            ? whole.occurrences.filter { $0.overlaps(window, userZone: utc) }
            : series.occurrences(overlapping: window, userZone: utc).occurrences
          let found = occurrences.map { occurrence in
            StoredOccurrence(
              occurrence,
              isCancelled: cancel(of: occurrence, calendar: event.calendar, uid: event.uid) != nil)
          }
          if found.count > Self.occurrencesPerMonth {
            expansion.spans.append(
              (event.id, month, found.map(\.low).min()!, found.map(\.high).max()!))
          } else if !found.isEmpty {
            expansion.occurrences.append((event, month, found))
          }
        }
      }
    }
  }

  /// `months` (ascending) as runs of consecutive ones.
  static func consecutiveRuns(_ months: [Int]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    for month in months {
      if let last = runs.last, last.upperBound + 1 == month {
        runs[runs.count - 1] = last.lowerBound...month
      } else {
        runs.append(month...month)
      }
    }
    return runs
  }

  /// The most occurrences an event keeps for one month: a daily event's, twice.
  static let occurrencesPerMonth = 62
}
