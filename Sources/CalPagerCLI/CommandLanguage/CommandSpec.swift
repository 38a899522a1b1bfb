/// What help and usage lines say about one command, and which options it accepts.
///
/// The parser takes the accepted options from here, so help and parsing cannot disagree.
struct CommandSpec: Sendable {
  /// A positional argument in help's `ARGUMENTS:` block.
  struct Argument: Sendable {
    /// The label, such as `<n>` or `<text> ...`.
    var label: String
    /// What the argument is, wrapped by the help formatter.
    var help: String
  }

  /// An option the command accepts, with what it means for this command.
  struct Option: Sendable {
    /// The option.
    var name: OptionName
    /// What the option does, wrapped by the help formatter.
    var help: String
  }

  /// The command word.
  var name: CommandName
  /// One sentence for `OVERVIEW:` and the root's `SUBCOMMANDS:` list.
  var abstract: String
  /// Paragraphs after the overview: prose lines are joined and wrapped, lines starting with a
  /// space (examples) are kept as they are, blank lines separate paragraphs.
  var discussion: String
  /// Complete usage lines, such as `calpager next [<n>] [--with-notes]`.
  var usage: [String]
  /// The positional arguments.
  var arguments: [Argument] = []
  /// The command's own options; the global ones are added for every command that runs
  /// outside the line mode's control commands.
  var options: [Option] = []

  /// Whether the command accepts `option` (global options included).
  func accepts(_ option: OptionName) -> Bool {
    if option == .help { return true }
    if option.isGlobal { return !name.isLineModeOnly }
    return options.contains { $0.name == option }
  }

  /// The spec of `name`.
  static func spec(for name: CommandName) -> CommandSpec {
    switch name {
    case .show: return show
    case .next: return next
    case .prev: return previous
    case .goto: return goto
    case .today: return today
    case .add: return add
    case .edit: return edit
    case .rm: return remove
    case .mv: return move
    case .list: return list
    case .search: return search
    case .undo: return undo
    case .export: return export
    case .import: return importNotes
    case .config: return config
    case .check: return check
    case .backup: return backup
    case .shell: return shell
    case .help: return help
    case .quit: return quit
    case .begin: return begin
    case .commit: return commit
    case .rollback: return rollback
    }
  }

  /// The root's usage line.
  static let rootUsage = ["calpager <subcommand>"]

  /// The root's overview.
  static let rootAbstract = "A persistent calendar pager for the terminal."

  /// The root's discussion.
  static let rootDiscussion = """
    calpager pages through calendar days, remembers the selected day between runs and keeps \
    free-text notes on days, all in one SQLite file. With no subcommand it shows the \
    selected day.
    """

  /// What a global option does; the same for every command.
  static func globalHelp(_ option: OptionName) -> String {
    switch option {
    case .database:
      return "The database file. (default: $CALPAGER_DB, else "
        + "$XDG_DATA_HOME/calpager/calpager.db, else ~/.local/share/calpager/calpager.db)"
    case .json: return "Print one JSON object per command instead of text."
    case .color:
      return "When to colour the output: auto (on a terminal, unless NO_COLOR is set), "
        + "always or never. (default: auto)"
    case .width:
      return "The width in columns, 1 to 10000. (default: the terminal's width, else "
        + "$COLUMNS, else 80)"
    case .version: return "Show the version."
    default: return "Show help information."
    }
  }

  /// The paragraph explaining DATE.
  static let dateForms = """
    DATE is YYYY-MM-DD, today, yesterday, tomorrow, or a number of days from the selected \
    day: +3 or -2.
    """

  /// The paragraph explaining RANGE.
  static let rangeForms = """
    RANGE is a DATE, DATE..DATE (both days included), a month YYYY-MM or a year YYYY. Either \
    side of .. may be a month or a year too: 2024-01..2024-03 is the first quarter of 2024.
    """
}
