import CalendarPaging
import Foundation
import Glibc
import NoteStore
import TestSupport
import Testing

/// A screen to compare with a golden: the database set up by `setup` (calpager commands), the
/// pager started at `columns` × `rows`, `keys` pressed (tmux key names) until `ready` shows.
///
/// The week and month pages of `page-by` add their cases here (`config set page-by week`).
struct BrowseGoldenCase: Sendable, CustomTestStringConvertible {
  let name: String
  var columns = 80
  var rows = 24
  let setup: [[String]]
  var keys: [String] = []
  let ready: String

  var testDescription: String { name }

  /// Notes that stress the layout: wide characters, a long note, control characters.
  static let notes: [[String]] = [
    ["add", "--day", "2030-06-13", "Dentist at 10:00"],
    [
      "add", "--day", "2030-06-15",
      "会議 with 田中さん about the 新しい design 🎉 and a long tail of words to wrap",
    ],
    ["add", "--day", "2030-06-15", "Line one\nLine two, under the first"],
    [
      "add", "--day", "2030-06-15",
      "\u{1B}[31mred\u{1B}[0m bell\u{7} \u{202E}reversed\u{202C} done",
    ],
    ["add", "--day", "2030-06-17", "Lunch with Ana"],
  ]

  static let all = [
    BrowseGoldenCase(
      name: "browse-day-80x24.txt", setup: notes, keys: ["Tab"],
      ready: " ›#3  Line one")
  ]
}

/// `calpager browse` in a real terminal (tmux): every key, the screen read back, and the
/// terminal's settings (`stty -g`) the same after it ends, however it ends.
@Suite(.serialized, .requires(.tmux))
struct BrowseTerminalTests {
  @Test(arguments: BrowseGoldenCase.all)
  func screensAreGolden(_ golden: BrowseGoldenCase) throws {
    let browse = try BrowseTerminal(columns: golden.columns, rows: golden.rows)
    for command in golden.setup { try browse.calpager(command) }
    try browse.start()
    for key in golden.keys { try browse.tmux.send(key) }
    let screen = try browse.tmux.waitFor(golden.ready)
    // A screen is what tmux shows (`capture-pane`: the text, without styles), ending in a
    // newline.
    try expectGolden(Array((screen.hasSuffix("\n") ? screen : screen + "\n").utf8), golden.name)
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }

  @Test func pagingKeysMoveAndTheSelectionIsSaved() throws {
    let browse = try BrowseTerminal()
    try browse.calpager(["add", "--day", "2030-05-20", "earlier"])
    try browse.calpager(["add", "--day", "2030-07-02", "later"])
    try browse.start(waitingFor: "Saturday 15 June 2030 · today")
    let steps: [(String, String)] = [
      ("Right", "Sunday 16 June 2030"), ("l", "Monday 17 June 2030"),
      ("Left", "Sunday 16 June 2030"), ("h", "Saturday 15 June 2030"),
      ("Down", "Saturday 22 June 2030"), ("j", "Saturday 29 June 2030"),
      ("Up", "Saturday 22 June 2030"), ("k", "Saturday 15 June 2030"),
      ("NPage", "Monday 15 July 2030"), ("PPage", "Saturday 15 June 2030"),
      ("n", "Tuesday 2 July 2030"), ("N", "Monday 20 May 2030"), ("t", "Saturday 15 June 2030"),
    ]
    for (key, heading) in steps {
      try browse.press(key, until: heading)
    }
    try browse.press("g", until: "Go to:")
    try browse.enter("2024-05-01", until: "Wednesday 1 May 2024")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
    #expect(try browse.store().selectedDay() == Day("2024-05-01"))
  }

  @Test func noteKeysAddSelectEditDeleteAndUndo() throws {
    let browse = try BrowseTerminal(environment: ["EDITOR": "/bin/false"])
    // The editor records the terminal's settings it was given, then writes the note.
    let editor = browse.directory.file("editor.sh")
    let settings = browse.directory.file("editor-stty")
    try writeFile(
      editor, "#!/bin/sh\nstty -g > '\(settings)'\nprintf 'From the editor\\n' > \"$1\"\n")
    chmod(editor, 0o755)
    try browse.calpager(["add", "--day", "2030-06-15", "Dentist at 10:00"])
    try browse.terminal.start(
      command: [
        "env", "EDITOR=\(editor)", Products.path("calpager"), "--db", browse.database, "browse",
      ],
      waitingFor: " ›#1  Dentist")
    try browse.press("a", until: "Add to 2030-06-15:")
    try browse.enter("Buy flowers", until: "Added #2 to Saturday 15 June 2030")
    try browse.tmux.waitFor(" ›#2  Buy flowers")
    try browse.press("Tab", until: " ›#1  Dentist")
    try browse.press("BTab", until: " ›#2  Buy flowers")
    try browse.press("d", until: "Delete #2 \"Buy flowers\"? (y/n)")
    try browse.press("y", until: "Removed #2")
    try browse.press("u", until: "Undid rm: restored #2")
    try browse.press("e", until: "Edited #2 on Saturday 15 June 2030")
    try browse.tmux.waitFor(" ›#2  From the editor")
    // The editor ran on the terminal as it was before browse.
    let before = try browse.terminal.settingsBefore()
    let seen = String(decoding: contentsOfFile(settings) ?? [], as: UTF8.self)
    #expect(seen.trimmingCharacters(in: .whitespacesAndNewlines) == before)
    try browse.press("A", until: "Added #3")
    try browse.tmux.waitFor(" ›#3  From the editor")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
    #expect(try browse.store().note(id: 2)?.body == "From the editor")
  }

  @Test func searchCommandsAndHelp() throws {
    let browse = try BrowseTerminal()
    try browse.calpager(["add", "--day", "2024-05-01", "Call the bank"])
    try browse.start()
    try browse.press("/", until: "Search:")
    try browse.enter("bank", until: "Search 'bank': 1 note")
    try browse.press("Enter", until: "Wednesday 1 May 2024 · 1 note")
    try browse.press(":", until: ":")
    try browse.enter("list 2024-05", until: "    #1  Call the bank")
    try browse.press("q", until: "? keys · q quit")
    try browse.press("?", until: "calpager browse: keys")
    try browse.press("x", until: "? keys · q quit")
    try browse.press(":", until: ":")
    try browse.enter("begin", until: "'begin' cannot be run inside browse")
    try browse.press("C-l", until: "Wednesday 1 May 2024")
    try browse.tmux.send(":")
    try browse.enter("quit", until: "exit=0")
    try browse.expectEnd(status: 0)
  }

  @Test func ctrlCQuitsWith130() throws {
    let browse = try BrowseTerminal()
    try browse.start()
    try browse.tmux.send("C-c")
    try browse.expectEnd(status: 130)
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalRestoresTheTerminalAndEndsByIt(signal: Int32) throws {
    let browse = try BrowseTerminal()
    try browse.start()
    #expect(try browse.tmux.ttySettings() != (try browse.terminal.settingsBefore()), "raw mode")
    kill(try browse.terminal.pid(), signal)
    try browse.expectEnd(status: 128 + Int(signal))
    // The main screen is back: the shell's line that started browse shows.
    #expect(try browse.tmux.capture().contains("exit=\(128 + Int(signal))"))
  }

  @Test func ctrlZSuspendsAndFgRedraws() throws {
    let browse = try BrowseTerminal()
    try browse.start(waitingFor: "Saturday 15 June 2030")
    try browse.press("C-z", until: "Stopped")
    try browse.tmux.type("fg")
    try browse.press("l", until: "Sunday 16 June 2030")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }

  @Test func aResizeRedrawsAtTheNewSize() throws {
    let browse = try BrowseTerminal()
    try browse.start(waitingFor: "Saturday 15 June 2030")
    try browse.tmux.resize(columns: 44, rows: 12)
    let screen = try browse.tmux.waitUntil("a 44-column menu") { screen in
      let lines = screen.split(separator: "\n")
      return lines.count <= 12 && lines.allSatisfy { $0.count <= 44 }
        && lines.contains { $0.contains("Sat 15*") }
    }
    #expect(screen.contains("Saturday 15 June 2030"))
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }

  @Test func otherProcessesChangesShowWithinASecond() throws {
    let browse = try BrowseTerminal()
    try browse.start(waitingFor: "Saturday 15 June 2030 · today · no notes")
    try browse.calpager(["add", "--day", "2030-06-15", "Written elsewhere"])
    // About time: the browser looks for other processes' changes once a second; 5 s leaves
    // 4 s of margin for the add and the redraw on a busy machine.
    try browse.tmux.waitFor("#1  Written elsewhere", timeout: 5)
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }

  /// A lock held past the busy timeout: keys go on (the save waits), and the save at the end,
  /// which waits as every command does, fails after the terminal is restored.
  @Test func anErrorAtTheEndIsPrintedOnceTheTerminalIsRestored() throws {
    let browse = try BrowseTerminal(environment: ["CALPAGER_BUSY_TIMEOUT_MS": "200"])
    try browse.start(waitingFor: "Saturday 15 June 2030")
    let other = try browse.store()
    // The other connection holds the write lock for as long as its body runs.
    try other.inTransaction(.once) { () throws -> TransactionCompletion in
      try browse.press("l", until: "The database is locked")
      try browse.press("l", until: "Monday 17 June 2030")
      try browse.tmux.send("q")
      try browse.expectEnd(status: 1)
      let screen = try browse.tmux.capture()
      #expect(screen.contains("Error: '\(browse.database)' is locked by another process"))
      return .rollback
    }
  }

  @Test func refusesWithoutATerminal() throws {
    let calpager = Calpager()
    let result = try calpager.run(["browse"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: The full-screen view needs a terminal: standard input and output must both be one\n"
    )
    #expect(result.stdout.isEmpty)
  }
}
