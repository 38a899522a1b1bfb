import CalendarPaging
import Interchange

/// One parsed command, its shape fully checked (types and counts of arguments).
///
/// What depends on the database or the settings (does note 12 exist, is a key known) is left
/// to the interpreter. DATE and RANGE arguments stay unresolved expressions, because `+3` and
/// `today` depend on the selected day and the clock when the command runs.
enum Command: Hashable, Sendable {
  /// Show the selected day and its notes; the default when no command is given.
  case show
  /// Move forward `count` days (positive), or to the `count`th following day with notes.
  case next(count: Int, withNotes: Bool)
  /// Move back `count` days (positive), or to the `count`th earlier day with notes.
  case previous(count: Int, withNotes: Bool)
  /// Select a day.
  case goto(DateExpression)
  /// Select today.
  case today
  /// Add a note to `day` (the selected day when nil).
  case add(day: DateExpression?, body: NoteBody)
  /// Replace the text of note `id`.
  case edit(id: Int, body: NoteBody)
  /// Remove note `id`.
  case remove(id: Int)
  /// Move note `id` to another day.
  case move(id: Int, to: DateExpression)
  /// List notes in a range; nil means the selected day's month.
  case list(RangeExpression?)
  /// Full-text search; the query words joined by one space.
  case search(query: String)
  /// Undo the last add, edit, mv, rm or import.
  case undo
  /// Write notes out.
  case export(ExportOptions)
  /// Read notes in.
  case importNotes(ImportOptions)
  /// Show or change the settings.
  case config(ConfigAction)
  /// Check the database's integrity, schema version and counts.
  case check
  /// Copy the database to a file with SQLite's online backup.
  case backup(path: String)
  /// Start the line mode.
  case shell
  /// End the line mode (line mode only; `quit` or `exit`).
  case quit
  /// Start a transaction (line mode only).
  case begin
  /// Commit the transaction (line mode only).
  case commit
  /// Roll the transaction back (line mode only).
  case rollback
  /// Show help: the overview when nil, else the command's help.
  case help(CommandName?)
  /// Show the version (`--version`).
  case version

  /// The command word this command was given as, for usage lines of runtime errors; nil for
  /// `--version`.
  var name: CommandName? {
    switch self {
    case .show: return .show
    case .next: return .next
    case .previous: return .prev
    case .goto: return .goto
    case .today: return .today
    case .add: return .add
    case .edit: return .edit
    case .remove: return .rm
    case .move: return .mv
    case .list: return .list
    case .search: return .search
    case .undo: return .undo
    case .export: return .export
    case .importNotes: return .import
    case .config: return .config
    case .check: return .check
    case .backup: return .backup
    case .shell: return .shell
    case .quit: return .quit
    case .begin: return .begin
    case .commit: return .commit
    case .rollback: return .rollback
    case .help: return .help
    case .version: return nil
    }
  }
}

/// Where the text of a note added or edited comes from.
enum NoteBody: Hashable, Sendable {
  /// The words given, joined by one space.
  case text(String)
  /// Standard input, asked for with a lone `-` (not after `--`).
  case standardInput
  /// `$VISUAL` or `$EDITOR` on a temporary file: no text was given.
  case editor
}

/// What `config` does.
enum ConfigAction: Hashable, Sendable {
  /// Print every setting.
  case list
  /// Print one setting.
  case get(key: String)
  /// Change one setting (the interpreter validates key and value).
  case set(key: String, value: String)
  /// Reset one setting to its default.
  case unset(key: String)
}

/// The options of `export`.
struct ExportOptions: Hashable, Sendable {
  /// `--format`; nil when not given.
  var format: Format?
  /// `--from`: the first day exported; nil for no lower bound.
  var from: DateExpression?
  /// `--to`: the last day exported; nil for no upper bound.
  var to: DateExpression?
  /// The file `-o`/`--output` names; nil for standard output.
  ///
  /// A `-` is passed on as given.
  var output: String?

  /// The days exported: `from`…`to`, open sides reaching 0001-01-01 and 9999-12-31.
  ///
  /// - Throws: `DateExpressionError` when a side leaves the calendar or `from` is after `to`.
  func days(today: Day, selected: Day) throws(DateExpressionError) -> ClosedRange<Day> {
    let start = try from?.resolve(today: today, selected: selected) ?? .first
    let end = try to?.resolve(today: today, selected: selected) ?? .last
    guard start <= end else { throw .fromAfterTo(from: start, to: end) }
    return start...end
  }
}

/// The options of `import`.
struct ImportOptions: Hashable, Sendable {
  /// The file read.
  var source: ImportSource
  /// The `--format` given; nil when none was.
  ///
  /// Never `.md`.
  var format: Format?
  /// `--dry-run`: check and count, change nothing.
  var dryRun: Bool
}

/// Where `import` reads from.
enum ImportSource: Hashable, Sendable {
  /// A file path.
  case file(String)
  /// Standard input, asked for with a lone `-` (not after `--`).
  case standardInput
}
