import CalendarPaging
import Interchange
import NoteModel
import NoteStore

/// The weeks or months calpager pages through, with the note count of every period of the
/// current window: the counterpart of `NotesDataSource` for days.
///
/// The controller tells the source when it has built a window (`windowDidChange`), and the
/// source loads the note counts of all its days with one range query.
struct PeriodDataSource<Period: CalendarPeriod>: PagingDataSource {
  typealias Item = Period

  /// The store counts come from.
  let store: NoteStore
  /// The note count of each period of the window.
  private(set) var counts: [Period: Int] = [:]
  /// The error the last count query raised, if it failed.
  private(set) var countsError: Error?
  /// The number of count queries made, for tests of the query budget.
  private(set) var countQueries = 0

  init(store: NoteStore) {
    self.store = store
  }

  /// The period before `period`, or nil before the first.
  func item(before period: Period) -> Period? { period.previous }

  /// The period after `period`, or nil after the last.
  func item(after period: Period) -> Period? { period.next }

  /// Loads the note counts of the window's periods.
  mutating func windowDidChange(_ window: PagingWindow<Period>) {
    counts = [:]
    guard let first = window.items.first, let last = window.items.last else { return }
    countQueries += 1
    do {
      let days = try store.noteCounts(in: first.firstDay...last.lastDay)
      for period in window.items {
        let start = first.firstDay.distance(to: period.firstDay)
        let end = first.firstDay.distance(to: period.lastDay)
        counts[period] = days[start...end].reduce(0, +)
      }
      countsError = nil
    } catch {
      countsError = error
    }
  }

  /// The number of notes in `period`, 0 outside the window.
  func noteCount(in period: Period) -> Int {
    counts[period] ?? 0
  }
}

/// A period's notes, or its note count per day, loaded the first time they are asked for.
final class PeriodPage<Period: CalendarPeriod> {
  /// The period.
  let period: Period
  private let store: NoteStore
  private var loadedNotes: [Note]?
  private var loadedCounts: [Int]?

  init(period: Period, store: NoteStore) {
    self.period = period
    self.store = store
  }

  /// The notes of the period's days, by day and then in the order they were added (one
  /// query, the first time).
  func notes() throws -> [Note] {
    if let loadedNotes { return loadedNotes }
    let notes = try store.notes(in: period.dayRange)
    loadedNotes = notes
    return notes
  }

  /// The number of notes on each of the period's days, the first day's first (one query, the
  /// first time).
  func counts() throws -> [Int] {
    if let loadedCounts { return loadedCounts }
    let counts = try store.noteCounts(in: period.dayRange)
    loadedCounts = counts
    return counts
  }
}

/// Gives the paging controller a `PeriodPage` for each period it keeps.
struct PeriodPageProvider<Period: CalendarPeriod>: PageProvider {
  typealias Item = Period
  typealias Page = PeriodPage<Period>

  /// The store pages load from.
  let store: NoteStore

  /// The (not yet loaded) page of `period`.
  func page(for period: Period) -> PeriodPage<Period> {
    PeriodPage(period: period, store: store)
  }
}
