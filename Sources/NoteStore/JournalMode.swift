/// The journal mode calpager runs SQLite in, chosen from the linked library's version.
///
/// SQLite before 3.51.3 has the WAL-reset bug: two connections writing or checkpointing a
/// WAL database at the same moment can corrupt it, and calpager expects several processes (a
/// shell, scripts, a cron job) on one file. So WAL, which makes each commit cheaper, is used
/// only with a library that has the fix; otherwise the rollback journal (`DELETE`), which the
/// bug does not affect, with `synchronous = FULL` so a commit that returned survives a power
/// loss.
public enum JournalMode: Sendable, Equatable {
  /// Write-ahead log with `synchronous = NORMAL`.
  case wal
  /// Rollback journal, deleted after each commit, with `synchronous = FULL`.
  case rollback

  /// The first SQLite version without the WAL-reset bug, as `sqlite3_libversion_number()`.
  public static let firstSafeWALVersion: Int32 = 3_051_003

  /// The mode for the SQLite library this process linked.
  public static var chosen: JournalMode {
    Database.libraryVersionNumber >= firstSafeWALVersion ? .wal : .rollback
  }

  /// The value `PRAGMA journal_mode` reports for this mode.
  public var pragmaValue: String {
    switch self {
    case .wal: return "wal"
    case .rollback: return "delete"
    }
  }

  /// Sets the chosen mode on `database` where it differs, and the matching `synchronous`.
  ///
  /// - Returns: The mode now in effect.
  @discardableResult
  package static func apply(to database: Database) throws -> JournalMode {
    let mode = chosen
    if try database.scalarString("PRAGMA journal_mode") != mode.pragmaValue {
      try database.execute(script: "PRAGMA journal_mode = \(mode.pragmaValue)")
    }
    switch mode {
    case .wal: try database.execute(script: "PRAGMA synchronous = NORMAL")
    case .rollback: try database.execute(script: "PRAGMA synchronous = FULL")
    }
    return mode
  }
}
