import Foundation
import TestSupport
import Testing

/// The line editor (the terminal probe) in a real terminal for what its tests before it did not
/// cover: a line longer than the terminal, the kill ring and word moves, a paste.
@Suite(.serialized, .requires(.tmux))
struct LineEditorWrapTerminalTests {
  let probe: ProbeTerminal

  init() throws {
    probe = try ProbeTerminal(columns: 40, rows: 20)
  }

  var tmux: Tmux { probe.tmux }

  func startEditor() throws {
    try probe.start(["line"], waitingFor: "probe>")
  }

  /// The screen's lines that hold something (wrapped rows joined).
  func shownLines() throws -> [String] {
    try tmux.capture().split(separator: "\n").map(String.init)
  }

  /// Types Enter and waits for the probe's echo of `line`.
  func accept(_ line: String) throws {
    try tmux.send("Enter")
    try tmux.waitFor("got: " + line + "\nprobe>")
  }

  func endSession() throws {
    try tmux.send("C-d")
    let (status, before, after) = try probe.finish()
    #expect(status == 0)
    #expect(after == before, "the terminal's settings changed")
  }

  @Test func aLineLongerThanTheTerminalWrapsAndIsRedrawnAfterAResize() throws {
    try startEditor()
    let text = String(repeating: "0123456789", count: 6)
    try tmux.sendLiteral(text)
    // "probe> " and 60 digits: 67 columns, over two rows of 40, the cursor after the last.
    try tmux.waitFor("probe> " + text)
    var cursor = try tmux.cursor()
    #expect(cursor.column == 27)
    try tmux.send("Home")
    try tmux.sendLiteral("<")
    try tmux.send("End")
    try tmux.sendLiteral(">")
    try tmux.waitFor("probe> <" + text + ">")
    // Narrower: the terminal reflows the rows; the editor draws the line once, and the
    // cursor after '>' (7 + 62 = 69 columns: the third row of 30, column 9).
    try tmux.resize(columns: 30, rows: 20)
    try tmux.send("Left")
    try tmux.sendLiteral("!")
    try tmux.waitFor("probe> <" + text + "!>")
    // Nothing of the drawings at the old width is left.
    #expect(try shownLines() == ["probe> <" + text + "!>"])
    cursor = try tmux.cursor()
    #expect(cursor.column == 9)
    // Wider again, then back to the start of the line.
    try tmux.resize(columns: 50, rows: 20)
    try tmux.send("C-a")
    try tmux.sendLiteral("[")
    try tmux.waitFor("probe> [<" + text + "!>")
    #expect(try shownLines() == ["probe> [<" + text + "!>"])
    cursor = try tmux.cursor()
    #expect(cursor.column == 8)
    try accept("[<" + text + "!>")
    try endSession()
  }

  @Test func killsAreYankedBackAndAltMovesByWords() throws {
    try startEditor()
    try tmux.sendLiteral("alpha beta gamma")
    // Alt-B: before "gamma"; Ctrl-W kills "beta "; Ctrl-Y at the end yanks it back.
    try tmux.send("M-b", "C-w", "C-e", "C-y")
    try accept("alpha gammabeta")
    try tmux.sendLiteral("one two")
    try tmux.send("C-a", "M-f")
    try tmux.sendLiteral("!")
    // Ctrl-K kills " two", Ctrl-K after Ctrl-A "one!" (a move between: two kills); Ctrl-Y
    // yanks "one!", Alt-Y swaps it for the kill before, " two".
    try tmux.send("C-k", "C-a", "C-k", "C-y", "M-y")
    try tmux.sendLiteral("!")
    try accept(" two!")
    try endSession()
  }

  @Test func ctrlCWhileAPastedLineRunsDropsTheLinesAfterIt() throws {
    try startEditor()
    try tmux.paste("busy\nafter")
    try tmux.waitFor("probe> busy\nafter")
    try tmux.send("Enter")
    try tmux.waitFor("got: busy")
    try tmux.send("C-c")
    try tmux.waitFor("busy done\nprobe>")
    try tmux.sendLiteral("next")
    try accept("next")
    #expect(!(try tmux.capture()).contains("got: after"))
    try endSession()
  }

  @Test func aPasteIntoTheProbeRunsNoKey() throws {
    try startEditor()
    // Ctrl-C, Ctrl-D and Tab inside a paste are text: the probe echoes them escaped.
    try tmux.paste("x\u{3}\u{4}\ty")
    try tmux.waitFor("probe> x\\x03\\x04\\ty")
    try accept("x\\x03\\x04\\x09y")
    try endSession()
  }
}
