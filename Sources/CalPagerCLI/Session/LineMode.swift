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
  }

  /// Runs the session and returns the exit status.
  func run() -> Int32 {
    session.savesEveryMove = false
    let output = session.output
    let reader = LineReader(descriptor: input)
    reader.willRead = { output.flush() }
    let interactive = Terminal.isTerminal(input)
    // A person at a terminal edits lines; a script's input is read as it is.
    let editor = interactive ? makeEditor() : nil
    var failed = false
    while !output.failed {
      // A failed write while waiting for this line: stop before running it.
      guard let parsed = nextLine(from: reader, editor: editor, interactive: interactive),
        !output.failed
      else { break }
      session.lineNumber += 1
      switch run(parsed) {
      case .ran: break
      case .failed: failed = true
      case .quit: return finish(failed: failed)
      }
      // Bounded memory on a long script; on a terminal or a pipe read line by line, the
      // reader's `willRead` writes the answers out before waiting.
      if output.buffer.count >= 1 << 15 { output.flush() }
    }
    if !output.failed, let code = reader.readError {
      // Not the end of the script: reading its next line failed, and nothing more was run.
      session.lineNumber += 1
      report(
        CLIError.inputUnreadable(reason: String(cString: strerror(code))),
        style: session.style(for: options))
      failed = true
    }
    return finish(failed: failed)
  }

  /// The next line, parsed; nil at the end of the input.
  ///
  /// The answers so far are written out before it waits.
  private func nextLine(
    from reader: LineReader, editor: LineEditor?, interactive: Bool
  ) -> Result<Invocation?, UsageError>? {
    if let editor {
      session.output.flush()
      editor.prompt = promptText()
      guard let line = editor.readLine() else { return nil }
      if editor.takeResize() { session.terminalWidth = editor.columns }
      return Result { () throws(UsageError) in
        try CommandParser.parseLine(line, grammar: CommandRegistry.grammar)
      }
    }
    if interactive { writePrompt() }
    var parsed: Result<Invocation?, UsageError>?
    _ = reader.nextLine { bytes -> Bool in
      parsed = Result { () throws(UsageError) in
        try CommandParser.parseLine(bytes, grammar: CommandRegistry.grammar)
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
      return try runLine(invocation.request, in: context) ? .quit : .ran
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

  /// Runs one line's request; returns whether the session ends.
  private func runLine(_ request: Invocation.Request, in context: CommandContext) throws -> Bool {
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
      result.render(to: output, style: context.style)
      if let failure = result.failure {
        // With --json the result (`check`'s report) is the line's one object.
        if context.style.json {
          markFailed()
          return false
        }
        throw failure
      }
      return result.endsSession
    }
    return false
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

  /// Ends the session: rolls back a transaction left open, saves the selection.
  ///
  /// It also reports a failed write to stdout. Everything here goes to stderr: no line asked
  /// for it.
  private func finish(failed: Bool) -> Int32 {
    var failed = failed
    let output = session.output
    let style = session.style(for: options)
    let open = session.transaction
    if let open {
      output.flush()
      do {
        try session.rollbackTransaction()
        if !output.failed {
          ErrorReport(CLIError.transactionNeverCommitted(since: open.startLine))
            .write(to: errors, json: style.json)
        }
      } catch {
        ErrorReport(error).write(to: errors, json: style.json)
      }
      failed = true
    }
    do {
      try session.saveSelection()
    } catch {
      ErrorReport(error).write(to: errors, json: style.json)
      failed = true
    }
    if !output.flush() {
      let error = CLIError.outputFailed(
        reason: output.writeErrorReason, rolledBackSince: open?.startLine)
      ErrorReport(error).write(to: errors, json: style.json)
      failed = true
    }
    errors.flush()
    return failed ? 1 : 0
  }
}
