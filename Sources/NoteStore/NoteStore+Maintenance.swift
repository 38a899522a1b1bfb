import CalendarPaging

/// What `calpager check` found.
public struct CheckReport: Sendable, Equatable {
  /// `PRAGMA integrity_check`'s lines: `["ok"]` for a sound file.
  public var integrity: [String]
  /// Whether every search index holds exactly the notes it should and passes FTS5's
  /// integrity-check (see `searchIndexes`).
  public var searchIndexMatches: Bool
  /// What checking each search index found.
  public var searchIndexes: [SearchIndexStatus]
  /// The migrations the database records, in order.
  public var migrations: [String]
  /// The migrations this binary knows.
  public var knownMigrations: [String]
  /// The number of notes.
  public var noteCount: Int
  /// The number of days with notes.
  public var dayCount: Int
  /// The first and last day with notes, if any.
  public var span: ClosedRange<Day>?
  /// The number of steps `undo` can take.
  public var undoDepth: Int

  /// Whether everything checked is as it should be.
  public var isHealthy: Bool {
    integrity == ["ok"] && searchIndexMatches && migrations == knownMigrations
  }
}

extension NoteStore {
  /// Checks the file's integrity, the search indexes (`checkSearchIndexes()`), the schema
  /// version, and counts notes.
  ///
  /// - Returns: The findings.
  /// - Throws: The store's error when SQLite cannot read the file.
  public func check() throws -> CheckReport {
    var report = try checkFile()
    report.searchIndexes = try checkSearchIndexes()
    report.searchIndexMatches = report.searchIndexes.allSatisfy(\.isHealthy)
    return report
  }

  /// `check()` but for the search indexes.
  private func checkFile() throws -> CheckReport {
    do {
      return try read { () throws -> CheckReport in
        let database = self.database
        var integrity: [String] = []
        do {
          try database.prepareUncached("PRAGMA integrity_check").forEachRow {
            integrity.append($0.string(at: 0))
          }
        } catch {
          integrity.append("\(error)")
        }
        // Each count on its own: on a damaged file one may fail where the others read, and
        // the report should still say what integrity_check found.
        func count(_ sql: String) -> Int {
          do {
            return try database.scalarInt(sql) ?? 0
          } catch {
            if integrity == ["ok"] { integrity = [] }
            integrity.append("\(error.message) (\(sql))")
            return 0
          }
        }
        let notes = count("SELECT count(*) FROM notes")
        let days = count("SELECT count(DISTINCT day) FROM notes")
        let first = Day(dayNumber: count("SELECT coalesce(min(day), 0) FROM notes"))
        let last = Day(dayNumber: count("SELECT coalesce(max(day), 0) FROM notes"))
        let migrations = (try? Migrator().appliedMigrations(database)) ?? []
        return CheckReport(
          integrity: integrity, searchIndexMatches: true, searchIndexes: [],
          migrations: migrations, knownMigrations: Migration.all.map(\.name),
          noteCount: notes, dayCount: days,
          span: notes == 0 ? nil : first.flatMap { first in last.map { first...$0 } },
          undoDepth: count("SELECT count(*) FROM actions"))
      }
    } catch let error as DatabaseError {
      throw StoreError(error, path: location.path)
    }
  }

  /// Writes a consistent copy of the database into the file at `path`, which must be empty
  /// or absent: the caller makes it (with the mode it wants) and puts it in place.
  ///
  /// SQLite's online backup copies every page under one read lock, and the copy is synced
  /// before this returns. The copy uses the rollback journal whatever the database uses, so
  /// it is one self-contained file.
  ///
  /// - Parameters:
  ///   - path: The file written (a temporary one, usually).
  ///   - name: The file errors name, when not `path` (the one the user asked for).
  /// - Returns: The number of notes in the copy (other processes may have added more to the
  ///   database since).
  /// - Throws: `StoreError.busy` naming this database when it stays locked; `StoreError`
  ///   naming `name` when the copy cannot be written.
  @discardableResult
  public func backup(intoNewFile path: String, reportedAs name: String? = nil) throws -> Int {
    do {
      let copy = try Database(path: path)
      do {
        try database.backup(into: copy)
      } catch {
        // Busy is about the database being copied, not the file being written.
        if error.isBusy { throw StoreError.busy(path: location.path) }
        throw error
      }
      try copy.execute(script: "PRAGMA journal_mode = DELETE")
      return try copy.scalarInt("SELECT count(*) FROM notes") ?? 0
    } catch let error as DatabaseError {
      throw StoreError(error, path: name ?? path)
    }
  }
}
