import CalendarPaging
import CommandLanguage
import Interchange
import NoteModel
import NoteStore

/// The note keys and `:`: each runs a command of the registry on the browser's session, as
/// `calpager shell` would, and shows what it printed in the status bar or, when it printed
/// several lines, in a list over the page.
extension Browser {
  /// `a`: adds `text` to the selected day.
  func add(_ text: String) {
    guard let day = page?.day else { return }
    runChange(AddCommand(day: .day(day), body: .text(text)))
  }

  /// `A`: adds a note written in `$EDITOR` to the selected day.
  func addInEditor() {
    guard let day = page?.day else { return }
    runChange(AddCommand(day: .day(day), body: .editor))
  }

  /// `e`: edits the selected note in `$EDITOR`.
  func editSelectedNote() {
    guard let id = selectedNoteValue?.id else {
      show(BrowseError.noNote(action: "edit"))
      return
    }
    runChange(EditCommand(id: id, body: .editor))
  }

  /// `d`, once confirmed: deletes `note`.
  func delete(_ note: Note) {
    guard let id = note.id else { return }
    runChange(RemoveCommand(id: id))
  }

  /// `u`: undoes the last change.
  func undo() {
    runChange(UndoCommand())
  }

  /// `/`: lists the notes that match `query`; Enter goes to one's day.
  func search(_ query: String) {
    attempt {
      // The words as a command line splits them, so quotes make a phrase as in `search`.
      let command = SearchCommand(words: try Tokenizer.words(in: query))
      let result = try command.run(in: context(options: commandOptions))
      guard !result.hits.isEmpty else {
        show(lines(of: result).first ?? "")
        return
      }
      present(BrowseList(search: result))
    }
  }

  /// Runs a command that changes notes, then shows its message and reloads the page.
  ///
  /// The note it returned (or the first an undo restored) is selected. A command that opens
  /// `$EDITOR` runs with the terminal as it was.
  private func runChange<Command: CalPagerCommand>(_ command: Command) {
    attempt {
      let result = try run(command, in: context(options: commandOptions))
      show(lines(of: result).first ?? "")
      let touched =
        (result as? NoteResult)?.note.id ?? (result as? UndoResult)?.undone.restored.first?.id
      try load(selecting: touched)
    }
  }

  /// `:`: runs one line of the line mode's language, but for the commands whose spec says
  /// they do not run in browse (`CommandSpec.runsInBrowse`).
  func runCommandLine(_ line: String) -> Outcome {
    // Nothing a failed command left half written shows with the next one.
    session.output.flush()
    do {
      // (Checked before parsing: the parser would say `shell` is not for the line mode.)
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if let word = words.first(where: { !$0.hasPrefix("-") }),
        CommandRegistry.grammar.command(named: word)?.runsInBrowse == false
      {
        throw BrowseError.refused(command: String(word))
      }
      guard
        let invocation = try CommandParser.parseLine(
          line, grammar: CommandRegistry.grammar, home: session.environment["HOME"])
      else { return .proceed }
      let options = commandOptions.overlaid(by: invocation.options)
      switch invocation.request {
      case .help(let name):
        let grammar = CommandRegistry.grammar
        let text = HelpText.text(
          for: name.flatMap(grammar.command(named:)), grammar: grammar, width: options.width ?? 80,
          mode: .shellLine)
        present(BrowseList(title: line, lines: text.screenLines))
      case .version:
        show("calpager \(CalPager.version)")
      case .command(let arguments):
        guard arguments.spec.runsInBrowse else {
          throw BrowseError.refused(command: arguments.name)
        }
        let command = try Dispatcher.command(for: arguments)
        let result = try run(command, in: context(options: options))
        if result.endsSession { return .quit(0) }
        try load()
        if result is PageResult || result is DayPageResult {
          // A paging command moved the selection (saved once the keys pause): the page
          // shows it.
          session.output.flush()
          return .proceed
        }
        let printed = lines(of: result, style: session.style(for: options))
        if printed.count > 1 {
          present(BrowseList(title: line, lines: printed))
        } else {
          show(printed.first ?? "Done: \(arguments.name)")
        }
        if let failure = result.failure { show(failure) }
      }
    } catch {
      show(error)
    }
    return .proceed
  }

  /// A context on the browser's session.
  func context(options: GlobalOptions) -> CommandContext {
    CommandContext(session: session, options: options, mode: .shellLine)
  }

  /// Runs `command`; one that opens `$EDITOR` runs with the terminal handed back meanwhile.
  func run(_ command: some CalPagerCommand, in context: CommandContext) throws
    -> any CommandResult
  {
    guard (command as? any OpensEditor)?.opensEditor == true else {
      return try command.run(in: context)
    }
    var outcome: Result<any CommandResult, Error> = .failure(BrowseError.refused(command: "edit"))
    onTerminal {
      outcome = Result { try command.run(in: context) }
    }
    return try outcome.get()
  }

  /// What `result` prints as text, line by line: whatever a command wrote to the session's
  /// output (an export to standard output writes there while it runs), then the result.
  func lines(of result: any CommandResult, style: Style? = nil) -> [String] {
    let output = session.output
    result.render(to: output, style: style ?? session.style(for: commandOptions))
    let text = String(decoding: output.buffer, as: UTF8.self)
    // The session's output is a capture, written nowhere: flushing empties it.
    output.flush()
    return text.screenLines
  }
}

/// A command that may open `$VISUAL` or `$EDITOR`: the full screen hands the terminal back
/// while it runs.
protocol OpensEditor {
  /// Whether this invocation opens the editor.
  var opensEditor: Bool { get }
}

extension AddCommand: OpensEditor {
  var opensEditor: Bool { body == .editor }
}

extension EditCommand: OpensEditor {
  var opensEditor: Bool { body == .editor }
}

/// Why `browse` cannot do what was asked.
enum BrowseError: Error, Hashable, CustomStringConvertible {
  /// Standard input or output is not a terminal.
  case notATerminal
  /// `:` does not run this command.
  case refused(command: String)
  /// A note key on a day with no notes.
  case noNote(action: String)

  /// One line saying what went wrong.
  var description: String {
    switch self {
    case .notATerminal:
      return "the full-screen view needs a terminal: standard input and output must both be one"
    case .refused(let command):
      return "'\(command)' cannot be run inside browse"
    case .noNote(let action):
      return "No note to \(action) on this day"
    }
  }
}

extension String {
  /// The text's lines, split at LF and CR LF (CSV ends its records with CR LF), without an
  /// empty line after a final line break.
  var screenLines: [String] {
    var lines = split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
