import CalendarPaging
import Foundation
import Glibc
import NoteStore
import TestSupport
import Testing

/// `calpager shell` on a terminal (tmux), for what the line editor of its own brought: a
/// paste is text (bracketed paste), wide and combining characters are edited by what they
/// look like, and the terminal, bracketed paste included, is put back on every way out.
@Suite(.serialized, .requires(.tmux))
struct ShellEditingTerminalTests {
  let terminal: ProbeTerminal

  init() throws {
    terminal = try ProbeTerminal(
      columns: 100, rows: 30, environment: ShellTerminalTests.environment)
  }

  var tmux: Tmux { terminal.tmux }
  var database: String { terminal.directory.file("calpager.db") }

  func startShell(prompt: String = "2030-06-15>") throws {
    try terminal.start(
      command: [Products.path("calpager"), "--db", database, "shell"], waitingFor: prompt)
  }

  func store() throws -> NoteStore {
    try NoteStore(location: StoreLocation(path: database, createsParentDirectories: false))
  }

  func notes() throws -> [String] {
    try store().notes(in: Day.first...Day.last).map(\.body)
  }

  /// Ends the session with Ctrl-D and checks it ended cleanly, the terminal as it was.
  func endSession() throws {
    try tmux.send("C-d")
    let (status, before, after) = try terminal.finish()
    #expect(status == 0)
    #expect(after == before, "the terminal's settings changed")
  }

  @Test func aPasteIsInsertedAsTextAndItsLinesRunOneByOneOnEnter() throws {
    try startShell()
    try tmux.type("goto 2024-05-01")
    try tmux.waitFor("2024-05-01>")
    // Pasted in the middle of a line: the text goes in at the cursor, its line break and
    // spaces kept, and nothing runs (a bare paste's CR would run the first line at once).
    try tmux.sendLiteral("# ")
    try tmux.send("C-a")
    try tmux.paste("add Lunch with Ana\nadd Call the bank about")
    var screen = try tmux.waitFor("add Call the bank about#")
    #expect(screen.contains("2024-05-01> add Lunch with Ana\nadd Call the bank about#"))
    #expect(!screen.contains("Added"))
    #expect(try notes().isEmpty, "nothing ran")
    // The cursor is after the pasted text: Delete takes the "# " typed before.
    try tmux.send("DC", "DC")
    try tmux.sendLiteral(" the loan")
    try tmux.send("Enter")
    // Each line as if typed: after its own prompt, then its answer.
    screen = try tmux.waitFor("Added #2")
    #expect(screen.contains("2024-05-01> add Lunch with Ana\nAdded #1 to Wednesday 1 May 2024\n"))
    #expect(screen.contains("2024-05-01> add Call the bank about the loan\nAdded #2"))
    try endSession()
    #expect(try notes() == ["Lunch with Ana", "Call the bank about the loan"])
    let history = String(decoding: contentsOfFile(terminal.historyFile) ?? [], as: UTF8.self)
    #expect(
      history == "goto 2024-05-01\nadd Lunch with Ana\nadd Call the bank about the loan\n")
  }

  @Test func aPastedControlCharacterIsShownEscapedAndKept() throws {
    try startShell()
    try tmux.sendLiteral("add ")
    try tmux.paste("bell\u{7} and \u{1B}[31mred")
    let screen = try tmux.waitFor("2030-06-15> add bell\\x07 and \\e[31mred")
    #expect(!screen.contains("\u{1B}"))
    try tmux.send("Enter")
    try tmux.waitFor("Added #1")
    try endSession()
    #expect(try notes() == ["bell\u{7} and \u{1B}[31mred"])
  }

  @Test func wideAndCombiningCharactersMoveTheCursorByTheirWidth() throws {
    try startShell()
    // "2030-06-15> " is 12 columns, "add " 4, each of 会議 and 😀 two.
    try tmux.sendLiteral("add 会議😀メモ")
    try tmux.send("Left", "Left")
    try tmux.waitUntil("the cursor before メ") { _ in (try? tmux.cursor().column) == 22 }
    try tmux.send("BSpace")
    try tmux.waitUntil("the cursor after 議") { _ in (try? tmux.cursor().column) == 20 }
    try tmux.sendLiteral("の")
    try tmux.waitFor("2030-06-15> add 会議のメモ")
    try tmux.send("Enter")
    try tmux.waitFor("Added #1")
    // An e and a combining diaeresis are one character, one column, one step.
    try tmux.sendLiteral("add nai\u{308}e")
    try tmux.send("Left")
    try tmux.waitUntil("the cursor before the last e") { _ in (try? tmux.cursor().column) == 19 }
    try tmux.sendLiteral("v")
    // Backspace before the v takes the ï whole, accent and all.
    try tmux.send("Left", "BSpace")
    try tmux.sendLiteral("i")
    try tmux.waitFor("2030-06-15> add naive")
    try tmux.send("Enter")
    try tmux.waitFor("Added #2")
    try endSession()
    #expect(try notes() == ["会議のメモ", "naive"])
  }

  @Test func onADumbTerminalTheShellWritesNoEscapeSequence() throws {
    var environment = ShellTerminalTests.environment
    environment["TERM"] = "dumb"
    let dumb = try ProbeTerminal(columns: 100, rows: 30, environment: environment)
    let recording = dumb.directory.file("pane-output")
    try dumb.tmux.recordOutput(to: recording)
    try dumb.start(
      command: [Products.path("calpager"), "--db", database, "shell"], waitingFor: "2030-06-15>")
    try dumb.tmux.type("goto 2024-05-01")
    try dumb.tmux.waitFor("2024-05-01>")
    try dumb.tmux.send("C-d")
    let (status, before, after) = try dumb.finish()
    #expect(status == 0)
    #expect(after == before)
    let output = try Tmux.poll(timeout: dumb.tmux.timeout, what: "the recorded exit") {
      () -> String? in
      let text = String(decoding: contentsOfFile(recording) ?? [], as: UTF8.self)
      return text.contains("exit=") ? text : nil
    }
    // What calpager wrote: after bash echoed the command line, up to the script's `exit=`.
    let start = try #require(output.range(of: "run.sh")).upperBound
    let end = try #require(output.range(of: "exit=")).lowerBound
    let run = output[start..<end]
    #expect(run.contains("Wednesday 1 May 2024"))
    #expect(!run.contains("\u{1B}"), "no escape sequence: \(run.debugDescription)")
  }
}
