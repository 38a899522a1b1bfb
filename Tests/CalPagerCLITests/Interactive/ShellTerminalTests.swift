import CalendarPaging
import Foundation
import Glibc
import NoteStore
import TestSupport
import Testing

/// `calpager shell` on a terminal (tmux): lines edited, history across sessions,
/// Tab completion from the registry, Ctrl-C and Ctrl-D, the width after a resize; the
/// terminal's settings compared before and after every run.
@Suite(.serialized, .requires(.tmux))
struct ShellTerminalTests {
  let terminal: ProbeTerminal

  init() throws {
    terminal = try ProbeTerminal(
      columns: 100, rows: 30, environment: ShellTerminalTests.environment)
  }

  /// What every run sees: a fixed today, UTC, no colour.
  static let environment = ["TZ": "UTC", "CALPAGER_TODAY": "2030-06-15", "NO_COLOR": "1"]

  var tmux: Tmux { terminal.tmux }
  var database: String { terminal.directory.file("calpager.db") }

  /// Starts `calpager --db DATABASE [arguments] shell` and waits for the first prompt.
  func startShell(_ arguments: [String] = [], prompt: String = "2030-06-15>") throws {
    try terminal.start(
      command: [Products.path("calpager"), "--db", database] + arguments + ["shell"],
      waitingFor: prompt)
  }

  /// Types `text` and Enter, and waits for `output`.
  @discardableResult
  func enter(_ text: String, until output: String) throws -> String {
    try tmux.sendLiteral(text)
    try tmux.send("Enter")
    return try tmux.waitFor(output)
  }

  /// Ends the session with Ctrl-D and checks that it ended cleanly, the terminal as it was.
  func endSession(status expected: Int = 0) throws {
    try tmux.send("C-d")
    let (status, before, after) = try terminal.finish()
    #expect(status == expected)
    #expect(after == before, "the terminal's settings changed")
  }

  /// Waits until the last line on the screen is the prompt `prompt` with nothing typed.
  func waitForPrompt(_ prompt: String) throws {
    try tmux.waitUntil("the prompt '\(prompt)'") {
      $0.split(separator: "\n").last.map(String.init) == prompt
    }
  }

  func store() throws -> NoteStore {
    try NoteStore(location: StoreLocation(path: database, createsParentDirectories: false))
  }

  @Test func cursorKeysEditTheLineAndThePromptShowsTheDayAndTheTransaction() throws {
    try startShell()
    try enter("goto 2024-05-01", until: "2024-05-01>")
    // Left three times, then a letter: typed where the cursor is (it was stored as
    // `hello wrld\e[D\e[D\e[Do` before).
    try tmux.sendLiteral("add hello wrld")
    try tmux.send("Left", "Left", "Left")
    try tmux.sendLiteral("o")
    try tmux.send("Enter")
    try tmux.waitFor("Added #1 to Wednesday 1 May 2024")
    // Home, End and a word back.
    try tmux.sendLiteral("Lunch Ana")
    try tmux.send("C-Left")
    try tmux.sendLiteral("with ")
    try tmux.send("Home")
    try tmux.sendLiteral("add ")
    try tmux.send("End")
    try tmux.sendLiteral("!")
    try tmux.send("Enter")
    try tmux.waitFor("Added #2")
    try enter("begin", until: "2024-05-01*>")
    try tmux.sendLiteral("rollback")
    try tmux.send("Enter")
    try waitForPrompt("2024-05-01>")
    try endSession()
    #expect(try store().note(id: 1)?.body == "hello world")
    #expect(try store().note(id: 2)?.body == "Lunch with Ana!")
    #expect(try store().selectedDay() == Day("2024-05-01"))
  }

  @Test func historyIsRecalledAcrossSessionsAndSearchedWithCtrlR() throws {
    try startShell()
    try enter("goto 2024-05-01", until: "2024-05-01>")
    try enter("next", until: "2024-05-02>")
    try tmux.send("Up", "Up", "Enter")
    try waitForPrompt("2024-05-01>")
    try endSession()
    let history = terminal.historyFile
    #expect(
      String(decoding: contentsOfFile(history) ?? [], as: UTF8.self)
        == "goto 2024-05-01\nnext\ngoto 2024-05-01\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: history)
    #expect(attributes[.posixPermissions] as? Int == 0o600)

    try startShell(prompt: "2024-05-01>")
    try tmux.send("Up", "Up", "Enter")
    try tmux.waitFor("2024-05-02>")
    try tmux.send("C-r")
    try tmux.sendLiteral("goto")
    try tmux.waitFor("goto 2024-05-01")
    try tmux.send("Enter")
    try waitForPrompt("2024-05-01>")
    try endSession()
  }

  @Test func tabCompletesCommandsOptionsValuesAndNoteIDs() throws {
    try startShell()
    try enter("goto 2024-05-01", until: "2024-05-01>")
    try enter("add one", until: "Added #1")
    try enter("add two", until: "Added #2")
    // A command, an option, a format.
    try tmux.sendLiteral("exp")
    try tmux.send("Tab")
    try tmux.sendLiteral("--fo")
    try tmux.send("Tab")
    try tmux.sendLiteral("c")
    try tmux.send("Tab")
    try tmux.waitFor("2024-05-01> export --format csv")
    try tmux.send("Enter")
    try tmux.waitFor("uid,day,body")
    // A setting key and value.
    try tmux.sendLiteral("config set menu-pos")
    try tmux.send("Tab")
    try tmux.sendLiteral("b")
    try tmux.send("Tab", "Enter")
    try tmux.waitFor("menu-position = bottom")
    // The note ids of the selected day, listed.
    try tmux.sendLiteral("edit ")
    try tmux.send("Tab", "Tab")
    try tmux.waitFor("1  2")
    try tmux.send("C-c")
    // A date word.
    try tmux.sendLiteral("goto tom")
    try tmux.send("Tab", "Enter")
    try tmux.waitFor("2030-06-16>")
    try endSession()
  }

  @Test func ctrlCCancelsTheLineAndLeavesTheTransactionAlone() throws {
    try startShell()
    try enter("begin", until: "2030-06-15*>")
    try enter("add kept", until: "Added #1")
    try tmux.sendLiteral("add dropped")
    try tmux.send("C-c")
    try tmux.waitFor("2030-06-15*> add dropped^C\n2030-06-15*>")
    try tmux.sendLiteral("commit")
    try tmux.send("Enter")
    try waitForPrompt("2030-06-15>")
    try endSession()
    let notes = try store().notes(in: Day.first...Day.last).map(\.body)
    #expect(notes == ["kept"])
  }

  @Test func ctrlDOnAnEmptyLineEndsWithANewline() throws {
    try startShell()
    try tmux.send("C-d")
    let screen = try tmux.waitFor("exit=")
    #expect(screen.contains("2030-06-15>\nexit=0"), "the session ends on a line of its own")
    let (status, before, after) = try terminal.finish()
    #expect(status == 0)
    #expect(after == before)
  }

  @Test func theWidthFollowsTheTerminalUnlessGiven() throws {
    try startShell()
    var screen = try enter("show", until: "Saturday 15 June 2030")
    #expect(screen.split(separator: "\n").contains { $0.count > 80 }, "100 columns wide")
    try tmux.resize(columns: 50, rows: 30)
    // Ctrl-L clears the screen, so that only what follows is read back.
    try tmux.send("C-l")
    try tmux.waitUntil("the screen cleared") { !$0.contains("Saturday 15 June 2030") }
    screen = try enter("show", until: "Saturday 15 June 2030")
    #expect(!screen.split(separator: "\n").contains { $0.count > 50 }, "\(screen)")
    #expect(screen.contains("━"))
    try endSession()

    try tmux.resize(columns: 100, rows: 30)
    try startShell(["--width", "60"])
    try tmux.resize(columns: 40, rows: 30)
    screen = try enter("show", until: "Saturday 15 June 2030")
    let menu = try #require(screen.split(separator: "\n").first { $0.contains("Sat 15*") })
    #expect(menu.count > 40, "--width wins: \(menu)")
    try endSession()
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalWhileReadingRestoresTheTerminal(signal: Int32) throws {
    try startShell()
    try tmux.sendLiteral("half a line")
    try tmux.waitFor("2030-06-15> half a line")
    kill(try terminal.pid(), signal)
    let (status, before, after) = try terminal.finish()
    #expect(status == 128 + Int(signal))
    #expect(after == before)
  }
}
