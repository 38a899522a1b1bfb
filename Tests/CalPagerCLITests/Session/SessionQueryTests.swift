import CalendarPaging
import CommandLanguage
import Foundation
@_spi(Testing) import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// What a command costs in queries, counted on a real database.
@Suite struct SessionQueryTests {
  /// A session on a new database in `directory`, printing to /dev/null.
  func session(in directory: TemporaryDirectory) throws -> Session {
    let store = try NoteStore(
      location: StoreLocation(path: directory.file("notes.db"), createsParentDirectories: false))
    try store.add("far away", on: Day("2024-05-01")!)
    let output = Output(descriptor: open("/dev/null", O_WRONLY))
    return Session(
      store: store, environment: ["CALPAGER_TODAY": "2030-06-15"], output: output,
      selectionSaving: .withTheMove)
  }

  @Test(arguments: [
    ["goto", "2024-05-01"], ["today"], ["next", "40"], ["prev", "--with-notes"],
  ])
  func theFirstPagingCommandBuildsOneWindow(words: [String]) throws {
    let directory = TemporaryDirectory("session")
    let session = try session(in: directory)
    let invocation = try parse(words)
    guard case .command(let arguments) = invocation.request else {
      Issue.record("\(words) is not a command")
      return
    }
    let context = CommandContext(session: session, options: GlobalOptions(), mode: .commandLine)
    _ = try Dispatcher.run(arguments, in: context)
    // The window is built around the target at once: one count query, not one around the old
    // selection and another around the new.
    let controller = try #require(session.pager.controller)
    #expect(controller.dataSource.countQueries == 1)
    #expect(controller.selectedItem == (try session.store.selectedDay()))
  }
}
