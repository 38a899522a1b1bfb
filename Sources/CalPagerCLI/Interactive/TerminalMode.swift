import Glibc

/// A session on a terminal in raw mode, with bracketed paste on, restored exactly however the
/// session ends: full screen for `browse` (the alternate screen, the cursor hidden), or on the
/// current line for the shell's line editor (`Kind.line`, for the time a line is read).
///
/// ```swift
/// let terminal = try TerminalMode()          // enters; throws when not on a terminal
/// defer { terminal.restore() }               // normal exit and thrown errors
/// let keys = KeyReader(wakeDescriptor: terminal.wakeDescriptor)
/// var screen = Screen(size: terminal.size)
/// loop: while true {
///   terminal.write(screen.frame(lines))
///   switch keys.next(timeoutMilliseconds: 1000) {
///   case .key(.character("q")), .key(.control("c")): break loop
///   case .key(.control("z")): terminal.suspend()  // returns once continued
///   case .key(.character("e")):
///     terminal.withTerminalRestored { runEditor() } // then redraw (.resumed is waiting)
///   case .wake:
///     let events = terminal.takeEvents()       // .resized, .resumed: redraw at terminal.size
///     screen.size = terminal.size
///   case .key, .timeout: …                     // act, check for changes every second
///   case .end: break loop
///   }
/// }
/// ```
///
/// The terminal's settings (`termios`), the cursor's visibility and the main screen come back
/// as they were on `restore()` (or when the value is freed), on `SIGINT`, `SIGTERM`, `SIGHUP`
/// and `SIGQUIT` from another process (restored, then the process ends by that signal with its
/// default action, so the parent sees the usual status), on a crash signal (restored, then the
/// previous handler runs), and while suspended: Ctrl-Z (`suspend()`) or a `SIGTSTP` from
/// another process restores the terminal and stops the process group; on `SIGCONT` the session
/// saves the settings again (they may have been changed while it was stopped), re-enters raw
/// mode and the alternate screen, and `takeEvents()` reports `.resumed`, which asks for a
/// redraw. `SIGWINCH` reports `.resized`. Keys arrive raw (see `RawMode`): Ctrl-C and Ctrl-Z
/// are keys, never signals from the keyboard, and a paste arrives as one `Key.paste`
/// (bracketed paste, `ESC [ ? 2004 h`, is on for the session and off again on every way out,
/// the signal handlers' included), so pasted text never runs keys.
///
/// A `.line` session differs in three ways: the screen is left as it is (no alternate screen,
/// the cursor shown); `SIGINT` and `SIGWINCH` are not touched, because the `LineEditor` that
/// owns the session relays them for its whole life (a `SIGINT` from another process then
/// reports `.interrupted`, which cancels the line); and the relayed signals waiting when the
/// session starts or ends are left for the owner, who drains them.
///
/// Only one `TerminalMode` may be active at a time, and only a `LineEditor` around it (they
/// share the process's signal handlers).
package final class TerminalMode {
  /// What the session takes over of the screen.
  package enum Kind: Hashable, Sendable {
    /// The alternate screen, cleared, the cursor hidden: `browse`.
    case fullScreen
    /// The screen as it is, the cursor where it was: the shell's line editor.
    case line
  }

  /// What happened to the terminal since the last `takeEvents()`.
  ///
  /// A set of bits (`BitFlags`, not `OptionSet`).
  package struct Events: BitFlags, Sendable {
    /// The raw value.
    package let rawValue: Int
    /// Creates events from their raw value.
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// The window changed size (`SIGWINCH`): redraw at the new `size`.
    package static let resized = Events(rawValue: 1)
    /// The process was stopped and continued (`SIGCONT`): raw mode is back, redraw everything.
    package static let resumed = Events(rawValue: 2)
    /// A `SIGINT` came from another process (a `.line` session only: the keyboard sends none
    /// in raw mode, and a full-screen session ends by it).
    package static let interrupted = Events(rawValue: 4)
  }

  /// What the session takes over of the screen.
  package let kind: Kind

  /// The descriptor keys are read from and the settings changed on.
  package let input: Int32
  /// The descriptor frames are written to.
  package let output: Int32
  /// The terminal's size, as of the session's start or the last `takeEvents()`.
  package private(set) var size: TerminalSize
  /// Whether the session still holds the terminal (false after `restore()`).
  package private(set) var isActive = false

  /// Written on entering: bracketed paste on; full screen, the alternate screen (saving the
  /// cursor), the cursor hidden, the screen cleared.
  static func enterSequence(_ kind: Kind) -> [UInt8] {
    let screen = kind == .fullScreen ? "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J" : ""
    return Array((screen + "\u{1B}[?2004h").utf8)
  }

  /// Written on leaving: bracketed paste off; full screen, attributes reset, the cursor shown,
  /// the main screen (and the cursor where it was) back.
  static func leaveSequence(_ kind: Kind) -> [UInt8] {
    let screen = kind == .fullScreen ? "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l" : ""
    return Array(("\u{1B}[?2004l" + screen).utf8)
  }

  private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// The signals that restore the terminal and end the process.
  private static func endingSignals(_ kind: Kind) -> [Int32] {
    kind == .fullScreen ? [SIGINT, SIGTERM, SIGHUP, SIGQUIT] : [SIGTERM, SIGHUP, SIGQUIT]
  }

  /// The signals relayed to the loop (a line editor relays `SIGWINCH` itself).
  private static func relayedSignals(_ kind: Kind) -> [Int32] {
    kind == .fullScreen ? [SIGWINCH, SIGCONT] : [SIGCONT]
  }

  /// Every signal a session of `kind` handles.
  private static func handledSignals(_ kind: Kind) -> [Int32] {
    endingSignals(kind) + crashSignals + relayedSignals(kind) + [SIGTSTP]
  }

  private var handledSignals: [Int32] { Self.handledSignals(kind) }

  /// Enters the mode of `kind` on the terminal on `input` and `output`.
  ///
  /// - Throws: `TerminalError.notATerminal` when either is not a terminal, or
  ///   `TerminalError.settings` when its settings cannot be read or changed (nothing changed).
  package init(input: Int32 = 0, output: Int32 = 1, kind: Kind = .fullScreen) throws(TerminalError)
  {
    guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
    self.input = input
    self.output = output
    self.kind = kind
    var original = termios()
    guard tcgetattr(input, &original) == 0 else { throw .settings(errno) }
    size = TerminalSize.of(output) ?? TerminalSize.of(input) ?? TerminalSize(columns: 80, rows: 24)
    if let failure = Self.enter(input: input, output: output, from: original, kind: kind) {
      throw .settings(failure)
    }
    isActive = true
    write(Self.enterSequence(kind))
  }

  /// Arms the handlers with `original`, sets raw mode and installs the handlers; returns the
  /// `errno` when the settings cannot be changed (then nothing is changed).
  private static func enter(input: Int32, output: Int32, from original: termios, kind: Kind)
    -> Int32?
  {
    TerminalSignals.withBlocked(handledSignals(kind)) { () -> Int32? in
      // Relays from before a full-screen session are stale; a line editor drains its own.
      if kind == .fullScreen { _ = TerminalSignals.drain() }
      TerminalSignals.arm(
        input: input, output: output, original: original, leave: leaveSequence(kind),
        enter: enterSequence(kind), reentersRawMode: true)
      var raw = RawMode.settings(from: original)
      guard tcsetattr(input, TCSANOW, &raw) == 0 else {
        let code = errno
        TerminalSignals.disarm()
        return code
      }
      TerminalSignals.install(.restoreAndDie, for: endingSignals(kind))
      TerminalSignals.install(.restoreAndCrash, for: crashSignals)
      TerminalSignals.install(.relay, for: relayedSignals(kind))
      TerminalSignals.install(.suspend, for: [SIGTSTP])
      return nil
    }
  }

  deinit {
    restore()
  }

  /// The descriptor that becomes readable when the terminal has news for `takeEvents()`; give
  /// it to `KeyReader` so that waiting for a key also wakes for it.
  package var wakeDescriptor: Int32 { TerminalSignals.wakeDescriptor }

  /// Collects what happened since the last call, updates `size`, and after a stop makes sure
  /// raw mode and the alternate screen are back (the process may have been stopped by
  /// `SIGSTOP`, which no handler sees).
  package func takeEvents() -> Events {
    var events = Events(rawValue: 0)
    for signal in TerminalSignals.drain() {
      if signal == SIGWINCH { events.insert(.resized) }
      if signal == SIGCONT { events.insert(.resumed) }
      if signal == SIGINT { events.insert(.interrupted) }
    }
    guard isActive, !events.isEmpty else { return events }
    if events.contains(.resumed) {
      // Raw mode again, from the settings saved before (a stop by SIGTSTP saved them again
      // already; after a SIGSTOP the terminal may hold the shell's settings, or ours).
      TerminalSignals.withBlocked(handledSignals) {
        TerminalSignals.reenterRawMode(savingCurrent: false)
      }
    }
    let newSize = TerminalSize.of(output) ?? TerminalSize.of(input) ?? size
    if newSize != size {
      size = newSize
      events.insert(.resized)
    }
    return events
  }

  /// Suspends the process as Ctrl-Z does in a shell: the terminal is restored, the process
  /// group stopped; this returns once it is continued, back in the full-screen mode, with
  /// `.resumed` waiting in `takeEvents()`.
  package func suspend() {
    guard isActive else { return }
    _ = raise(SIGTSTP)
  }

  /// Writes `bytes` to the terminal, all of them.
  ///
  /// A frame is one `write(2)` unless the terminal takes it in parts. Returns false when the
  /// terminal is gone.
  @discardableResult
  package func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 && errno == EINTR { continue }
        if count < 0 && errno == EAGAIN {
          // A non-blocking terminal that is full: wait until it drains.
          var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
          _ = poll(&descriptor, 1, 1000)
          continue
        }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }

  /// Runs `body` with the terminal as it was before the session (for `$EDITOR`, a pager, a
  /// shell command), then enters the full-screen mode again, with `.resumed` waiting in
  /// `takeEvents()` so that the caller redraws.
  ///
  /// While `body` runs, this process catches `SIGINT` and `SIGQUIT` and drops them, so that a
  /// Ctrl-C meant for the child does not end it (a caught signal is reset to its default
  /// action in a child that `exec`s, so the child still gets them); `SIGTSTP`, `SIGTERM` and
  /// `SIGHUP` have the actions the process had before the session. The settings the child
  /// leaves are the ones `restore()` puts back afterwards. If the full-screen mode cannot be
  /// entered again, the session ends (`isActive` is false). Full screen only: a line editor
  /// ends its session instead.
  package func withTerminalRestored<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard isActive else { return try body() }
    precondition(kind == .fullScreen, "a line session hands the terminal back by ending")
    let handledSignals = self.handledSignals
    TerminalSignals.withBlocked(handledSignals) {
      TerminalSignals.restoreTerminal()
      TerminalSignals.disarm()
      TerminalSignals.uninstall(handledSignals)
      TerminalSignals.install(.relay, for: [SIGINT, SIGQUIT, SIGWINCH])
    }
    defer {
      var current = termios()
      tcgetattr(input, &current)
      TerminalSignals.withBlocked(handledSignals) {
        TerminalSignals.uninstall([SIGINT, SIGQUIT, SIGWINCH])
      }
      if Self.enter(input: input, output: output, from: current, kind: kind) == nil {
        write(Self.enterSequence(kind))
        TerminalSignals.notify(SIGCONT)
      } else {
        isActive = false
      }
    }
    return try body()
  }

  /// Leaves the full-screen mode; does nothing the second time.
  ///
  /// The main screen, the cursor and the terminal's settings are as they were, and the signal
  /// handlers are those the process had.
  package func restore() {
    guard isActive else { return }
    isActive = false
    let handledSignals = self.handledSignals
    TerminalSignals.withBlocked(handledSignals) {
      TerminalSignals.restoreTerminal()
      TerminalSignals.disarm()
      TerminalSignals.uninstall(handledSignals)
      if kind == .fullScreen { _ = TerminalSignals.drain() }
    }
  }
}

/// Why the terminal could not be used.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is not a terminal.
  case notATerminal
  /// The terminal's settings could not be read or changed (the `errno`).
  case settings(Int32)

  /// One line saying what went wrong.
  package var description: String {
    switch self {
    case .notATerminal:
      return "Standard input and output must be a terminal"
    case .settings(let code):
      return "Cannot change the terminal's settings: " + String(cString: strerror(code))
    }
  }
}
