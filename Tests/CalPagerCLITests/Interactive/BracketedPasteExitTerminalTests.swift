import Foundation
import Glibc
import TestSupport
import Testing

/// Bracketed paste (`ESC [ ? 2004 h`) is on while `browse` runs and while `shell` reads a
/// line, and off again (`ESC [ ? 2004 l`) however they end.
///
/// The pane's output is recorded byte for byte, and what calpager wrote last of the two before
/// it ended must be the `l`, with the terminal's settings as they were. A terminal left in the
/// mode wraps every later paste into the user's shell in markers.
@Suite(.serialized, .requires(.tmux))
struct BracketedPasteExitTerminalTests {
  /// How a run ends: keys typed, or a signal sent.
  enum Ending: Sendable, CustomTestStringConvertible {
    case keys([String])
    case signal(Int32)

    var testDescription: String {
      switch self {
      case .keys(let keys): return keys.joined(separator: " ")
      case .signal(let signal): return "signal \(signal)"
      }
    }
  }

  static let on = "\u{1B}[?2004h"
  static let off = "\u{1B}[?2004l"

  /// Starts `arguments` (browse or shell) waiting for `ready`, records the pane, ends the run
  /// by `ending`, and checks the mode was on, is off, and the settings are back.
  func check(_ arguments: [String], ready: String, ending: Ending) throws {
    let terminal = try ProbeTerminal(
      columns: 80, rows: 24, environment: ShellTerminalTests.environment)
    let recording = terminal.directory.file("pane-output")
    try terminal.tmux.recordOutput(to: recording)
    try terminal.start(
      command: [Products.path("calpager"), "--db", terminal.directory.file("calpager.db")]
        + arguments, waitingFor: ready)
    switch ending {
    case .keys(let keys):
      for key in keys { try terminal.tmux.send(key) }
    case .signal(let signal):
      kill(try terminal.pid(), signal)
    }
    let (_, before, after) = try terminal.finish()
    #expect(after == before, "the terminal's settings changed")
    let output = try Tmux.poll(timeout: terminal.tmux.timeout, what: "the recorded exit") {
      () -> String? in
      let text = String(decoding: contentsOfFile(recording) ?? [], as: UTF8.self)
      return text.contains("exit=") ? text : nil
    }
    let run = try Self.run(in: output[..<output.range(of: "exit=")!.lowerBound])
    #expect(run.contains(Self.on), "it was on")
    #expect(Self.endsOff(run), "off at the end")
  }

  /// What the pane received after bash echoed the command line that starts the script (and
  /// turned its own bracketed paste off to run it): calpager's output alone.
  static func run(in output: Substring) throws -> Substring {
    let typed = try #require(output.range(of: "run.sh"))
    return output[typed.upperBound...]
  }

  /// Whether the last of the two sequences in `text` is the one that turns the mode off.
  static func endsOff(_ text: Substring) -> Bool {
    guard let lastOff = text.range(of: off, options: .backwards)?.lowerBound else {
      return false
    }
    guard let lastOn = text.range(of: on, options: .backwards)?.lowerBound else { return true }
    return lastOn < lastOff
  }

  static let shellEndings: [Ending] = [
    .keys(["C-d"]), .keys(["q", "u", "i", "t", "Enter"]), .signal(SIGTERM), .signal(SIGHUP),
  ]

  @Test(arguments: shellEndings)
  func shellTurnsItOffHoweverItEnds(ending: Ending) throws {
    try check(["shell"], ready: "2030-06-15>", ending: ending)
  }

  static let browseEndings: [Ending] = [
    .keys(["q"]), .keys(["C-c"]), .signal(SIGTERM), .signal(SIGHUP),
  ]

  @Test(arguments: browseEndings)
  func browseTurnsItOffHoweverItEnds(ending: Ending) throws {
    try check(["browse"], ready: "? keys · q quit", ending: ending)
  }

  @Test func shellTurnsItOffWhileStoppedAndOnAgainAfterFg() throws {
    let terminal = try ProbeTerminal(
      columns: 80, rows: 24, environment: ShellTerminalTests.environment)
    let recording = terminal.directory.file("pane-output")
    try terminal.tmux.recordOutput(to: recording)
    try terminal.start(
      command: [
        Products.path("calpager"), "--db", terminal.directory.file("calpager.db"), "shell",
      ],
      waitingFor: "2030-06-15>")
    func output() -> String { String(decoding: contentsOfFile(recording) ?? [], as: UTF8.self) }
    try terminal.tmux.sendLiteral("abc")
    try terminal.tmux.send("C-z")
    try terminal.tmux.waitFor("Stopped")
    let stopped = output()
    let run = try Self.run(in: stopped[..<stopped.range(of: "Stopped")!.lowerBound])
    #expect(run.contains(Self.on))
    #expect(Self.endsOff(run), "off while stopped")
    try terminal.tmux.type("fg")
    try terminal.tmux.waitUntil("the line back") {
      $0.components(separatedBy: "\n").last { !$0.isEmpty } == "2030-06-15> abc"
    }
    // Back on after fg: a paste is text again.
    try terminal.tmux.paste("\nd")
    try terminal.tmux.waitFor("2030-06-15> abc\nd")
    try terminal.tmux.send("C-u", "BSpace", "C-u", "C-d")
    let (status, before, after) = try terminal.finish()
    #expect(status == 0)
    #expect(after == before)
  }
}
