import CommandLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// `calpager shell`: commands read from standard input, one a line, until EOF or `quit`.
///
/// Each line has the command line's grammar and prints what the command would print on its
/// own. An error prints `line N: Error: …` on stderr and the session goes on; the exit status
/// is 1 if any line failed. `begin` … `commit` (or `rollback`) makes the lines between one
/// transaction, all or nothing: if a line inside fails, `commit` rolls everything back.
///
/// When standard input and output are both terminals, lines are edited with libedit
/// (`LineEditor`): cursor keys, history across sessions, Tab completion, Ctrl-C cancelling
/// only the line, Ctrl-D ending the session, the page width following the terminal. When
/// standard input is not a terminal, none of this applies and a script's output is the same
/// whatever standard output is.
struct LineMode {
  let session: Session
  /// The options given to `calpager shell` itself, the default for every line.
  let options: GlobalOptions
  /// Where the lines are read from: standard input.
  var input: Int32 = 0
  /// Where errors go: standard error.
  var errors = Output(descriptor: 2)

  /// Runs the session and returns the exit status.
  func run() -> Int32 {
    session.savesEveryMove = false
    let reader = LineReader(descriptor: input)
    let interactive = Terminal.isTerminal(input)
    let output = session.output
    var failed = false

    func report(_ error: Error, style: Style) {
      failed = true
      if session.transaction != nil && session.transaction?.failedLine == nil {
        session.transaction?.failedLine = session.lineNumber
      }
      output.flush()
      ErrorReport(error).write(to: errors, json: style.json, line: session.lineNumber)
    }

    // A person at a terminal edits lines with libedit; a script's input is read as it is.
    let editor = interactive ? makeEditor() : nil
    while true {
      var parsed: Result<Invocation?, UsageError>?
      if let editor {
        editor.prompt = prompt()
        guard let line = editor.readLine() else { break }
        if editor.takeResize() { session.terminalWidth = editor.columns }
        parsed = Result { () throws(UsageError) in
          try CommandParser.parseLine(line, grammar: CommandRegistry.grammar)
        }
      } else {
        if interactive {
          output.write(prompt())
          output.flush()
        }
        let gotLine = reader.nextLine { bytes -> Bool in
          parsed = Result { () throws(UsageError) in
            try CommandParser.parseLine(bytes, grammar: CommandRegistry.grammar)
          }
          return true
        }
        guard gotLine != nil else { break }
      }
      guard let parsed else { break }
      session.lineNumber += 1
      let invocation: Invocation?
      switch parsed {
      case .success(let value): invocation = value
      case .failure(let error):
        report(error, style: session.style(for: options))
        continue
      }
      guard let invocation else { continue }
      let context = CommandContext(
        session: session, options: options.overlaid(by: invocation.options), mode: .shellLine)
      do {
        if try runLine(invocation.request, in: context) {
          return finish(failed: failed, style: context.style)
        }
      } catch {
        report(error, style: context.style)
      }
      if !interactive && output.buffer.count >= 1 << 15 { output.flush() }
      if interactive { output.flush() }
    }
    if let code = reader.readError {
      // Not the end of the script: reading its next line failed, and nothing more was run.
      session.lineNumber += 1
      report(
        CLIError.inputUnreadable(reason: String(cString: strerror(code))),
        style: session.style(for: options))
    }
    return finish(failed: failed, style: session.style(for: options))
  }

  /// The prompt: the selected day, `*` while a transaction is open, `> `.
  private func prompt() -> String {
    let day = (try? session.selectedDay())?.description ?? ""
    return session.transaction == nil ? "\(day)> " : "\(day)*> "
  }

  /// A line editor on the terminal, when standard output is one too: history in the
  /// default place, Tab through `LineCompletion`; nil when libedit cannot start.
  private func makeEditor() -> LineEditor? {
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

  /// Runs one line's request; returns whether the session ends.
  private func runLine(_ request: Invocation.Request, in context: CommandContext) throws -> Bool {
    let output = session.output
    switch request {
    case .help(let name):
      let grammar = CommandRegistry.grammar
      output.line(
        HelpText.text(
          for: name.flatMap(grammar.command(named:)), grammar: grammar,
          width: context.style.width, mode: .shellLine))
    case .version:
      output.line("calpager \(CalPager.version)")
    case .command(let arguments):
      let result = try Dispatcher.run(arguments, in: context)
      result.render(to: output, style: context.style)
      if let failure = result.failure { throw failure }
      return result.endsSession
    }
    return false
  }

  /// Ends the session: rolls back a transaction left open, saves the selection.
  private func finish(failed: Bool, style: Style) -> Int32 {
    var failed = failed
    if let open = session.transaction {
      session.transaction = nil
      session.output.flush()
      do {
        try session.store.rollbackBatch()
        ErrorReport(CLIError.transactionNeverCommitted(since: open.startLine))
          .write(to: errors, json: style.json)
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
    session.output.flush()
    errors.flush()
    return failed ? 1 : 0
  }
}
