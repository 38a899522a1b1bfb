import CalendarPaging
import Interchange

/// The days calpager pages through, 0001-01-01…9999-12-31, with the note count of every day
/// of the current window.
///
/// The paging controller asks for neighbours only when it builds a window, and then tells the
/// source (`windowDidChange`), which loads the note counts of the whole window with one range
/// query. A step inside the window costs nothing here, however many notes are stored.
public struct NotesDataSource: PagingDataSource {
  /// The store counts come from.
  public let store: NoteStore
  /// The first day of the window the counts are for.
  public private(set) var countsStart: Day?
  /// The note count of each day of the window, from `countsStart`.
  public private(set) var counts: [Int] = []
  /// The error the last count query raised, if it failed.
  public private(set) var countsError: StoreError?
  /// The number of count queries made, for tests of the query budget.
  @_spi(Testing) public private(set) var countQueries = 0

  /// Creates the source over `store`.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The day before `day`, or nil at 0001-01-01.
  public func item(before day: Day) -> Day? {
    day.adding(days: -1)
  }

  /// The day after `day`, or nil at 9999-12-31.
  public func item(after day: Day) -> Day? {
    day.adding(days: 1)
  }

  /// Loads the note counts of the window's days.
  public mutating func windowDidChange(_ window: PagingWindow<Day>) {
    guard let first = window.items.first, let last = window.items.last else {
      countsStart = nil
      counts = []
      return
    }
    countQueries += 1
    do {
      counts = try store.noteCounts(in: first...last)
      countsError = nil
    } catch {
      counts = [Int](repeating: 0, count: first.distance(to: last) + 1)
      countsError =
        (error as? StoreError) ?? StoreError.database(path: store.location.path, detail: "\(error)")
    }
    countsStart = first
  }

  /// The number of notes on `day`, when it is in the window the counts were loaded for.
  public func noteCount(on day: Day) -> Int? {
    guard let start = countsStart else { return nil }
    let offset = start.distance(to: day)
    return counts.indices.contains(offset) ? counts[offset] : nil
  }
}

/// A day's notes, loaded the first time they are asked for: the page cache holds the
/// selected day and its two neighbours, but only the page shown costs a query.
public final class DayPage {
  /// The day.
  public let day: Day
  private let store: NoteStore
  private var loaded: Result<DayNotes, StoreError>?

  init(day: Day, store: NoteStore) {
    self.day = day
    self.store = store
  }

  /// The day's notes in the order they were added (one query, the first time).
  ///
  /// `withDetails` says whether the notes must carry their uids and times (a page shown as
  /// JSON); without, only ids and bodies are read, unless they were already.
  public func notes(withDetails: Bool = true) throws(StoreError) -> DayNotes {
    if case .success(let notes) = loaded, withDetails && !notes.hasDetails {
      loaded = nil
    }
    if loaded == nil {
      do {
        loaded = .success(try store.dayNotes(day, withDetails: withDetails))
      } catch {
        loaded = .failure(
          (error as? StoreError) ?? .database(path: store.location.path, detail: "\(error)"))
      }
    }
    return try loaded!.get()
  }
}

/// Gives the paging controller a `DayPage` for each day it keeps.
public struct NotesPageProvider: PageProvider {
  /// The store pages load from.
  public let store: NoteStore

  /// Creates the provider over `store`.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The (not yet loaded) page of `day`.
  public func page(for day: Day) -> DayPage {
    DayPage(day: day, store: store)
  }
}
