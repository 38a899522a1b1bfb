import CalendarPaging
import DisplayText
import Glibc

/// Reads lines from a person at a terminal: editing, history, completion, on the terminal
/// layer `browse` uses (`TerminalMode`, `KeyReader`, `TerminalSignals`).
///
/// ```swift
/// let history = LineHistory(path: LineHistory.defaultPath(environment: environment))
/// let editor = try LineEditor(history: history)  // throws unless stdin and stdout are terminals
/// editor.completion = { lineBeforeCursor in registry.candidates(for: lineBeforeCursor) }
/// while true {
///   editor.prompt = "\(day)\(inTransaction ? "*" : "")> "
///   guard let line = editor.readLine() else { break }  // Ctrl-D: the newline is printed
///   if editor.takeResize() { width = editor.columns }
///   run(line)
/// }
/// ```
///
/// The keys are Emacs's, as readline has them (see `LineEditorState`): the
/// arrows, Home/End (xterm, vt220 and SS3 forms), Ctrl- and Alt-Left/Right and Alt-B/F by
/// words, Ctrl-A/E/K/U/W/Y/T, Alt-D/Y/Backspace, Ctrl-R/S through the history, Up and Down.
///
/// - The line wraps over as many rows as it needs (`LineLayout`); wide characters take two
///   columns, combining marks none, control characters show as escapes.
/// - A paste (the terminal's bracketed paste, on while a line is read) is inserted as text and
///   runs nothing, whatever keys or line breaks it holds. Enter then accepts the whole text:
///   its lines come out of `readLine()` one by one, as if each had been typed and entered (each
///   shown after its own prompt, each in the history); a Ctrl-C while one runs drops the rest.
/// - Tab completes through `completion` (see `Completion`).
/// - Ctrl-C cancels the line being typed: `^C` is shown after it, the line is dropped (not in
///   the history, not returned) and a fresh prompt appears; `readLine()` returns only when a
///   line is entered or the session ends. Pressed while no line is being read (a command is
///   running), it is noted for `takeInterrupt()` and the process goes on: `SIGINT` is relayed
///   for the editor's whole life.
/// - Ctrl-D on an empty line ends the session: `readLine()` prints a newline and returns nil
///   (elsewhere in a line it deletes the character under the cursor).
/// - While a line is read the terminal is in raw mode (`TerminalMode`, `.line`): Ctrl-C, Ctrl-Z
///   and Ctrl-\ are keys, handled in order with the others; between lines the terminal is as
///   the editor found it and they are signals again. Ctrl-Z restores the terminal and stops
///   the process group; `fg` brings back the prompt and the line as it was. `SIGTERM`,
///   `SIGHUP` and `SIGQUIT` while reading restore the terminal, then end the process by the
///   signal.
/// - A resize (`SIGWINCH`) redraws the line at the new width at once, and is seen by the
///   caller through `takeResize()` and `columns`.
///
/// Accepted lines go into `history` unless `isSecret` says otherwise. The history's file is
/// the caller's choice (`LineHistory.defaultPath(environment:)`).
///
/// Only one `LineEditor` may exist at a time, and no `TerminalMode` beside it (they share the
/// process's signal handlers).
package final class LineEditor {
  /// The prompt, shown before each line (control characters are shown as escapes).
  package var prompt = "> "
  /// Candidates for Tab, given the line before the cursor; nil: Tab rings the bell.
  package var completion: ((String) -> [String])? {
    get { state.completion }
    set { state.completion = newValue }
  }
  /// Whether an accepted line stays out of the history, in memory and in the file.
  ///
  /// By default, lines that start with a space, as bash's `HISTCONTROL=ignorespace` does.
  package var isSecret: (String) -> Bool = { $0.first == " " }
  /// The history lines are added to.
  package let history: LineHistory
  /// The terminal descriptor keys are read from.
  package let input: Int32
  /// The terminal descriptor the line is drawn on.
  package let output: Int32

  private var state = LineEditorState()
  private let keys: KeyReader
  /// Lines of an accepted paste still to come out of `readLine()`.
  private var pendingLines: [String] = []
  private var resizedSinceTaken = false
  private var interruptedSinceTaken = false
  /// A Ctrl-C between lines, which drops the pending lines.
  private var interruptedBetweenLines = false

  /// Relayed for the editor's whole life.
  private static let lifetimeSignals = [SIGINT, SIGWINCH]

  /// An editor on the terminal at `input` and `output`, keeping `history`.
  ///
  /// - Throws: `TerminalError.notATerminal` unless both are terminals (a script's input is
  ///   read as it is, without any of this).
  package init(input: Int32 = 0, output: Int32 = 1, history: LineHistory) throws(TerminalError) {
    guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
    self.input = input
    self.output = output
    self.history = history
    keys = KeyReader(descriptor: input, wakeDescriptor: TerminalSignals.wakeDescriptor)
    TerminalSignals.withBlocked(Self.lifetimeSignals) {
      _ = TerminalSignals.drain()
      TerminalSignals.install(.relay, for: Self.lifetimeSignals)
    }
  }

  deinit {
    TerminalSignals.withBlocked(Self.lifetimeSignals) {
      TerminalSignals.uninstall(Self.lifetimeSignals)
      _ = TerminalSignals.drain()
    }
  }

  /// Reads one line (without its newline), or returns nil when the session ends: Ctrl-D on an
  /// empty line (after printing a newline) or the terminal gone.
  package func readLine() -> String? {
    collectSignals()
    if interruptedBetweenLines {
      interruptedBetweenLines = false
      pendingLines.removeAll()
    }
    if !pendingLines.isEmpty { return nextPendingLine() }
    guard let terminal = try? TerminalMode(input: input, output: output, kind: .line) else {
      return nil
    }
    defer { terminal.restore() }
    var session = ReadingSession(terminal: terminal, prompt: prompt)
    state.startLine(history: history.entries)
    session.draw(state)
    while true {
      switch keys.next(timeoutMilliseconds: nil) {
      case .key(let key):
        let outcome = state.handle(key)
        if let text = session.apply(outcome, to: &state) {
          return accept(text, session: &session)
        }
        if session.ended { return nil }
      case .wake:
        let events = terminal.takeEvents()
        if events.contains(.resized) { resizedSinceTaken = true }
        if events.contains(.interrupted) {
          _ = session.apply(.cancelled, to: &state)
        } else {
          session.handle(events, state)
        }
      case .timeout:
        continue
      case .end:
        session.finish(state)
        return nil
      }
    }
  }

  /// Ends the reading of `text`: its first line is the line read, the others come next.
  private func accept(_ text: String, session: inout ReadingSession) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // A paste that ends with a line break ends its last line: no empty line after it.
    if lines.count > 1 && lines.last == "" { lines.removeLast() }
    let first = lines.removeFirst()
    session.finish(LineBuffer(first))
    pendingLines = lines
    remember(first)
    return first
  }

  /// The next line of an accepted paste, shown after the prompt as if typed.
  private func nextPendingLine() -> String {
    let line = pendingLines.removeFirst()
    var display = LineDisplay()
    let layout = LineLayout(
      prompt: prompt, buffer: LineBuffer(line), columns: columns, cursorAtEnd: true)
    Self.write(display.finish(layout), to: output)
    remember(line)
    return line
  }

  private func remember(_ line: String) {
    if !isSecret(line) { history.add(line) }
  }

  /// The terminal's width in columns now (80 when it does not say).
  package var columns: Int {
    TerminalSize.of(output)?.columns ?? TerminalSize.of(input)?.columns ?? 80
  }

  /// Whether the terminal was resized since the last call; `columns` has the new width.
  package func takeResize() -> Bool {
    collectSignals()
    defer { resizedSinceTaken = false }
    return resizedSinceTaken
  }

  /// Whether Ctrl-C was pressed while no line was being read since the last call (a long
  /// command may check it and stop early).
  package func takeInterrupt() -> Bool {
    collectSignals()
    defer { interruptedSinceTaken = false }
    return interruptedSinceTaken
  }

  /// Takes the signals relayed while no line was read.
  private func collectSignals() {
    for signal in TerminalSignals.drain() {
      switch signal {
      case SIGINT:
        interruptedSinceTaken = true
        interruptedBetweenLines = true
      case SIGWINCH: resizedSinceTaken = true
      default: break
      }
    }
  }

  /// Writes `bytes` to `descriptor`, all of them (cooked mode, between lines).
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        offset += count
      }
    }
  }
}

/// One line being read: the terminal in its line mode, the prompt, what is drawn.
private struct ReadingSession {
  let terminal: TerminalMode
  let prompt: String
  var display = LineDisplay()
  /// Whether the input ended (Ctrl-D on an empty line, the terminal gone).
  var ended = false

  init(terminal: TerminalMode, prompt: String) {
    self.terminal = terminal
    self.prompt = prompt
  }

  var columns: Int { terminal.size.columns }

  /// The line as it is to be drawn now.
  func layout(_ state: LineEditorState) -> LineLayout {
    let status = state.search.map { search in
      (search.isFailing ? "search history (no match): " : "search history: ") + search.query
    }
    return LineLayout(prompt: prompt, buffer: state.shown, columns: columns, status: status)
  }

  mutating func draw(_ state: LineEditorState) {
    terminal.write(display.draw(layout(state)))
  }

  /// Draws `buffer` one last time, the cursor at its end, `suffix` after it, and moves below.
  mutating func finish(_ buffer: LineBuffer, suffix: String = "") {
    let layout = LineLayout(
      prompt: prompt, buffer: buffer, columns: columns, suffix: suffix, cursorAtEnd: true)
    terminal.write(display.finish(layout))
  }

  mutating func finish(_ state: LineEditorState) {
    finish(state.shown)
  }

  /// Does what `outcome` asks; returns the text when a line was accepted.
  mutating func apply(_ outcome: LineEditorState.Outcome, to state: inout LineEditorState)
    -> String?
  {
    switch outcome {
    case .editing:
      draw(state)
    case .bell:
      terminal.write([0x07])
      draw(state)
    case .accepted(let text):
      return text
    case .cancelled:
      finish(state.shown, suffix: "^C")
      state.restartLine()
      draw(state)
    case .endOfInput:
      finish(state)
      ended = true
    case .listing(let candidates):
      finish(state)
      let rows = Completion.listing(candidates, width: columns)
      terminal.write(Array((rows.joined(separator: "\r\n") + "\r\n").utf8))
      display.startOnCursorRow()
      draw(state)
    case .clearScreen:
      terminal.write(Array("\u{1B}[H\u{1B}[2J".utf8))
      display.startOnCursorRow()
      draw(state)
    case .suspend:
      // Below the line, so that the shell's job message has a row of its own; the line comes
      // back on `.resumed`.
      finish(state)
      terminal.suspend()
    }
    return nil
  }

  /// A resize or a resume while reading.
  mutating func handle(_ events: TerminalMode.Events, _ state: LineEditorState) {
    if events.contains(.resumed) {
      // Whatever ran while the process was stopped wrote below the line: it is drawn anew on
      // the cursor's row.
      display.startOnCursorRow()
      draw(state)
    } else if events.contains(.resized) {
      display.reflow(to: layout(state))
      draw(state)
    }
  }
}
