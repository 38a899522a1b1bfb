import CalendarPaging
import DisplayText
import Glibc
import Interchange

/// Why a command of the command line failed, when the failure is the command line's own (the
/// layers below throw `DayError`, `InterchangeError`, `StoreError` and `UsageError`).
///
/// Each case is a runtime error (exit 1) with one line of text, except the settings cases,
/// which are usage errors of `config` (exit 64).
enum CLIError: Error, Equatable, CustomStringConvertible {
  /// An environment variable that names the database is not valid UTF-8.
  case environmentNotUTF8(name: String)
  /// `next --with-notes` or `prev --with-notes` found no day with notes that way.
  case noDayWithNotes(from: Day, forward: Bool)
  /// `next N` or `prev N` (by days, weeks or months) would leave the calendar.
  case cannotStep(count: Int, unit: CalendarUnit, from: Day, forward: Bool)
  /// `add` got a body with no visible text (from stdin or the editor).
  case emptyNoteNotAdded
  /// The page was shown, but the move of the selected day could not be saved after it.
  case selectionNotSaved(reason: String)
  /// `edit` got a body with no visible text (from stdin or the editor).
  case emptyNoteNotChanged(id: Int)
  /// `check` found problems, which it printed.
  case unhealthyDatabase
  /// `check` found the search index damaged, and nothing else wrong.
  case searchIndexDamaged
  /// A file could not be written.
  case cannotWrite(path: String, reason: String)
  /// Standard output refused a write (a full disk, an I/O error): what the command printed is
  /// incomplete. In the line mode the session stops there, and a transaction left open (begun
  /// on the line given) is rolled back.
  case outputFailed(reason: String, rolledBackSince: Int?)
  /// `export -o` or `backup` named the database itself or one of its journal files.
  case outputIsDatabase(path: String, database: String, part: DatabasePart)
  /// `export -o` or `backup` named a directory.
  case outputIsDirectory(path: String)
  /// `backup` inside the line mode's transaction (begun on the line given).
  case backupInTransaction(since: Int)
  /// A file, standard input or the editor's file could not be read (`name` says which, as a
  /// message names it: a quoted path, `standard input`, `the note's text`).
  case cannotRead(name: String, reason: String)
  /// `import` was given a directory.
  case importDirectory(path: String)
  /// `import` could not open its file.
  case cannotImport(path: String, reason: String)
  /// `import` found no format it knows in a file whose name and shape name none.
  case unrecognisedImport(name: String, reason: String)
  /// jrnl's configuration names a `timeformat` calpager cannot read.
  case badJRNLTimeFormat(path: String, line: Int, JRNLTimeFormatError)
  /// Neither `$VISUAL` nor `$EDITOR` is set and no text was given.
  case noEditor
  /// The editor could not be started or failed; `keptIn` names the file that keeps what
  /// was typed, when the editor changed it before failing.
  case editorFailed(command: String, status: Int32, keptIn: String?)
  /// What was typed in the editor could not be stored (`reason`): it stays in the file at
  /// `path`.
  case textKept(path: String, reason: String)
  /// A temporary file for the editor could not be made or read.
  case editorFile(reason: String)
  /// `begin` while a transaction is open.
  case transactionAlreadyOpen(since: Int)
  /// `commit` or `rollback` with no transaction open.
  case noTransaction
  /// `commit` found that a line inside the transaction had failed.
  case transactionRolledBack(failedLine: Int, since: Int)
  /// `COMMIT` itself failed, so nothing of the transaction was kept.
  case commitFailed(since: Int, reason: String)
  /// A line after a failed one inside a transaction: not run (the transaction is aborted).
  case skipped(failedLine: Int)
  /// The input ended inside a transaction.
  case transactionNeverCommitted(since: Int)
  /// Reading the line mode's input failed.
  case inputUnreadable(reason: String)
  /// `config` was given a key no setting has.
  case unknownSetting(String)
  /// `config set` was given a value the setting does not accept.
  case invalidSetting(String, key: SettingKey)
  /// `config set sync-command`: a command is never kept in the database.
  case commandNotInDatabase(configPath: String?)
  /// The user's configuration file is unreadable or holds a bad line.
  case badConfig(path: String, line: Int?, problem: String)
  /// The sync command could not be started or failed.
  case syncCommandFailed(command: String, status: Int32, spawned: Bool, before: Bool)

  /// Whether the failure is a usage error (exit 64) rather than a runtime one (exit 1).
  var isUsageError: Bool {
    switch self {
    case .unknownSetting, .invalidSetting, .commandNotInDatabase: return true
    default: return false
    }
  }

  /// One line saying what went wrong.
  var description: String {
    switch self {
    case .environmentNotUTF8(let name):
      return "the environment variable \(name) is not valid UTF-8 text"
    case .noDayWithNotes(let day, let forward):
      return "no day \(forward ? "after" : "before") \(day.longName) has notes"
    case .cannotStep(let count, let unit, let day, let forward):
      return "cannot move \(countText(count, unit.rawValue)) \(forward ? "after" : "before") "
        + "\(day): " + CalendarLimits.edge(forward ? .after : .before)
    case .emptyNoteNotAdded:
      return "the note is empty; nothing was added"
    case .selectionNotSaved(let reason):
      return "the page above was shown, but the selected day was not saved: \(reason)"
    case .emptyNoteNotChanged(let id):
      return "the note is empty; nothing was changed (use 'rm \(id)' to remove it)"
    case .unhealthyDatabase:
      return "the database has problems (see above); restore a backup or export what reads"
    case .searchIndexDamaged:
      return "the search index is damaged (see above); no note is lost: "
        + "'calpager check --repair' rebuilds it from the notes"
    case .cannotWrite(let path, let reason):
      return FileFailure.message("write", path, reason)
    case .outputFailed(let reason, let since):
      return "cannot write to standard output: \(reason); the output is incomplete"
        + (since.map { ", and \(Self.transaction(begunOn: $0)) was rolled back" } ?? "")
    case .outputIsDatabase(let path, let database, let part):
      return "'\(path)' is \(part.description) '\(database)': "
        + "writing it would destroy the notes; choose another file"
    case .outputIsDirectory(let path):
      return FileFailure.message("write", path, "it is a directory; give a file name")
    case .backupInTransaction(let since):
      return "cannot back up inside \(Self.transaction(begunOn: since)): a backup copies what "
        + "is committed; commit or roll back first"
    case .cannotRead(let name, let reason):
      return "cannot read \(name): \(reason)"
    case .importDirectory(let path):
      return FileFailure.message("import", path, "it is a directory")
    case .cannotImport(let path, let reason):
      return FileFailure.message("import", path, reason)
    case .unrecognisedImport(let name, let reason):
      return FileFailure.message(
        "import", name,
        "it is in no format calpager knows (as jsonl, \(reason)): give --format "
          + Format.list(Format.importable))
    case .badJRNLTimeFormat(let path, let line, let error):
      return Self.unusable("the jrnl configuration file", path, line: line, "\(error)")
    case .noEditor:
      return "no text given and neither $VISUAL nor $EDITOR is set; "
        + "give the text as arguments, or '-' to read it from stdin"
    case .editorFailed(let command, let status, let keptIn):
      return "the editor '\(command)' exited with status \(status); nothing was saved"
        + (keptIn.map { ", and what it wrote is kept in '\($0)'" } ?? "")
    case .textKept(let path, let reason):
      return "the text was not saved (\(Self.lowercasedFirst(reason))); it is kept in "
        + "'\(path)'"
    case .editorFile(let reason):
      return "cannot use a temporary file for the editor: \(reason)"
    case .transactionAlreadyOpen(let line):
      return "a transaction is already open (begun on line \(line))"
    case .noTransaction:
      return "no transaction is open"
    case .transactionRolledBack(let failed, let start):
      return "line \(failed) failed, so \(Self.transaction(begunOn: start)) was rolled back"
    case .commitFailed(let start, let reason):
      return "the commit failed, so \(Self.transaction(begunOn: start)) was rolled back: "
        + reason
    case .skipped(let failed):
      return "skipped: line \(failed) failed"
    case .transactionNeverCommitted(let start):
      return "\(Self.transaction(begunOn: start)) was never committed; it was rolled back"
    case .inputUnreadable(let reason):
      return "cannot read standard input (\(reason)); nothing from here on was run"
    case .unknownSetting(let name):
      let names =
        (SettingKey.allCases.map(\.rawValue) + [SyncSettings.directory, HistorySettings.depth])
        .joined(separator: ", ")
      return "Unknown setting \(Quote.quoted(name)): the settings are \(names)"
    case .invalidSetting(let value, let key):
      return "Invalid \(key) \(Quote.quoted(value)): expected \(key.acceptedValues)"
    case .commandNotInDatabase(let path):
      return "sync-command is not kept in the database, which must never carry a command that "
        + "runs: write 'sync-command = …' in '\(path ?? "$XDG_CONFIG_HOME/calpager/config")'"
    case .badConfig(let path, let line, let problem):
      return Self.unusable("the configuration file", path, line: line, problem)
    case .syncCommandFailed(let command, let status, let spawned, let before):
      let when = before ? "before" : "after"
      let what =
        spawned
        ? "exited with status \(status)" : "could not start (\(String(cString: strerror(status))))"
      return "the sync command \(Quote.quoted(command)) run \(when) the merge \(what)"
    }
  }
}

extension CLIError {
  /// `the transaction begun on line 3`: the line mode's open transaction, named by where it
  /// began.
  static func transaction(begunOn line: Int) -> String {
    "the transaction begun on line \(line)"
  }

  /// `the configuration file 'PATH', line 3, cannot be used: PROBLEM` (`file` names which),
  /// without the line when the problem is the whole file's.
  static func unusable(_ file: String, _ path: String, line: Int?, _ problem: String) -> String {
    "\(file) '\(path)'" + (line.map { ", line \($0)," } ?? "") + " cannot be used: \(problem)"
  }

  /// `text` with its first letter lowercased, to quote another error inside a sentence.
  static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true
    else { return text }
    return first.lowercased() + text.dropFirst()
  }
}

/// Which file of a database an output path turned out to be.
enum DatabasePart: Sendable, Equatable, CustomStringConvertible {
  /// The database file itself.
  case database
  /// Its rollback journal, write-ahead log or shared-memory file (the suffix given).
  case journal(String)

  /// `the database` or `the journal file '-journal' of the database`.
  var description: String {
    switch self {
    case .database: return "the database"
    case .journal(let suffix): return "the \(suffix) file of the database"
    }
  }
}
