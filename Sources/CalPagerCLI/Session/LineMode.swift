import CommandLanguage
import Glibc

/// `calpager shell`: commands read from standard input, one a line, until EOF or `quit`.
///
/// Each line has the command line's grammar and prints what the command would print on its
/// own. As text, an error prints `line N: Error: …` on stderr and the session goes on; the
/// exit status is 1 if any line failed.
///
/// `begin` … `commit` (or `rollback`) makes the lines between one transaction, the selection
/// included, all or nothing. Once a line inside it fails the transaction is aborted, as in
/// psql: every line up to `commit` or `rollback` is skipped with a notice naming the failed
/// line, and `commit` rolls back and says so.
///
/// With `--json` every line that holds a command gets exactly one JSON object on stdout, in
/// order, errors included (`{"error":…,"exit":…,"line":N}`); blank lines and comments get
/// none. What is not the answer to a line (the end of the input inside a transaction, a
/// prompt) goes to stderr. Answers are written out before the session waits for more input,
/// so a program can send one command and read one line back.
///
/// A write to stdout that fails stops the session: the open transaction is rolled back and
/// the exit status is 1.
///
/// When standard input and output are both terminals, lines are edited with `LineEditor`:
/// cursor keys, history across sessions, Tab completion, Ctrl-C cancelling only the line,
/// Ctrl-D ending the session, a paste inserted as text (its lines run one by one on Enter),
/// the page width following the terminal (not on a `TERM=dumb` terminal, which moves no
/// cursor: the prompt is written and lines are read as they come). When
/// standard input is not a terminal, none of this applies and a script's output is the same
/// whatever standard output is.
struct LineMode {
  let session: Session
  /// The options given to `calpager shell` itself, the default for every line.
  let options: GlobalOptions
  /// Where the lines are read from: standard input.
  var input: Int32 = 0
  /// Where errors go as text, and what is not an answer to a line: standard error.
  var errors = Output(descriptor: 2)

  /// What became of one line.
  private enum Outcome {
    /// It ran, or held no command.
    case ran
    /// It failed, or was skipped.
    case failed
    /// It ended the session (`quit`).
    case quit
    /// It was `begin`, `commit` or `rollback`, in its place: the line mode opens or ends the
    /// transaction, and then answers in `style`.
    case transaction(TransactionResult, Style)
  }

  /// How a run of lines ended.
  private enum End {
    /// The input ended or could not be read, or a write to stdout failed.
    case input
    /// `quit`.
    case quit
    /// `commit` or `rollback`, inside a transaction: answered in `style` once it is done.
    case transaction(TransactionResult, Style)
  }

  /// Where one session reads its lines from, and what it found so far.
  private final class Run {
    let reader: LineReader
    let editor: LineEditor?
    let interactive: Bool
    /// Whether any line failed.
    var failed = false
    /// The `begin` line of a transaction the end of the session rolled back, if any.
    var rolledBackSince: Int?

    init(reader: LineReader, editor: LineEditor?, interactive: Bool) {
      self.reader = reader
      self.editor = editor
      self.interactive = interactive
    }
  }

  /// Runs the session and returns the exit status.
  func run() -> Int32 {
    // A script of paging lines commits nothing until it writes (`SelectionSaving`).
    session.store.selectionSaving = .atNextWrite
    let output = session.output
    let reader = LineReader(descriptor: input)
    reader.willRead = { output.flush() }
    let interactive = Terminal.isTerminal(input)
    // A person at a terminal edits lines; a script's input is read as it is.
    let run = Run(
      reader: reader, editor: interactive ? makeEditor() : nil, interactive: interactive)
    _ = runLines(run)
    return finish(run)
  }

  /// Runs lines until the input ends or `quit`, and, inside a transaction, until `commit` or
  /// `rollback`.
  private func runLines(_ run: Run) -> End {
    let output = session.output
    while !output.failed {
      // A failed write while waiting for this line: stop before running it.
      guard
        let parsed = nextLine(
          from: run.reader, editor: run.editor, interactive: run.interactive),
        !output.failed
      else { break }
      session.lineNumber += 1
      switch self.run(parsed) {
      case .ran: break
      case .failed: run.failed = true
      case .quit: return .quit
      case .transaction(let answer, let style):
        guard answer.state == .begun else { return .transaction(answer, style) }
        if let end = runTransaction(begun: answer, style: style, run) { return end }
      }
      // Bounded memory on a long script; on a terminal or a pipe read line by line, the
      // reader's `willRead` writes the answers out before waiting.
      if output.buffer.count >= 1 << 15 { output.flush() }
    }
    if !output.failed, let code = run.reader.readError {
      // Not the end of the script: reading its next line failed, and nothing more was run.
      session.lineNumber += 1
      report(
        CLIError.inputUnreadable(reason: String(cString: strerror(code))),
        style: session.style(for: options))
      run.failed = true
    }
    return .input
  }

  /// Runs the lines after `begin` as its transaction.
  ///
  /// The transaction is one write of the store whose body is those lines (so it runs once:
  /// they are input, read once), each line's changes a savepoint in it. `commit` keeps them
  /// unless a line failed; `rollback`, the end of the input and `quit` drop them, and the
  /// selection goes back to where `begin` found it.
  ///
  /// - Returns: nil to go on with the next line, else how the session ended (the input or
  ///   `quit`, inside the transaction).
  private func runTransaction(begun: TransactionResult, style: Style, _ run: Run) -> End? {
    var end = End.input
    var started = false
    var failure: Error?
    do {
      try session.store.inTransaction(.once) {
        started = true
        session.transaction = LineTransaction(startLine: begun.line)
        begun.render(to: session.output, style: style)
        end = runLines(run)
        guard case .transaction(let answer, _) = end, answer.state == .committed,
          session.transaction?.failedLine == nil
        else { return .rollback }
        return .commit
      }
    } catch {
      failure = error
    }
    let failedLine = session.transaction?.failedLine
    session.transaction = nil
    guard started else {
      // `BEGIN` itself failed (busy past the timeout and every retry): begin's error.
      fail(failure!, style: style)
      run.failed = true
      return nil
    }
    guard case .transaction(let answer, let answerStyle) = end else {
      // The input ended, stdout failed, or `quit`: rolled back, and said on stderr.
      session.revertToSavedSelection()
      let style = session.style(for: options)
      session.output.flush()
      if let failure {
        ErrorReport(failure).write(to: errors, json: style.json)
      } else if !session.output.failed {
        ErrorReport(CLIError.transactionNeverCommitted(since: begun.line))
          .write(to: errors, json: style.json)
      }
      run.failed = true
      run.rolledBackSince = begun.line
      return end
    }
    let committed = answer.state == .committed
    if !committed || failure != nil || failedLine != nil { session.revertToSavedSelection() }
    if let failure {
      fail(
        committed
          ? CLIError.commitFailed(since: begun.line, reason: "\(failure)") : failure,
        style: answerStyle)
      run.failed = true
    } else if committed, let failedLine {
      fail(
        CLIError.transactionRolledBack(failedLine: failedLine, since: begun.line),
        style: answerStyle)
      run.failed = true
    } else {
      answer.render(to: session.output, style: answerStyle)
    }
    return nil
  }

  /// The next line, parsed; nil at the end of the input.
  ///
  /// The answers so far are written out before it waits.
  private func nextLine(
    from reader: LineReader, editor: LineEditor?, interactive: Bool
  ) -> Result<Invocation?, UsageError>? {
    let home = session.environment["HOME"]
    if let editor {
      session.output.flush()
      editor.prompt = promptText()
      guard let line = editor.readLine() else { return nil }
      if editor.takeResize() { session.terminalWidth = editor.columns }
      return Result { () throws(UsageError) in
        try CommandParser.parseLine(line, grammar: CommandRegistry.grammar, home: home)
      }
    }
    if interactive { writePrompt() }
    var parsed: Result<Invocation?, UsageError>?
    _ = reader.nextLine { bytes -> Bool in
      parsed = Result { () throws(UsageError) in
        try CommandParser.parseLine(bytes, grammar: CommandRegistry.grammar, home: home)
      }
      return true
    }
    return parsed
  }

  /// A line editor on the terminal, when standard output is one too: history in the
  /// default place, Tab through `LineCompletion`; nil when standard output is no terminal, or
  /// the terminal is `TERM=dumb` (one that moves no cursor: the editor's drawing would show
  /// as escapes, and lines are read as the terminal's own line editing gives them).
  private func makeEditor() -> LineEditor? {
    guard session.environment["TERM"] != "dumb" else { return nil }
    let history = LineHistory(path: LineHistory.defaultPath(environment: session.environment))
    guard
      let editor = try? LineEditor(
        input: input, output: session.output.descriptor, history: history)
    else { return nil }
    let session = self.session
    let completion = LineCompletion(model: CompletionModel(mode: .shellLine)) {
      guard let day = try? session.selectedDay(),
        let notes = try? session.store.dayNotes(day)
      else { return [] }
      var ids: [Int] = []
      notes.forEachNote { ids.append($0.id ?? 0) }
      return ids
    }
    editor.completion = completion.candidates(for:)
    return editor
  }

  /// Runs one parsed line, or skips it when the transaction is aborted.
  private func run(_ parsed: Result<Invocation?, UsageError>) -> Outcome {
    let invocation: Invocation
    switch parsed {
    case .success(nil):
      return .ran
    case .success(let value?):
      invocation = value
    case .failure(let error):
      if let failedLine = session.transaction?.failedLine {
        report(CLIError.skipped(failedLine: failedLine), style: session.style(for: options))
      } else {
        fail(error, style: session.style(for: options))
      }
      return .failed
    }
    let context = CommandContext(
      session: session, options: options.overlaid(by: invocation.options), mode: .shellLine)
    if let failedLine = session.transaction?.failedLine, !LineMode.endsTransaction(invocation) {
      report(CLIError.skipped(failedLine: failedLine), style: context.style)
      return .failed
    }
    do {
      return try runLine(invocation.request, in: context)
    } catch {
      fail(error, style: context.style)
      return .failed
    }
  }

  /// Whether `invocation` runs even in an aborted transaction: a command that ends it
  /// (`commit`, `rollback`, `quit`).
  private static func endsTransaction(_ invocation: Invocation) -> Bool {
    guard case .command(let arguments) = invocation.request else { return false }
    return arguments.spec.endsTransaction
  }

  /// Runs one line's request.
  private func runLine(_ request: Invocation.Request, in context: CommandContext) throws
    -> Outcome
  {
    let output = session.output
    switch request {
    case .help(let name):
      let grammar = CommandRegistry.grammar
      TextResult.help(
        HelpText.text(
          for: name.flatMap(grammar.command(named:)), grammar: grammar,
          width: context.style.width, mode: .shellLine)
      ).render(to: output, style: context.style)
    case .version:
      TextResult.version.render(to: output, style: context.style)
    case .command(let arguments):
      let result = try Dispatcher.run(arguments, in: context)
      if let transaction = result.transactionAnswer {
        return .transaction(transaction, context.style)
      }
      result.render(to: output, style: context.style)
      if let failure = result.failure {
        // With --json the result (`check`'s report) is the line's one object.
        if context.style.json {
          markFailed()
          return .ran
        }
        throw failure
      }
      return result.endsSession ? .quit : .ran
    }
    return .ran
  }

  /// Reports a line's error and, inside a transaction, aborts it.
  private func fail(_ error: Error, style: Style) {
    markFailed()
    report(error, style: style)
  }

  /// Records the current line as the transaction's first failed one, if one is open.
  private func markFailed() {
    if session.transaction != nil && session.transaction?.failedLine == nil {
      session.transaction?.failedLine = session.lineNumber
    }
  }

  /// Writes a line's error: a JSON object on stdout with `--json`, else `line N: Error: …`
  /// on stderr.
  private func report(_ error: Error, style: Style) {
    let report = ErrorReport(error)
    if style.json {
      session.output.json { report.writeJSON(to: &$0, line: session.lineNumber) }
    } else {
      // What the lines before printed comes first on a terminal showing both.
      session.output.flush()
      report.write(to: errors, json: false, line: session.lineNumber)
    }
  }

  /// The prompt: the selected day, `*` while a transaction is open, `> `.
  private func promptText() -> String {
    let day = (try? session.selectedDay())?.description ?? ""
    return session.transaction == nil ? "\(day)> " : "\(day)*> "
  }

  /// Writes the prompt for a terminal without line editing: on stderr, so that stdout holds
  /// only answers (the line editor draws its own on the terminal).
  private func writePrompt() {
    session.output.flush()
    errors.write(promptText())
    errors.flush()
  }

  /// Ends the session: saves the selection (a transaction left open was rolled back where it
  /// ended, `runTransaction`).
  ///
  /// It also reports a failed write to stdout. Everything here goes to stderr: no line asked
  /// for it.
  private func finish(_ run: Run) -> Int32 {
    var failed = run.failed
    let output = session.output
    let style = session.style(for: options)
    do {
      try session.saveSelection()
    } catch {
      ErrorReport(error).write(to: errors, json: style.json)
      failed = true
    }
    if !output.flush() {
      let error = CLIError.outputFailed(
        reason: output.writeErrorReason, rolledBackSince: run.rolledBackSince)
      ErrorReport(error).write(to: errors, json: style.json)
      failed = true
    }
    errors.flush()
    return failed ? 1 : 0
  }
}
