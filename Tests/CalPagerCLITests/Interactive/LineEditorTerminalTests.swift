import Foundation
import Glibc
import TestSupport
import Testing

/// The line editor as a person uses it: keys typed into a real terminal (tmux), the screen
/// read back, and the terminal's settings compared before and after every run.
@Suite(.serialized, .requires(.tmux))
struct LineEditorTerminalTests {
  let probe: ProbeTerminal

  init() throws {
    probe = try ProbeTerminal()
  }

  var tmux: Tmux { probe.tmux }

  /// Starts the line editor and waits for its first prompt.
  func startEditor(_ arguments: [String] = []) throws {
    try probe.start(["line"] + arguments, waitingFor: "probe>")
  }

  /// The probe's echo of `line` and the prompt after it, as `Tmux.capture()` shows them
  /// (without spaces at the ends of lines).
  func echo(_ line: String) -> String {
    var echo = "got: " + line
    while echo.hasSuffix(" ") { echo.removeLast() }
    return echo + "\nprobe>"
  }

  /// Types `text` then Enter, and waits for the echo and, after `output` if given, the next
  /// prompt.
  @discardableResult
  func enter(_ text: String, output: String? = nil) throws -> String {
    try tmux.sendLiteral(text)
    try tmux.send("Enter")
    guard let output else { return try tmux.waitFor(echo(text)) }
    return try tmux.waitFor("got: \(text)\n\(output)\nprobe>")
  }

  /// Ends the session with Ctrl-D and checks it ended cleanly with the terminal as it was.
  func endSession() throws {
    try tmux.send("C-d")
    let (status, before, after) = try probe.finish()
    #expect(status == 0)
    #expect(after == before, "the terminal's settings changed")
  }

  @Test func arrowKeysEditAtTheCursor() throws {
    try startEditor()
    try tmux.sendLiteral("add hello wrld")
    try tmux.send("Left", "Left", "Left")
    try tmux.sendLiteral("o")
    try tmux.send("Enter")
    try tmux.waitFor(echo("add hello world"))
    // Home and End (tmux sends ESC [ 1 ~ and ESC [ 4 ~), a word back with Ctrl-Left, Delete.
    try tmux.sendLiteral("one two three")
    try tmux.send("Home")
    try tmux.sendLiteral("[")
    try tmux.send("End")
    try tmux.sendLiteral("]")
    try tmux.send("C-Left")
    try tmux.sendLiteral("<")
    try tmux.send("DC")
    try tmux.send("Enter")
    try tmux.waitFor(echo("[one two <hree]"))
    try endSession()
  }

  @Test func historyIsRecalledKeptPrivateAndPersistsAcrossRuns() throws {
    try startEditor()
    try enter("goto 2024-05-01")
    try enter("next")
    try enter("secret pin 1234")
    try enter("   ")
    // Up skips nothing that was kept: the secret line and the blank one were not.
    try tmux.send("Up")
    try tmux.send("Enter")
    try tmux.waitFor(echo("next"))
    try tmux.send("Up", "Up")
    try tmux.send("Enter")
    try tmux.waitFor(echo("goto 2024-05-01"))
    try endSession()

    let lines = String(decoding: contentsOfFile(probe.historyFile) ?? [], as: UTF8.self)
    #expect(lines == "goto 2024-05-01\nnext\ngoto 2024-05-01\n", "no repeat, no secret")
    let file = try FileManager.default.attributesOfItem(atPath: probe.historyFile)
    #expect(file[.posixPermissions] as? Int == 0o600)
    let folder = try FileManager.default.attributesOfItem(
      atPath: probe.stateDirectory + "/calpager")
    #expect(folder[.posixPermissions] as? Int == 0o700)

    // A second run finds the history; Ctrl-R searches it.
    try startEditor(["--limit", "3"])
    try tmux.send("Up", "Up")
    try tmux.send("Enter")
    try tmux.waitFor(echo("next"))
    try tmux.send("C-r")
    try tmux.sendLiteral("2024")
    try tmux.waitFor("probe> goto 2024-05-01")
    try tmux.send("Enter")
    try tmux.waitFor(echo("goto 2024-05-01"))
    try enter("last")
    try endSession()
    let bounded = String(decoding: contentsOfFile(probe.historyFile) ?? [], as: UTF8.self)
    #expect(bounded == "next\ngoto 2024-05-01\nlast\n", "bounded to the last three")
  }

  @Test func tabCompletesFromTheCandidates() throws {
    try startEditor()
    // One candidate: inserted whole, with a space.
    try tmux.sendLiteral("go")
    try tmux.send("Tab")
    try tmux.sendLiteral("x")
    try tmux.send("Enter")
    try tmux.waitFor(echo("goto x"))
    // Several: their common prefix, then (nothing more to add) the list.
    try tmux.sendLiteral("t")
    try tmux.send("Tab")
    try tmux.waitFor("probe> to")
    try tmux.send("Tab")
    try tmux.waitFor("today     tomorrow")
    try tmux.sendLiteral("m")
    try tmux.send("Tab", "Enter")
    try tmux.waitFor(echo("tomorrow "))
    // No space after "=", and wide characters complete too.
    try tmux.sendLiteral("export --f")
    try tmux.send("Tab", "Tab")
    try tmux.waitFor("--format=json   --format=jsonl")
    try tmux.sendLiteral("l 漢")
    try tmux.send("Tab")
    try tmux.waitFor("probe> export --format=jsonl 漢字")
    try tmux.send("Enter")
    try tmux.waitFor(echo("export --format=jsonl 漢字 "))
    try endSession()
  }

  @Test func ctrlCCancelsOnlyTheLine() throws {
    try startEditor()
    try tmux.sendLiteral("add draft")
    try tmux.send("C-c")
    try tmux.waitFor("probe> add draft^C\nprobe>")
    try enter("def")
    #expect(!(try tmux.capture()).contains("got: add draft"))
    // While a command runs, Ctrl-C neither ends the process nor the command; it is noted.
    try tmux.sendLiteral("busy")
    try tmux.send("Enter")
    try tmux.waitFor("got: busy")
    try tmux.send("C-c")
    try tmux.waitFor("busy done\nprobe>")
    try enter("interrupted?", output: "interrupted: yes")
    try enter("interrupted?", output: "interrupted: no")
    try endSession()
  }

  @Test func ctrlDOnAnEmptyLineEndsWithANewline() throws {
    try startEditor()
    // Elsewhere Ctrl-D deletes the character under the cursor.
    try tmux.sendLiteral("abc")
    try tmux.send("Left", "C-d", "Enter")
    try tmux.waitFor(echo("ab"))
    try tmux.send("C-d")
    let screen = try tmux.waitFor("exit=")
    #expect(screen.contains("got: ab\nprobe>\neof\nexit=0"), "eof on a line of its own")
    let (status, before, after) = try probe.finish()
    #expect(status == 0)
    #expect(after == before)
  }

  @Test func resizeChangesTheWidth() throws {
    try startEditor()
    try enter("width", output: "columns: 80 resized: no")
    try tmux.resize(columns: 50, rows: 20)
    try enter("width", output: "columns: 50 resized: yes")
    try enter("width", output: "columns: 50 resized: no")
    try endSession()
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func signalWhileReadingRestoresTheTerminalAndEndsByIt(signal: Int32) throws {
    try startEditor()
    try tmux.sendLiteral("half a line")
    try tmux.waitFor("probe> half a line")
    let before = try probe.settingsBefore()
    #expect(try tmux.ttySettings() != before, "the editor's mode is on while reading")
    kill(try probe.pid(), signal)
    let (status, _, after) = try probe.finish()
    #expect(status == 128 + Int(signal))
    #expect(after == before)
  }

  @Test func ctrlZSuspendsAndFgResumesTheLine() throws {
    try startEditor()
    try tmux.sendLiteral("abc")
    try tmux.send("C-z")
    try tmux.waitFor("Stopped")
    try tmux.type("fg")
    try tmux.waitUntil("the prompt back after fg") {
      $0.components(separatedBy: "\n").last { !$0.isEmpty } == "probe> abc"
    }
    try tmux.sendLiteral("def")
    try tmux.send("Enter")
    try tmux.waitFor(echo("abcdef"))
    try endSession()
  }
}
