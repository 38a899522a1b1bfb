import CalendarPaging
import Interchange
import NoteStore
import Recurrence

/// The months of recurring events expanded once and kept in the index: what keeps a page from
/// parsing and expanding every open-ended series each time it is shown.
///
/// Spans are computed in UTC and widened by a day either way, so they hold for any user's
/// zone (all-day and floating occurrences move with it by less than a day); the page then
/// expands, in the user's zone, only the events whose spans meet it.
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

  /// The month keys `window` (instants) touches, a day either way.
  static func months(of window: Range<Int>) -> ClosedRange<Int>? {
    let first = Day(unixSeconds: window.lowerBound - 86_400, utcOffset: 0) ?? .first
    let last = Day(unixSeconds: window.upperBound + 86_400, utcOffset: 0) ?? .last
    guard first <= last else { return nil }
    return monthKey(first)...monthKey(last)
  }

  /// Expands the months of `window` that are not yet, recording their spans; false when
  /// they are not all expanded (too many, or a cache that cannot be written): the page then
  /// asks for every recurring event whose bounds meet it.
  func expandMonths(of window: Range<Int>) -> Bool {
    guard !spansUnavailable, let index, let months = Self.months(of: window),
      months.count <= Self.expandedMonthsLimit
    else { return false }
    do {
      var expanded = try index.expandedMonths()
      let missing = months.filter { !expanded.contains($0) }
      guard !missing.isEmpty else { return true }
      if expanded.count + missing.count > Self.expandedMonthsLimit {
        try index.removeSpans()
        expanded = []
      }
      let whole =
        Self.monthWindow(missing.first!)
        .lowerBound..<Self.monthWindow(missing.last!)
        .upperBound
      var spans: [(series: Int, month: Int, start: Int, end: Int)] = []
      for event in try index.recurringEvents(mayOverlap: whole) {
        spans += self.spans(of: event, months: missing)
      }
      try index.addSpans(spans, expanding: missing)
      return true
    } catch {
      spansUnavailable = true
      return false
    }
  }

  /// Expands the recurring events of rows `ids` (a file read again) over the months already
  /// expanded.
  func expandNewEvents(_ ids: [Int]) throws {
    guard let index, !ids.isEmpty else { return }
    let months = try index.expandedMonths().sorted()
    guard !months.isEmpty else { return }
    var spans: [(series: Int, month: Int, start: Int, end: Int)] = []
    for event in try index.recurringEvents(ids: ids) {
      spans += self.spans(of: event, months: months)
    }
    try index.addSpans(spans, expanding: [])
  }

  /// The spans of `event`'s occurrences in each of `months`.
  ///
  /// One per occurrence (so a day page reads only the events with an occurrence near it), or
  /// one for the month when it has more than `spansPerMonth` there. All-day and floating occurrences are widened by a
  /// day either way (they move with the user's zone); timed ones are exact instants.
  private func spans(of event: IndexedEvent, months: [Int]) -> [(
    series: Int, month: Int, start: Int, end: Int
  )] {
    var spans: [(series: Int, month: Int, start: Int, end: Int)] = []
    let utc = FixedOffsetZone.utc
    for series in parsed(event) {
      for month in months {
        let window = Self.monthWindow(month)
        let found = series.occurrences(overlapping: window, userZone: utc).occurrences
        let bounds = found.map { occurrence -> (Int, Int) in
          let start = occurrence.start.instant(in: utc)
          let end = max(occurrence.end.instant(in: utc), start)
          guard case .instant = occurrence.start else { return (start - 86_400, end + 86_400) }
          return (start, end)
        }
        if bounds.count > Self.spansPerMonth {
          spans.append(
            (event.id, month, bounds.map(\.0).min()!, bounds.map(\.1).max()!))
        } else {
          spans += bounds.map { (event.id, month, $0.0, $0.1) }
        }
      }
    }
    return spans
  }

  /// The most spans an event keeps for one month: a daily event's.
  static let spansPerMonth = 62
}
