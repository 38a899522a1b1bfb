import Foundation
import Glibc
import TestSupport
import Testing

/// The full-screen layer (TerminalMode, KeyReader, Screen, LinePrompt) in a real terminal:
/// keys sent by tmux decoded, frames drawn, and the terminal restored exactly however the
/// program ends.
@Suite(.serialized, .requires(.tmux))
struct TerminalModeTerminalTests {
  let probe: ProbeTerminal

  init() throws {
    probe = try ProbeTerminal()
  }

  var tmux: Tmux { probe.tmux }

  /// Prints a marker on the main screen, starts the full-screen probe and checks it is in raw
  /// mode on the alternate screen.
  func startKeys() throws {
    try tmux.type("echo main-screen-marker")
    try tmux.waitFor("main-screen-marker\n$")
    try probe.start(["keys"], waitingFor: "keys probe", clearing: false)
    let screen = try tmux.capture()
    #expect(!screen.contains("main-screen-marker"), "the alternate screen is shown")
    #expect(try tmux.ttySettings() != (try probe.settingsBefore()), "raw mode is on")
  }

  /// Waits for the probe to end and checks its status, the settings, and that the main screen
  /// is back as it was.
  func expectRestored(status expected: Int) throws {
    let (status, before, after) = try probe.finish()
    #expect(status == expected)
    #expect(after == before, "the terminal's settings changed")
    let screen = try tmux.waitFor("exit=\(expected)")
    #expect(screen.contains("main-screen-marker"), "the main screen is back")
    #expect(!screen.contains("keys probe"), "nothing of the full-screen view is left")
  }

  @Test func keysAreDecodedAndNamed() throws {
    try startKeys()
    try tmux.send("Left", "Right", "Up", "Down", "Home", "End", "PPage", "NPage")
    try tmux.waitFor("keys: left right up down home end page-up page-down\n")
    try tmux.send("DC", "IC", "Tab", "BTab", "BSpace", "Enter", "C-a", "C-x")
    try tmux.waitFor("keys: delete insert tab shift-tab backspace enter ctrl-a ctrl-x\n")
    try tmux.sendLiteral("é漢")
    try tmux.send("Escape")
    try tmux.waitFor("keys: shift-tab backspace enter ctrl-a ctrl-x 'é' '漢' escape\n")
    try tmux.waitFor("last: escape\n")
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func framesClipByDisplayWidthAndShowControlCharacters() throws {
    try startKeys()
    let screen = try tmux.capture()
    #expect(screen.contains("text: 漢字 \\e[31mred\\x07 e\u{301}\n"))
    #expect(screen.contains("\n" + String(repeating: "0123456789", count: 8) + "\n"))
    // Nothing the frame wrote went past the width: no line wrapped.
    #expect(
      !screen.contains(
        "01234567890123456789012345678901234567890123456789012345678901234567890123456789012"))
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func timeoutWakesTheLoopWithoutAKey() throws {
    try startKeys()
    try tmux.waitFor("ticks: some")
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func resizeRedrawsAtTheNewSize() throws {
    try startKeys()
    try tmux.waitFor("keys probe 80x24")
    try tmux.resize(columns: 60, rows: 20)
    let screen = try tmux.waitFor("keys probe 60x20")
    #expect(screen.contains("\n" + String(repeating: "0123456789", count: 6) + "\n"))
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func promptEditsAcceptsAndCancels() throws {
    try startKeys()
    try tmux.send("p")
    try tmux.waitFor("Go to:")
    try tmux.sendLiteral("2024-06-01")
    try tmux.send("Left", "Left", "Left", "BSpace")
    try tmux.sendLiteral("7")
    try tmux.send("Enter")
    try tmux.waitFor("last: prompt: 2024-07-01\n")
    try tmux.send("p")
    try tmux.waitFor("Go to:")
    try tmux.sendLiteral("abc")
    try tmux.send("Escape")
    try tmux.waitFor("last: prompt cancelled\n")
    #expect(!(try tmux.capture()).contains("Go to:"))
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func ctrlCQuitsWithTheTerminalRestored() throws {
    try startKeys()
    try tmux.send("C-c")
    try expectRestored(status: 130)
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
  func signalRestoresTheTerminalThenEndsTheProcessByIt(signal: Int32) throws {
    try startKeys()
    kill(try probe.pid(), signal)
    // SIGQUIT's default action also dumps core: the status is still 128 + the signal.
    try expectRestored(status: 128 + Int(signal))
  }

  @Test func crashRestoresTheTerminal() throws {
    try startKeys()
    try tmux.send("!")
    let (status, before, after) = try probe.finish()
    #expect(status > 128, "ended by a signal (SIGILL or SIGTRAP from fatalError)")
    #expect(after == before, "the terminal's settings changed")
    #expect(!(try tmux.capture()).contains("keys probe"), "the main screen is back")
  }

  @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRedraws() throws {
    try startKeys()
    try tmux.send("C-z")
    let stopped = try tmux.waitFor("Stopped")
    #expect(stopped.contains("main-screen-marker"), "the main screen while stopped")
    #expect(!stopped.contains("keys probe"))
    try tmux.type("fg")
    try tmux.waitFor("keys probe 80x24 resumed 1")
    try tmux.send("Left")
    try tmux.waitFor("last: left")
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func sigtstpFromAnotherProcessSuspendsToo() throws {
    try startKeys()
    kill(try probe.pid(), SIGTSTP)
    try tmux.waitFor("Stopped")
    try tmux.type("fg")
    try tmux.waitFor("resumed 1")
    try tmux.send("q")
    try expectRestored(status: 0)
  }

  @Test func childRunsWithTheTerminalRestoredAndCtrlCReachesOnlyIt() throws {
    try startKeys()
    try tmux.send("e")
    let child = try tmux.waitFor("child>")
    #expect(child.contains("main-screen-marker"), "the child runs on the main screen")
    #expect(try tmux.ttySettings() == (try probe.settingsBefore()), "in the settings from before")
    try tmux.sendLiteral("hello")
    try tmux.send("Enter")
    try tmux.waitFor("last: child 3\n")
    #expect(try tmux.ttySettings() != (try probe.settingsBefore()), "raw mode again")
    try tmux.send("e")
    try tmux.waitFor("child>")
    try tmux.send("C-c")
    try tmux.waitFor("last: child 130\n")
    try tmux.send("Left")
    try tmux.waitFor("last: left\n")
    try tmux.send("q")
    try expectRestored(status: 0)
  }
}
