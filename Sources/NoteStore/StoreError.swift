import DisplayText
import Interchange
import NoteModel

/// Why the note store could not do what was asked, in words a user can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is not an SQLite database at all.
  case notADatabase(path: String)
  /// The file is an SQLite database, but another application's.
  case foreignDatabase(path: String)
  /// The file is damaged or cut short.
  case damaged(path: String, detail: String)
  /// The database records migrations this binary does not know.
  case newerSchema(path: String, unknown: [String])
  /// The path names a directory.
  case isDirectory(path: String)
  /// The directory that should hold the database does not exist.
  case missingDirectory(path: String, directory: String)
  /// No `--db`, no `$CALPAGER_DB`, and neither `$XDG_DATA_HOME` nor `$HOME` is an absolute
  /// path (`home` is `$HOME`, nil when unset): there is no default place for the database.
  case noDataDirectory(home: String?)
  /// The database or its directory cannot be written.
  case readOnly(path: String, detail: String)
  /// The database could not be opened.
  case cannotOpen(path: String, detail: String)
  /// The database was busy past the busy timeout and every retry.
  case busy(path: String)
  /// The disk is full.
  case diskFull(path: String)
  /// The operating system reported an I/O error.
  case ioError(path: String, detail: String)
  /// No note has this id.
  case noSuchNote(id: Int)
  /// A recurring journal cannot be moved: no rewrite keeps its series' shape.
  case cannotMoveSeries(id: Int, reason: String)
  /// There is nothing to undo.
  case nothingToUndo
  /// The last change is a sync (of the folder `folder`, at `at`), which a plain undo never
  /// takes back.
  case lastChangeIsSync(folder: String?, at: Timestamp)
  /// `undo --sync` was asked for, but the last change is not a sync but a `kind`.
  case lastChangeIsNotSync(kind: String)
  /// A note needs some visible text.
  case emptyNote
  /// A note's text is longer than `Note.maximumBodySize` (its length in bytes given).
  case noteTooLong(bytes: Int)
  /// An imported record's body is longer than `Note.maximumBodySize`.
  case recordTooLong(line: Int, bytes: Int)
  /// A note to export is longer than `Note.maximumBodySize` (stored before the limit):
  /// the file would be one that `import` refuses.
  case tooLongToExport(id: Int, bytes: Int)
  /// An imported record's body has no visible text; `line` is where the record starts.
  case emptyRecord(line: Int)
  /// SQLite failed in a way no other case names.
  case database(path: String, detail: String)

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .notADatabase(let path):
      return Self.notCalpager(path, "it is not an SQLite file at all")
    case .foreignDatabase(let path):
      return Self.notCalpager(path, "it is another application's SQLite file")
    case .damaged(let path, let detail):
      return "'\(path)' is damaged: \(detail)"
    case .newerSchema(let path, let unknown):
      let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
      return "'\(path)' was written by a newer calpager (unknown migration \(names)); "
        + "upgrade calpager to use it"
    case .isDirectory(let path):
      return "'\(path)' is a directory, not a database file"
    case .missingDirectory(let path, let directory):
      return FileFailure.message("create", path, "directory '\(directory)' does not exist")
    case .noDataDirectory(let home):
      let why =
        switch home {
        case nil: "$HOME is not set"
        case ""?: "$HOME is empty"
        case let home?: "$HOME ('\(home)') is not an absolute path"
        }
      return "no place for the default database: \(why) and $XDG_DATA_HOME is not set; "
        + "set HOME, or choose a file with --db or $CALPAGER_DB"
    case .readOnly(let path, let detail):
      return FileFailure.message("write", path, detail)
    case .cannotOpen(let path, let detail):
      return FileFailure.message("open", path, detail)
    case .busy(let path):
      return "'\(path)' is locked by another process; try again"
    case .diskFull(let path):
      return FileFailure.message("write", path, "the disk is full; nothing was changed")
    case .ioError(let path, let detail):
      return "I/O error on '\(path)' (\(detail)); nothing was changed"
    case .noSuchNote(let id):
      return "there is no note #\(id)"
    case .cannotMoveSeries(let id, let reason):
      return "cannot move note #\(id), a recurring journal: \(reason)"
    case .nothingToUndo:
      return "there is nothing to undo"
    case .lastChangeIsSync(let folder, let time):
      let which = folder.map { " with '\($0)'" } ?? ""
      return "the last change is the sync\(which) at \(StoreError.words(time)); a plain undo "
        + "never undoes a sync: to take it back, run 'calpager undo --sync'"
    case .lastChangeIsNotSync(let kind):
      return "the last change is not a sync but '\(kind)': nothing was undone; run "
        + "'calpager undo' to undo it"
    case .emptyNote:
      return "a note needs some text; nothing was added"
    case .noteTooLong(let bytes):
      return Self.tooLong(bytes) + "; nothing was changed"
    case .recordTooLong(let line, let bytes):
      return "line \(line): " + Self.tooLong(bytes)
    case .tooLongToExport(let id, let bytes):
      return "note #\(id) is \(bytes) bytes long, more than the \(Note.sizeLimitText) a note "
        + "holds, so no import could read the file back; shorten it with 'edit \(id)' first"
    case .emptyRecord(let line):
      // The decoders' own message for the rule: one rule, one message.
      return InterchangeError.malformed(line: line, .emptyBody).description
    case .database(let path, let detail):
      return "database error on '\(path)': \(detail)"
    }
  }
}

extension StoreError {
  /// `'PATH' is not a calpager database (WHY)`: a file refused before anything is read from it.
  private static func notCalpager(_ path: String, _ why: String) -> String {
    "'\(path)' is not a calpager database (\(why))"
  }

  /// `the note is BYTES bytes long; a note holds at most 10 MiB (10485760 bytes) of text`:
  /// why a note's text is refused, whichever way it came.
  private static func tooLong(_ bytes: Int) -> String {
    "the note is \(bytes) bytes long; a note holds at most \(Note.sizeLimitText) of text"
  }

  /// `2024-05-01 10:00:00 UTC`: an action's time in a message.
  static func words(_ time: Timestamp) -> String {
    let iso = time.description  // 2024-05-01T10:00:00.000Z
    return iso.prefix(10) + " " + iso.dropFirst(11).prefix(8) + " UTC"
  }
}

extension StoreError: BusyReporting {
  /// Whether another connection held the lock past the busy timeout (`busy`).
  package var isBusy: Bool {
    if case .busy = self { return true }
    return false
  }
}
