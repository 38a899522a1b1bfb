import Foundation
import NoteStore
import TestSupport
import Testing

/// `calpager browse` in a tmux pane (through `ProbeTerminal`'s recording script: `stty -g`
/// before and after, the exit status, the pid), on a database of its own.
final class BrowseTerminal {
  let terminal: ProbeTerminal

  /// What every run sees: a fixed today, UTC, and `extra`.
  init(columns: Int = 80, rows: Int = 24, environment extra: [String: String] = [:]) throws {
    var environment = ["TZ": "UTC", "CALPAGER_TODAY": "2030-06-15"]
    environment.merge(extra) { $1 }
    terminal = try ProbeTerminal(columns: columns, rows: rows, environment: environment)
    self.environment = environment
  }

  private let environment: [String: String]
  var tmux: Tmux { terminal.tmux }
  var database: String { terminal.directory.file("calpager.db") }
  var directory: TemporaryDirectory { terminal.directory }

  /// Runs `calpager --db DATABASE arguments` outside the pane (to set the database up).
  @discardableResult
  func calpager(_ arguments: [String]) throws -> ProcessResult {
    let result = try runProcess(
      Products.path("calpager"), ["--db", database] + arguments,
      environment: environment.mapValues { $0 })
    guard result.status == 0 else {
      throw TmuxError.failed(arguments.joined(separator: " "), result.stderr)
    }
    return result
  }

  /// Starts `calpager --db DATABASE browse` and waits for the screen to show `ready`.
  func start(waitingFor ready: String = "? keys · q quit", arguments: [String] = []) throws {
    try terminal.start(
      command: [Products.path("calpager"), "--db", database] + arguments + ["browse"],
      waitingFor: ready)
  }

  /// Sends tmux keys and waits for `text`.
  @discardableResult
  func press(_ keys: String..., until text: String) throws -> String {
    for key in keys { try tmux.send(key) }
    return try tmux.waitFor(text)
  }

  /// Types `text` literally, then Enter, and waits for `until`.
  @discardableResult
  func enter(_ text: String, until: String) throws -> String {
    try tmux.sendLiteral(text)
    try tmux.send("Enter")
    return try tmux.waitFor(until)
  }

  /// Waits for browse to end; checks its status and that the terminal is as it was.
  func expectEnd(status expected: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (status, before, after) = try terminal.finish()
    #expect(status == expected, sourceLocation: sourceLocation)
    #expect(after == before, "the terminal's settings changed", sourceLocation: sourceLocation)
  }

  /// The store, as browse left it.
  func store() throws -> NoteStore {
    try NoteStore(location: StoreLocation(path: database, createsParentDirectories: false))
  }
}
