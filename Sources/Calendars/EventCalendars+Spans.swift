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

  /// The span of `event`'s occurrences in each of `months` that has any.
  private func spans(of event: IndexedEvent, months: [Int]) -> [(
    series: Int, month: Int, start: Int, end: Int
  )] {
    var spans: [(series: Int, month: Int, start: Int, end: Int)] = []
    for series in parsed(event) {
      for month in months {
        let window = Self.monthWindow(month)
        let found = series.occurrences(overlapping: window, userZone: FixedOffsetZone.utc)
          .occurrences
        guard !found.isEmpty else { continue }
        let starts = found.map { $0.start.instant(in: FixedOffsetZone.utc) }
        let ends = found.map {
          max($0.end.instant(in: FixedOffsetZone.utc), $0.start.instant(in: FixedOffsetZone.utc))
        }
        spans.append((event.id, month, starts.min()! - 86_400, ends.max()! + 86_400))
      }
    }
    return spans
  }
}
