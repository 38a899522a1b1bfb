import CLibEdit
import CalendarPaging
import DisplayText
import Glibc

/// Reads lines from a person at a terminal with libedit: editing, history, completion.
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
/// The keys are libedit's emacs bindings (Ctrl-A/E, Ctrl-K/U/W, Alt-B/F, Ctrl-R incremental
/// search back through the history, Up and Down through it) plus Home, End and Delete in
/// their xterm, vt220 and SS3 forms and Ctrl-Left/Right (and Alt-Left/Right) by words; a
/// user's `~/.editrc` (or `$EDITRC`) is read after them and can change any of them.
///
/// - Tab completes through `completion` (see `Completion`).
/// - Ctrl-C cancels the line being typed: `^C` is shown after it, the line is dropped (not in
///   the history, not returned) and a fresh prompt appears; `readLine()` returns only when a
///   line is entered or the session ends. Pressed while no line is being read (a command is
///   running), it is noted for `takeInterrupt()` and the process goes on: `SIGINT` is handled
///   for the editor's whole life.
/// - Ctrl-D on an empty line ends the session: `readLine()` prints a newline and returns nil
///   (elsewhere in a line it deletes the character under the cursor).
/// - Ctrl-Z while reading restores the terminal and stops the process group; `fg` brings back
///   the prompt and the line as it was. While a line is edited the keyboard sends no signals
///   (libedit's mode is set `-isig`): Ctrl-C, Ctrl-Z and Ctrl-\ are keys, handled in order
///   with the others; between lines they are signals again. `SIGTERM`, `SIGHUP` and `SIGQUIT` while reading
///   restore the terminal's settings, then end the process by the signal.
/// - A resize (`SIGWINCH`) is seen by libedit at once and by the caller through
///   `takeResize()` and `columns`.
///
/// Accepted lines go into `history` unless `isSecret` says otherwise. The history's file is
/// the caller's choice (`LineHistory.defaultPath(environment:)`).
///
/// Only one `LineEditor` or `TerminalMode` may exist at a time (they share the process's
/// signal handlers). libedit is initialised here and nowhere else: a program that never makes
/// a `LineEditor` pays only for linking it.
package final class LineEditor {
  /// The prompt, shown before each line (control characters are shown as escapes).
  package var prompt: String {
    didSet { setPromptBuffer() }
  }
  /// Candidates for Tab, given the line before the cursor; nil: Tab rings the bell.
  package var completion: ((String) -> [String])?
  /// Whether an accepted line stays out of the history, in memory and in the file.
  ///
  /// By default, lines that start with a space, as bash's `HISTCONTROL=ignorespace` does.
  package var isSecret: (String) -> Bool = { $0.first == " " }
  /// The history lines are added to.
  package let history: LineHistory
  /// The terminal descriptors read and written.
  package let input: Int32
  /// The terminal descriptor libedit writes to.
  package let output: Int32

  let editLine: OpaquePointer
  private let libeditHistory: OpaquePointer
  let outputFile: UnsafeMutablePointer<FILE>
  private let inputFile: UnsafeMutablePointer<FILE>
  private let errorFile: UnsafeMutablePointer<FILE>
  private var promptBuffer: UnsafeMutablePointer<CChar>?
  private let savedLocale: String?

  /// Signals collected from the self-pipe, not acted on yet.
  var pendingInterrupt = false
  var pendingSuspend = false
  var pendingContinue = false
  var pendingResize = false
  /// Set by the Ctrl-C binding: the line being read is dropped.
  var lineCancelled = false
  /// Set when the reader handed libedit a Ctrl-C for a `SIGINT`.
  var interruptDelivered = false
  /// The `SIGCONT` that follows our own stop is not a second resume.
  var ignoresNextContinue = false
  /// Bytes of a UTF-8 character read so far.
  var partialCharacter: [UInt8] = []
  private var resizedSinceTaken = false
  private var interruptedSinceTaken = false

  /// Handled for the editor's whole life.
  private static let lifetimeSignals = [SIGINT, SIGWINCH]
  /// Handled while a line is read.
  private static let endingSignals = [SIGTERM, SIGHUP, SIGQUIT]
  private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
  private static let readingSignals = endingSignals + crashSignals + [SIGTSTP, SIGCONT]

  /// An editor on the terminal at `input` and `output`, keeping `history`.
  ///
  /// - Throws: `TerminalError.notATerminal` unless both are terminals (a script's input is
  ///   read as it is, without any of this), or `TerminalError.settings` when libedit cannot
  ///   start.
  package init(
    programName: String = "calpager", input: Int32 = 0, output: Int32 = 1,
    history: LineHistory
  ) throws(TerminalError) {
    guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
    self.input = input
    self.output = output
    self.history = history
    prompt = "> "
    let savedLocale = Self.useUTF8Locale()
    // libedit wants stdio streams; ours are on duplicates, so closing them leaves 0, 1 and 2.
    let inputFile = Self.stream(duplicating: input, mode: "r")
    let outputFile = Self.stream(duplicating: output, mode: "w")
    let errorFile = Self.stream(duplicating: output, mode: "w")
    let editLine = inputFile.flatMap { input in
      outputFile.flatMap { output in
        errorFile.flatMap { error in el_init(programName, input, output, error) }
      }
    }
    guard let inputFile, let outputFile, let errorFile, let editLine,
      let libeditHistory = history_init()
    else {
      let code = errno
      if let editLine { el_end(editLine) }
      for file in [inputFile, outputFile, errorFile] { if let file { fclose(file) } }
      if let savedLocale { setlocale(LC_CTYPE, savedLocale) }
      throw .settings(code)
    }
    self.savedLocale = savedLocale
    self.inputFile = inputFile
    self.outputFile = outputFile
    self.errorFile = errorFile
    self.editLine = editLine
    self.libeditHistory = libeditHistory
    calpager_history_set_size(libeditHistory, Int32(clamping: history.limit))
    calpager_history_set_unique(libeditHistory, 1)
    for entry in history.entries { calpager_history_enter(libeditHistory, entry) }
    calpager_el_set_history(editLine, libeditHistory)
    setPromptBuffer()
    configure()
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
    el_end(editLine)
    history_end(libeditHistory)
    fclose(inputFile)
    fclose(outputFile)
    fclose(errorFile)
    promptBuffer?.deallocate()
    if let savedLocale { setlocale(LC_CTYPE, savedLocale) }
  }

  /// Reads one line (without its newline), or returns nil when the session ends: Ctrl-D on an
  /// empty line (after printing a newline) or the terminal gone.
  package func readLine() -> String? {
    collectSignals()
    interruptedSinceTaken = interruptedSinceTaken || pendingInterrupt
    // Stops and resumes before this line are over: only those that come now count.
    pendingInterrupt = false
    pendingSuspend = false
    pendingContinue = false
    var original = termios()
    tcgetattr(input, &original)
    TerminalSignals.withBlocked(Self.readingSignals) {
      TerminalSignals.arm(input: input, output: output, original: original)
      TerminalSignals.install(.restoreAndDie, for: Self.endingSignals)
      TerminalSignals.install(.restoreAndCrash, for: Self.crashSignals)
      TerminalSignals.install(.relay, for: [SIGTSTP, SIGCONT])
    }
    defer {
      TerminalSignals.withBlocked(Self.readingSignals) {
        TerminalSignals.disarm()
        TerminalSignals.uninstall(Self.readingSignals)
      }
    }
    while true {
      // libedit prints the prompt before it enters its mode: a key typed in between would be
      // taken by the terminal in its cooked mode (Ctrl-Z would stop a wrapping script first).
      calpager_el_prep_term(editLine, 1)
      lineCancelled = false
      interruptDelivered = false
      partialCharacter.removeAll()
      var count: Int32 = 0
      let line = el_gets(editLine, &count)
      if lineCancelled || (line == nil && count < 0 && interruptDelivered) {
        // The Ctrl-C binding ended the line with a newline; a Ctrl-C in the middle of an
        // escape sequence made libedit give up on the line without one.
        if line == nil { writeOutput("\n") }
        continue
      }
      guard let line, count > 0 else {
        writeOutput("\n")
        return nil
      }
      var text = String(cString: line)
      if text.hasSuffix("\n") { text.removeLast() }
      if !isSecret(text) && history.add(text) {
        calpager_history_enter(libeditHistory, text)
      }
      return text
    }
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
    defer {
      interruptedSinceTaken = false
      pendingInterrupt = false
    }
    return interruptedSinceTaken || pendingInterrupt
  }

  /// Moves the relayed signals from the self-pipe into the pending flags.
  func collectSignals() {
    for signal in TerminalSignals.drain() {
      switch signal {
      case SIGINT: pendingInterrupt = true
      case SIGTSTP: pendingSuspend = true
      case SIGWINCH:
        pendingResize = true
        resizedSinceTaken = true
      case SIGCONT:
        if ignoresNextContinue {
          ignoresNextContinue = false
        } else {
          pendingContinue = true
        }
      default: break
      }
    }
  }

  /// Writes `text` after libedit's own buffered output.
  func writeOutput(_ text: String) {
    fputs(text, outputFile)
    fflush(outputFile)
  }

  private func setPromptBuffer() {
    promptBuffer?.deallocate()
    let bytes = Array(TerminalText.singleLine(prompt).utf8)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
    promptBuffer = buffer
  }

  /// The prompt callback's answer.
  var promptPointer: UnsafeMutablePointer<CChar>? { promptBuffer }

  /// A stdio stream on a duplicate of `descriptor`, or nil.
  private static func stream(duplicating descriptor: Int32, mode: String) -> UnsafeMutablePointer<
    FILE
  >? {
    let duplicate = dup(descriptor)
    guard duplicate >= 0 else { return nil }
    guard let file = fdopen(duplicate, mode) else {
      close(duplicate)
      return nil
    }
    return file
  }

  /// Makes the character type UTF-8; returns the locale to put back.
  ///
  /// libedit needs it to edit anything but ASCII: the environment's locale if it is UTF-8,
  /// else C.UTF-8.
  private static func useUTF8Locale() -> String? {
    let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
    setlocale(LC_CTYPE, "")
    if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" {
      return saved
    }
    setlocale(LC_CTYPE, "C.UTF-8")
    return saved
  }
}
