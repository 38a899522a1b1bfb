import CalendarPaging
import Interchange
import NoteStore

#if canImport(Glibc)
  import Glibc
#endif

/// `calpager shell`: commands read from standard input, one a line, until EOF or `quit`.
///
/// Each line has the command line's grammar and prints what the command would print on its
/// own. An error prints `line N: Error: …` on stderr and the session goes on; the exit status
/// is 1 if any line failed. `begin` … `commit` (or `rollback`) makes the lines between one
/// transaction, all or nothing: if a line inside fails, `commit` rolls everything back.
struct LineMode {
  let session: Session
  /// The options given to `calpager shell` itself, the default for every line.
  let options: GlobalOptions
  let errors = Output(descriptor: 2)

  /// Runs the session and returns the exit status.
  func run() -> Int32 {
    let reader = LineReader(descriptor: 0)
    let interactive = Terminal.isTerminal(0)
    var lineNumber = 0
    var failed = false
    var transactionStart: Int?
    var transactionFailed: Int?

    func report(_ error: Error, style: Style) {
      failed = true
      if transactionStart != nil && transactionFailed == nil { transactionFailed = lineNumber }
      session.output.flush()
      ErrorReport(error).write(to: errors, json: style.json, line: lineNumber)
    }

    while true {
      if interactive {
        let day = (try? session.selectedDay())?.description ?? ""
        session.output.write(transactionStart == nil ? "\(day)> " : "\(day)*> ")
        session.output.flush()
      }
      var parsed: Result<Invocation?, UsageError>?
      let gotLine = reader.nextLine { bytes -> Bool in
        parsed = Result { () throws(UsageError) in try CommandParser.parseLine(bytes) }
        return true
      }
      guard gotLine != nil, let parsed else { break }
      lineNumber += 1
      let invocation: Invocation?
      switch parsed {
      case .success(let value): invocation = value
      case .failure(let error):
        report(error, style: session.style(for: options))
        continue
      }
      guard let invocation else { continue }
      let lineOptions = options.overlaid(by: invocation.options)
      let style = session.style(for: lineOptions)
      do {
        switch invocation.command {
        case .quit:
          return finish(failed: failed, transactionStart: transactionStart, style: style)
        case .begin:
          guard transactionStart == nil else {
            throw CommandError("a transaction is already open (begun on line \(transactionStart!))")
          }
          try session.saveSelection()
          try session.store.database.beginTransaction()
          transactionStart = lineNumber
          transactionFailed = nil
        case .commit, .rollback:
          guard let start = transactionStart else { throw CommandError("no transaction is open") }
          transactionStart = nil
          session.notesChanged()
          if invocation.command == .rollback {
            try session.store.database.rollbackTransaction()
          } else if let failedLine = transactionFailed {
            try session.store.database.rollbackTransaction()
            throw CommandError(
              "line \(failedLine) failed, so the transaction begun on line \(start) was rolled back"
            )
          } else {
            try session.store.database.commitTransaction()
          }
        case .help(let name):
          session.output.line(HelpText.text(for: name, width: style.width, mode: .shellLine))
        case .version:
          session.output.line("calpager \(CalPager.version)")
        case .show, .next, .previous, .goto, .today:
          // A page's reads (data version, window counts, the day's notes) in one read
          // transaction: SQLite takes its lock and checks the file once, not per statement
          // (about 8 system calls each). Paging writes nothing in the line mode.
          try session.store.database.read { _ in
            try session.execute(invocation.command, style: style)
          }
        default:
          try session.execute(invocation.command, style: style)
        }
      } catch {
        report(error, style: style)
      }
      if !interactive && session.output.buffer.count >= 1 << 15 { session.output.flush() }
      if interactive { session.output.flush() }
    }
    if let code = reader.readError {
      // Not the end of the script: reading its next line failed, and nothing more was run.
      lineNumber += 1
      report(
        CommandError(
          "cannot read standard input (\(String(cString: strerror(code)))); "
            + "nothing from here on was run"),
        style: session.style(for: options))
    }
    return finish(
      failed: failed, transactionStart: transactionStart, style: session.style(for: options))
  }

  /// Ends the session: rolls back a transaction left open, saves the selection.
  private func finish(failed: Bool, transactionStart: Int?, style: Style) -> Int32 {
    var failed = failed
    if let start = transactionStart {
      try? session.store.database.rollbackTransaction()
      session.output.flush()
      ErrorReport(
        CommandError(
          "the transaction begun on line \(start) was never committed; it was rolled back")
      ).write(to: errors, json: style.json)
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

extension GlobalOptions {
  /// These options with those a line gave laid over them.
  func overlaid(by line: GlobalOptions) -> GlobalOptions {
    var result = self
    if line.json { result.json = true }
    if let color = line.color { result.color = color }
    if let width = line.width { result.width = width }
    return result
  }
}
