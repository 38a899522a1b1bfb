internal import CSQLite

extension Database {
  /// Copies this whole database into `destination` with SQLite's online backup API.
  ///
  /// One `sqlite3_backup_step(-1)` copies every page under a single read lock, so the copy
  /// is consistent even while other processes write (they wait for the copy, as for any
  /// reader, rather than being copied halfway).
  ///
  /// A step that finds the source locked has already waited out the busy timeout; it is
  /// tried again as a write transaction is (`retryingWhileBusy`), a bounded number of times,
  /// so a lock held for good makes the backup fail as busy instead of waiting forever.
  ///
  /// - Throws: `DatabaseError` when the copy fails.
  package func backup(into destination: Database) throws(DatabaseError) {
    guard let backup = sqlite3_backup_init(destination.rawHandle, "main", rawHandle, "main")
    else {
      throw DatabaseError(
        code: sqlite3_errcode(destination.rawHandle), connection: destination.rawHandle)
    }
    let stepped = Result { () throws(DatabaseError) in
      try Database.retryingWhileBusy { (_: inout Bool) throws(DatabaseError) in
        let code = sqlite3_backup_step(backup, -1)
        guard code == SQLITE_DONE else { throw DatabaseError(code: code, connection: rawHandle) }
      }
    }
    let finish = sqlite3_backup_finish(backup)
    try stepped.get()
    guard finish == SQLITE_OK else {
      throw DatabaseError(code: finish, connection: destination.rawHandle)
    }
  }
}
