/// The first word of a command: what the user asks calpager to do.
///
/// The raw value is the spelling. `exit` is accepted as another spelling of `quit`.
enum CommandName: String, CaseIterable, Hashable, Sendable {
  /// `show`: the selected day and its notes (the default).
  case show
  /// `next [N]`: forward by N days.
  case next
  /// `prev [N]`: back by N days.
  case prev
  /// `goto DATE`: select a day.
  case goto
  /// `today`: select today.
  case today
  /// `add [--day DATE] [TEXT…]`: add a note.
  case add
  /// `edit ID [TEXT…]`: replace a note's text.
  case edit
  /// `rm ID`: remove a note.
  case rm
  /// `mv ID DATE`: move a note to another day.
  case mv
  /// `list [RANGE]`: list notes.
  case list
  /// `search QUERY…`: full-text search.
  case search
  /// `undo`: undo the last change.
  case undo
  /// `export [options]`: write notes out.
  case export
  /// `import FILE|-`: read notes in.
  case `import`
  /// `config list|get|set|unset`: settings.
  case config
  /// `check`: database integrity.
  case check
  /// `backup FILE`: a consistent copy of the database.
  case backup
  /// `shell`: the line mode.
  case shell
  /// `help [COMMAND]`: help text.
  case help
  /// `quit` or `exit`: end the line mode (line mode only).
  case quit
  /// `begin`: start a transaction (line mode only).
  case begin
  /// `commit`: end a transaction, keeping its changes (line mode only).
  case commit
  /// `rollback`: end a transaction, dropping its changes (line mode only).
  case rollback

  /// Reads a command word; nil when it names no command.
  init?(word: some StringProtocol) {
    if word == "exit" {
      self = .quit
    } else if let name = CommandName(rawValue: String(word)) {
      self = name
    } else {
      return nil
    }
  }

  /// Whether the command exists only inside `calpager shell`.
  var isLineModeOnly: Bool {
    switch self {
    case .quit, .begin, .commit, .rollback: return true
    default: return false
    }
  }

  /// The commands a user can type in `mode`, in the order help lists them.
  static func available(in mode: ParseMode) -> [CommandName] {
    switch mode {
    case .commandLine: return allCases.filter { !$0.isLineModeOnly }
    case .shellLine: return allCases.filter { $0 != .shell }
    }
  }
}

/// Whether words come from the process's command line or from one line of `calpager shell`.
enum ParseMode: Sendable, Hashable {
  /// `calpager …` from a shell: `shell` is allowed, the line-mode-only commands are not.
  case commandLine
  /// One line read by `calpager shell`: `quit`, `begin`, `commit` and `rollback` are allowed;
  /// `shell`, `--db` and `-` (standard input, which holds the commands) are not.
  case shellLine
}
