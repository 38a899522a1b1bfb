import CalendarPaging
import Interchange
import TestSupport
import Testing

@_spi(Testing) @testable import NoteStore

@Suite struct NotesDataSourceTests {
  typealias Controller = PagingController<NotesDataSource, NotesPageProvider>

  func controller(_ store: NoteStore) -> Controller {
    Controller(
      dataSource: NotesDataSource(store: store), pageProvider: NotesPageProvider(store: store),
      metrics: MenuOptions().windowMetrics(lineWidth: 80))
  }

  @Test func countsComeFromOneQueryPerWindowNotPerStep() throws {
    try withStore { store, _ throws in
      #expect(try store.importRecords(records(count: 2000)) == ImportSummary(added: 2000))
      let paging = controller(store)
      _ = paging.reloadData(around: day("2024-05-01"))
      #expect(paging.dataSource.countQueries == 1)
      var windows = 1
      var previousWindow = paging.window
      for _ in 0..<200 {
        _ = paging.selectNext()
        if paging.window != previousWindow {
          windows += 1
          previousWindow = paging.window
        }
        #expect(paging.dataSource.countQueries == windows)
      }
      #expect(windows > 1 && windows < 200)
    }
  }

  @Test func countsMatchTheNotesOfEachDayOfTheWindow() throws {
    try withStore { store, _ throws in
      try store.add("a", on: day("2024-05-01"))
      try store.add("b", on: day("2024-05-01"))
      try store.add("c", on: day("2024-05-03"))
      let paging = controller(store)
      _ = paging.reloadData(around: day("2024-05-02"))
      for item in paging.window.items {
        let expected = try store.notes(in: item...item).count
        #expect(paging.dataSource.noteCount(on: item) == expected)
      }
      #expect(paging.dataSource.noteCount(on: day("2024-05-01")) == 2)
      #expect(paging.dataSource.noteCount(on: day("1999-01-01")) == nil)
    }
  }

  @Test func onlyThePageShownIsLoaded() throws {
    try withStore { store, _ throws in
      try store.add("shown", on: day("2024-05-01"))
      let paging = controller(store)
      _ = paging.reloadData(around: day("2024-05-01"))
      let page = try #require(paging.pages.selectedPage)
      #expect(try page.notes().notes.map(\.body) == ["shown"])
      // Loaded once: a note added since is not seen until the page is reloaded.
      try store.add("later", on: day("2024-05-01"))
      #expect(try page.notes().notes.map(\.body) == ["shown"])
      _ = paging.reloadData()
      #expect(try paging.pages.selectedPage?.notes().notes.map(\.body) == ["shown", "later"])
    }
  }

  @Test func theDaySourceEndsAtTheCalendarsEdges() throws {
    try withStore { store, _ throws in
      let source = NotesDataSource(store: store)
      #expect(source.item(before: .first) == nil)
      #expect(source.item(after: .last) == nil)
      #expect(source.item(after: day("2024-02-28")) == day("2024-02-29"))
    }
  }

  /// An import feed of `count` notes on days spread over a year, in random order.
  func records(count: Int) -> () throws -> DecodedNote? {
    var generator = SplitMix64(seed: 1)
    var index = 0
    return {
      guard index < count else { return nil }
      index += 1
      let offset = generator.next(in: 0...365)
      return DecodedNote(
        uid: nil, day: day("2024-01-01").adding(days: offset)!, body: "note \(index)",
        created: nil, updated: nil, line: index)
    }
  }
}
