import CalendarPaging
import Foundation
import NoteStore
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
      savesEveryMove: true)
  }

  @Test(arguments: [
    Command.goto(.day(Day("2024-05-01")!)), .today, .next(count: 40, withNotes: false),
    .previous(count: 1, withNotes: true),
  ])
  func theFirstPagingCommandBuildsOneWindow(command: Command) throws {
    let directory = TemporaryDirectory("session")
    let session = try session(in: directory)
    let style = session.style(for: GlobalOptions())
    try session.execute(command, style: style)
    // The window is built around the target at once: one count query, not one around the old
    // selection and another around the new.
    let controller = try session.pagingController(width: style.width)
    #expect(controller.dataSource.countQueries == 1)
    #expect(controller.selectedItem == (try session.store.selectedDay()))
  }
}
