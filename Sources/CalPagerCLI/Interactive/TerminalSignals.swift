import Glibc

/// The signal handling that `TerminalMode` and `LineEditor` share: a self-pipe that wakes the
/// event loop, and a terminal to restore from inside a handler.
///
/// A handler may only call async-signal-safe functions, and must not allocate, lock or retain.
/// So every handler here calls only `write(2)`, `tcgetattr(3)`, `tcsetattr(3)`,
/// `sigaction(2)`, `sigprocmask(2)`, `raise(3)` and `kill(2)`, and reads only
/// `TerminalSignals.state`: plain values (descriptors, `termios` and raw byte buffers) in memory
/// allocated once, before any handler is installed.
///
/// How each signal is handled is chosen per signal with `install(_:for:)`:
/// - `relay` writes the signal's number as one byte to the self-pipe, for the loop to act on
///   (`SIGWINCH`, `SIGCONT`; `SIGINT` and `SIGTSTP` in the line editor);
/// - `restoreAndDie` restores the terminal, then ends the process by the same signal with its
///   default disposition (`SIGTERM`, `SIGHUP`, `SIGQUIT`, and `SIGINT` in raw mode), so the
///   parent sees the usual status (143, 129, …);
/// - `restoreAndCrash` restores the terminal, puts back the handler that was there before (the
///   Swift runtime's backtracer, say) and raises the signal again (`SIGSEGV`, `SIGILL`, …);
/// - `suspend` restores the terminal, stops the process group with `SIGTSTP` as the default
///   action would, and on `SIGCONT` saves the terminal's settings again (the user may have
///   changed them meanwhile), re-enters raw mode and relays `SIGCONT` (`SIGTSTP` in raw mode).
///
/// Only one terminal user (a `TerminalMode` or a `LineEditor`) may hold the signals at a time.
enum TerminalSignals {
  /// How a signal is handled; see the type's documentation.
  enum Handling {
    case relay
    case restoreAndDie
    case restoreAndCrash
    case suspend
  }

  /// What the handlers read: plain values only.
  struct State {
    /// The self-pipe: the loop polls `wakeRead`, handlers write to `wakeWrite`.
    var wakeRead: Int32 = -1
    var wakeWrite: Int32 = -1
    /// Whether the handlers restore `terminal` (set while a mode is active).
    var armed = false
    /// The terminal's settings are read and set on `input`, bytes written to `output`.
    var input: Int32 = -1
    var output: Int32 = -1
    /// The settings to restore.
    var original = termios()
    /// Whether a resumed process re-enters raw mode (full-screen) or leaves the terminal to
    /// its owner (the line editor, which re-enters its own mode from the loop).
    var reentersRawMode = false
    /// Bytes written before the settings are restored (show the cursor, leave the alternate
    /// screen) and after raw mode is re-entered (the reverse).
    var leave: UnsafeMutablePointer<UInt8>?
    var leaveCount = 0
    var enter: UnsafeMutablePointer<UInt8>?
    var enterCount = 0
  }

  /// The handlers' state, allocated once.
  nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State())
    return pointer
  }()

  /// The action each signal had before `install` replaced it, indexed by signal number (read
  /// by `restoreAndCrash`).
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalLimit))
    pointer.initialize(repeating: sigaction(), count: Int(signalLimit))
    return pointer
  }()
  nonisolated(unsafe) private static var installed: Set<Int32> = []
  private static let signalLimit: Int32 = 65

  /// The descriptor the loop polls: readable when a relayed signal arrived.
  static var wakeDescriptor: Int32 {
    openWakePipe()
    return state.pointee.wakeRead
  }

  /// Creates the self-pipe (both ends non-blocking and close-on-exec) unless it exists.
  static func openWakePipe() {
    guard state.pointee.wakeRead < 0 else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    state.pointee.wakeRead = ends[0]
    state.pointee.wakeWrite = ends[1]
  }

  /// Reads every relayed signal number waiting in the self-pipe, oldest first.
  static func drain() -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        read(state.pointee.wakeRead, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return signals }
      signals += buffer[..<count].map { Int32($0) }
    }
  }

  /// Installs `handling` for each of `signals`, remembering the action it replaces the first
  /// time (so `uninstall` puts back what the caller had).
  static func install(_ handling: Handling, for signals: [Int32]) {
    openWakePipe()
    for signal in signals {
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      // SA_RESTART: a relayed signal must not make an unrelated read or write fail with
      // EINTR (poll(2) is interrupted anyway, which is what wakes the loop).
      action.sa_flags = SA_RESTART | SA_ONSTACK
      action.__sigaction_handler.sa_handler = handler(for: handling)
      var old = sigaction()
      sigaction(signal, &action, &old)
      if !installed.contains(signal) {
        previous[Int(signal)] = old
        installed.insert(signal)
      }
    }
  }

  /// Puts back the actions `install` replaced for `signals`.
  static func uninstall(_ signals: [Int32]) {
    for signal in signals where installed.contains(signal) {
      sigaction(signal, &previous[Int(signal)], nil)
      installed.remove(signal)
    }
  }

  /// Runs `body` with `signals` blocked, so that no handler sees the state half changed.
  static func withBlocked<R>(_ signals: [Int32], _ body: () throws -> R) rethrows -> R {
    var set = sigset_t()
    var old = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    sigprocmask(SIG_BLOCK, &set, &old)
    defer { sigprocmask(SIG_SETMASK, &old, nil) }
    return try body()
  }

  /// Makes the handlers restore the terminal: call with the signals blocked.
  ///
  /// The settings of the terminal on `input` go back to `original`, after `leave` is written
  /// to `output`; a resumed process writes `enter` after re-entering raw mode when
  /// `reentersRawMode`.
  static func arm(
    input: Int32, output: Int32, original: termios, leave: [UInt8] = [], enter: [UInt8] = [],
    reentersRawMode: Bool = false
  ) {
    disarm()
    let leaveCopy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(leave.count, 1))
    leaveCopy.initialize(from: leave, count: leave.count)
    let enterCopy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(enter.count, 1))
    enterCopy.initialize(from: enter, count: enter.count)
    state.pointee.input = input
    state.pointee.output = output
    state.pointee.original = original
    state.pointee.leave = leaveCopy
    state.pointee.leaveCount = leave.count
    state.pointee.enter = enterCopy
    state.pointee.enterCount = enter.count
    state.pointee.reentersRawMode = reentersRawMode
    state.pointee.armed = true
  }

  /// Stops the handlers from touching the terminal: call with the signals blocked.
  static func disarm() {
    state.pointee.armed = false
    state.pointee.leave?.deallocate()
    state.pointee.enter?.deallocate()
    state.pointee.leave = nil
    state.pointee.enter = nil
    state.pointee.leaveCount = 0
    state.pointee.enterCount = 0
  }

  /// The settings to restore, as last saved (a resumed full-screen process saves them again).
  static var original: termios { state.pointee.original }

  /// Writes the leave bytes and restores the saved settings, if armed (async-signal-safe).
  static func restoreTerminal() {
    let state = state
    guard state.pointee.armed else { return }
    if let leave = state.pointee.leave {
      writeAll(state.pointee.output, leave, state.pointee.leaveCount)
    }
    var original = state.pointee.original
    _ = tcsetattr(state.pointee.input, TCSANOW, &original)
  }

  /// Enters raw mode again and writes the enter bytes, if armed (async-signal-safe).
  ///
  /// With `savingCurrent`, the terminal's current settings are saved first as the ones to
  /// restore: right after a stop, the shell hands the terminal back in the state the user
  /// wants restored.
  static func reenterRawMode(savingCurrent: Bool) {
    let state = state
    guard state.pointee.armed else { return }
    var current = termios()
    if savingCurrent && tcgetattr(state.pointee.input, &current) == 0 {
      state.pointee.original = current
    }
    var raw = RawMode.settings(from: state.pointee.original)
    _ = tcsetattr(state.pointee.input, TCSANOW, &raw)
    if let enter = state.pointee.enter {
      writeAll(state.pointee.output, enter, state.pointee.enterCount)
    }
  }

  /// Stops the process group as a terminal's suspend key would (`kill(0, SIGTSTP)` with the
  /// default action), then installs `handling` for `SIGTSTP` again once continued.
  ///
  /// Async-signal-safe; the caller restores the terminal before and re-enters its mode after.
  static func stopProcessGroup(reinstalling handling: Handling) {
    setDefaultAction(SIGTSTP)
    unblock(SIGTSTP)
    _ = kill(0, SIGTSTP)
    // Stopped here until SIGCONT.
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART | SA_ONSTACK
    action.__sigaction_handler.sa_handler = handler(for: handling)
    sigaction(SIGTSTP, &action, nil)
  }

  private static func handler(for handling: Handling) -> @convention(c) (Int32) -> Void {
    switch handling {
    case .relay: return relaySignal
    case .restoreAndDie: return restoreAndDie
    case .restoreAndCrash: return restoreAndCrash
    case .suspend: return suspendProcess
    }
  }

  /// Writes `signal`'s number to the self-pipe (async-signal-safe).
  static func notify(_ signal: Int32) {
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(state.pointee.wakeWrite, &byte, 1)
  }

  fileprivate static func setDefaultAction(_ signal: Int32) {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(signal, &action, nil)
  }

  fileprivate static func unblock(_ signal: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  fileprivate static func putBackPrevious(_ signal: Int32) {
    guard signal > 0 && signal < signalLimit else { return }
    sigaction(signal, &previous[Int(signal)], nil)
  }

  private static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int
  ) {
    var written = 0
    while written < count {
      let result = write(descriptor, bytes + written, count - written)
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return }
      written += result
    }
  }
}

// The handlers. Each keeps errno as it found it: the interrupted code may be about to read it.

private func relaySignal(_ signal: Int32) {
  let savedErrno = errno
  TerminalSignals.notify(signal)
  errno = savedErrno
}

private func restoreAndDie(_ signal: Int32) {
  TerminalSignals.restoreTerminal()
  TerminalSignals.setDefaultAction(signal)
  TerminalSignals.unblock(signal)
  _ = raise(signal)
}

private func restoreAndCrash(_ signal: Int32) {
  TerminalSignals.restoreTerminal()
  TerminalSignals.putBackPrevious(signal)
  TerminalSignals.unblock(signal)
  _ = raise(signal)
}

private func suspendProcess(_ signal: Int32) {
  let savedErrno = errno
  TerminalSignals.restoreTerminal()
  TerminalSignals.stopProcessGroup(reinstalling: .suspend)
  if TerminalSignals.state.pointee.reentersRawMode {
    TerminalSignals.reenterRawMode(savingCurrent: true)
  }
  TerminalSignals.notify(SIGCONT)
  errno = savedErrno
}
