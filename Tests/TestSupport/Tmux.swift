import Foundation
import Glibc

/// A terminal for tests: a detached tmux session on its own server, running `bash --norc`, that
/// tests type into and read the screen of.
///
/// ```swift
/// @Suite(.requires(.tmux)) struct ShellKeysTests {
///   @Test func arrows() throws {
///     let tmux = try Tmux(columns: 80, rows: 24)
///     try tmux.type("calpager shell")           // typed into bash, then Enter
///     try tmux.waitFor("> ")
///     try tmux.send("Left", "Left", "C-c")       // tmux key names
///     let screen = try tmux.waitFor("got: ")
///   }
/// }
/// ```
///
/// Every wait polls the screen until what it waits for is there or the timeout passes (ten
/// seconds by default: CI runs on two busy cores), never a fixed sleep. The server is killed
/// when the value is freed. The shell is started with `bash --norc` so that a Ctrl-C sent to the
/// program under test cannot end the pane.
public final class Tmux: @unchecked Sendable {
  /// The tmux executable, or nil when it is not installed (`Peer.tmux`).
  public static var executable: String? { try? Peer.tmux.location() }

  /// The server's socket name (`tmux -L`), unique to this value.
  public let socket: String
  /// The session's name.
  public let session = "test"
  /// How long waits last by default, in seconds.
  public var timeout: Double = 10

  /// Starts a detached session `columns` by `rows` running `bash --norc`, with `environment`
  /// laid over the test process's, and waits for its prompt.
  public init(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
    guard let executable = Self.executable else { throw PeerError.missing(.tmux) }
    socket = "calpager-test-\(UUID().uuidString.prefix(12))"
    var variables = ["HISTFILE": "/dev/null", "PS1": "$ "]
    variables.merge(environment) { $1 }
    let shell =
      "env "
      + variables.sorted { $0.key < $1.key }.map { Self.quoted("\($0.key)=\($0.value)") }
      .joined(separator: " ") + " bash --norc --noprofile"
    // The server outlives the client that starts it and would keep a pipe open: the client
    // runs with its output going nowhere, and is reaped by hand.
    try Self.spawnAndWait([
      executable, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", session, "-x",
      String(columns), "-y", String(rows), shell,
    ])
    try waitFor("$")
  }

  deinit {
    kill()
  }

  /// Types `text` literally into the pane, then Enter.
  public func type(_ text: String) throws {
    try sendLiteral(text)
    try send("Enter")
  }

  /// Types `text` literally (no key names; text starting with `-` too).
  public func sendLiteral(_ text: String) throws {
    try tmux(["send-keys", "-t", session, "-l", "--", text])
  }

  /// Sends keys by their tmux names (`Left`, `C-c`, `Enter`, `BSpace`, `PPage`, `BTab`).
  public func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", session] + keys)
  }

  /// Pastes `text` into the pane as a terminal does: line breaks sent as CR, and the text
  /// between bracketed paste's markers (`ESC [ 200 ~` … `ESC [ 201 ~`) when the program in
  /// the pane asked for them (`ESC [ ? 2004 h`), bare otherwise.
  public func paste(_ text: String) throws {
    try tmux(["set-buffer", "-b", "calpager-test", "--", text])
    try tmux(["paste-buffer", "-p", "-d", "-b", "calpager-test", "-t", session])
  }

  /// Where the pane's cursor is, counted from zero.
  public func cursor() throws -> (column: Int, row: Int) {
    let words = try tmux(["display-message", "-p", "-t", session, "#{cursor_x} #{cursor_y}"])
      .stdout.split(separator: " ").compactMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    guard words.count == 2 else { throw TmuxError.failed("display-message", "no cursor") }
    return (words[0], words[1])
  }

  /// Appends everything the programs in the pane write to it, byte for byte, to the file at
  /// `path` from now on (`pipe-pane`).
  public func recordOutput(to path: String) throws {
    try tmux(["pipe-pane", "-o", "-t", session, "cat >> " + Self.quoted(path)])
  }

  /// The screen's text, wrapped lines joined (`capture-pane -p -J`), without the spaces at
  /// the ends of lines (whether tmux keeps them depends on how the cells were written, not on
  /// what shows).
  public func capture() throws -> String {
    try tmux(["capture-pane", "-t", session, "-p", "-J"]).stdout
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.reversed().drop { $0 == " " }.reversed() }
      .map { String($0) }.joined(separator: "\n")
  }

  /// Waits until the screen contains `text`, and returns the screen.
  @discardableResult
  public func waitFor(_ text: String, timeout: Double? = nil) throws -> String {
    try waitUntil(timeout: timeout, "the screen to show '\(text)'") { $0.contains(text) }
  }

  /// Waits until `condition` holds for the screen, and returns the screen.
  ///
  /// - Throws: `TmuxError.timedOut` with the last screen when it never does.
  @discardableResult
  public func waitUntil(
    timeout: Double? = nil, _ what: String = "a condition", _ condition: (String) -> Bool
  ) throws -> String {
    try Self.poll(timeout: timeout ?? self.timeout, what: what) {
      let screen = try capture()
      return condition(screen) ? screen : nil
    } lastSeen: {
      (try? self.capture()) ?? ""
    }
  }

  /// Waits until `body` returns a value.
  public static func poll<T>(
    timeout: Double, what: String, _ body: () throws -> T?,
    lastSeen: () -> String = { "" }
  ) throws -> T {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let value = try body() { return value }
      guard Date() < deadline else { throw TmuxError.timedOut(what, lastSeen()) }
      usleep(25_000)
    }
  }

  /// The pane's terminal device (`/dev/pts/N`).
  public func paneTTY() throws -> String {
    try tmux(["display-message", "-p", "-t", session, "#{pane_tty}"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pane terminal's settings as `stty -g` prints them, read from outside the pane (so
  /// they are what the program in the pane has set at this moment).
  public func ttySettings() throws -> String {
    let result = try runProcess("/bin/stty", ["-g", "-F", try paneTTY()])
    guard result.status == 0 else { throw TmuxError.failed("stty", result.stderr) }
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window (and the pane) to `columns` by `rows`.
  public func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
  }

  /// Ends the server, the session and everything running in it, and removes the socket.
  public func kill() {
    guard let executable = Self.executable else { return }
    _ = try? runProcess(executable, ["-L", socket, "kill-server"])
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(directory)/tmux-\(getuid())/\(socket)")
  }

  /// Runs a tmux command against this server.
  @discardableResult
  public func tmux(_ arguments: [String]) throws -> ProcessResult {
    guard let executable = Self.executable else { throw PeerError.missing(.tmux) }
    let result = try runProcess(executable, ["-L", socket] + arguments)
    guard result.status == 0 else {
      throw TmuxError.failed(arguments.joined(separator: " "), result.stderr)
    }
    return result
  }

  /// `text` in single quotes for a POSIX shell.
  public static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private static func spawnAndWait(_ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    // The server inherits the spawning thread's signal mask, and the test runner's threads
    // block most signals: a server with SIGTERM blocked ignores `kill-server` and outlives the
    // test. It starts with nothing blocked and every signal at its default action.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var nothing = sigset_t()
    sigemptyset(&nothing)
    var everything = sigset_t()
    sigfillset(&everything)
    posix_spawnattr_setsigmask(&attributes, &nothing)
    posix_spawnattr_setsigdefault(&attributes, &everything)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    let code = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
    guard code == 0 else { throw TmuxError.failed("spawn tmux", String(cString: strerror(code))) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { throw TmuxError.failed("new-session", "status \(status)") }
  }
}

/// Why a `Tmux` call failed.
public enum TmuxError: Error, CustomStringConvertible {
  /// A wait ran out: what was waited for, and the last screen.
  case timedOut(String, String)
  /// A tmux command failed: the command and its error output.
  case failed(String, String)

  /// A readable account, with the screen for a timeout.
  public var description: String {
    switch self {
    case .timedOut(let what, let screen):
      return "Timed out waiting for \(what); the screen was:\n\(screen)"
    case .failed(let command, let error): return "tmux \(command) failed: \(error)"
    }
  }
}
