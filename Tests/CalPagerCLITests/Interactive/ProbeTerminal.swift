import Foundation
import Glibc
import TestSupport
import Testing

/// `calpager-terminal-probe` (or calpager itself) in a tmux pane, started from a small script that records the
/// terminal's settings (`stty -g`) just before the probe starts and just after it ends, and
/// the probe's exit status.
///
/// The script runs under `sh`, which has no job control and so never touches the terminal's
/// settings itself: what `after` records is exactly what the probe left, even when a signal
/// ended it (an interactive bash would put back its own settings first and hide a failure).
final class ProbeTerminal {
  let tmux: Tmux
  let directory = TemporaryDirectory("terminal-probe")

  /// Where the probe keeps its history (`XDG_STATE_HOME`).
  var stateDirectory: String { directory.path + "/state" }
  var historyFile: String { stateDirectory + "/calpager/history" }

  init(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
    try FileManager.default.createDirectory(
      atPath: directory.path + "/home", withIntermediateDirectories: true)
    var variables = [
      "XDG_STATE_HOME": directory.path + "/state", "HOME": directory.path + "/home",
      "LANG": "C.UTF-8",
      // A crash prints its backtrace and ends; on a terminal the backtracer would wait for
      // keys.
      "SWIFT_BACKTRACE": "interactive=no",
    ]
    variables.merge(environment) { $1 }
    tmux = try Tmux(columns: columns, rows: rows, environment: variables)
  }

  /// Starts the probe with `arguments` and waits for the screen to show `ready`; the screen is
  /// cleared first when `clearing`.
  func start(_ arguments: [String], waitingFor ready: String, clearing: Bool = true) throws {
    let command =
      ([Products.path("calpager-terminal-probe")] + arguments + [
        "--pid-file", directory.file("pid"),
      ]).map(Tmux.quoted).joined(separator: " ")
    try start(commandLine: command, waitingFor: ready, clearing: clearing)
  }

  /// Starts `command` (the executable and its arguments) the same way; its process id is
  /// recorded by the `sh` it replaces (`exec`), so any program will do.
  func start(command: [String], waitingFor ready: String, clearing: Bool = true) throws {
    let quoted = command.map(Tmux.quoted).joined(separator: " ")
    try start(
      commandLine: "sh -c 'echo $$ > \"$0\"; exec \"$@\"' "
        + Tmux.quoted(directory.file("pid")) + " " + quoted,
      waitingFor: ready, clearing: clearing)
  }

  private func start(commandLine command: String, waitingFor ready: String, clearing: Bool)
    throws
  {
    for name in ["before", "after", "status", "pid"] {
      try? FileManager.default.removeItem(atPath: directory.file(name))
    }
    // A Ctrl-C in cooked mode reaches the whole process group: the script catches it (and its
    // child, after exec, gets the default action back) so that it outlives the probe.
    let script = """
      trap : INT
      ulimit -c 0
      stty -g > \(Tmux.quoted(directory.file("before")))
      \(command)
      status=$?
      stty -g > \(Tmux.quoted(directory.file("after.tmp")))
      mv \(Tmux.quoted(directory.file("after.tmp"))) \(Tmux.quoted(directory.file("after")))
      echo "exit=$status"
      echo "$status" > \(Tmux.quoted(directory.file("status")))

      """
    try writeFile(directory.file("run.sh"), script)
    try tmux.type((clearing ? "clear; " : "") + "sh " + Tmux.quoted(directory.file("run.sh")))
    try tmux.waitFor(ready)
  }

  /// The probe's process id.
  func pid() throws -> pid_t {
    try Tmux.poll(timeout: tmux.timeout, what: "the probe's pid file") {
      contentsOfFile(directory.file("pid")).flatMap {
        pid_t(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
  }

  /// The settings recorded before the probe started.
  func settingsBefore() throws -> String {
    try Tmux.poll(timeout: tmux.timeout, what: "the settings before") { read("before") }
  }

  /// Waits for the script to end; returns the probe's exit status and the terminal's settings
  /// before and after it.
  func finish() throws -> (status: Int, before: String, after: String) {
    let status = try Tmux.poll(timeout: tmux.timeout, what: "the probe to end") {
      read("status").flatMap { Int($0) }
    } lastSeen: {
      (try? self.tmux.capture()) ?? ""
    }
    return (status, try settingsBefore(), read("after") ?? "")
  }

  private func read(_ name: String) -> String? {
    guard let bytes = contentsOfFile(directory.file(name)) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasSuffix("\n") else { return nil }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
