import Glibc

/// Transactions, in the GRDB manner: each method says what it opens, and none of them changes
/// meaning when a transaction is already open.
///
/// - `write` and `writeOnce` open a write transaction (`BEGIN IMMEDIATE`) and commit it when
///   their body returns; `read` opens a read transaction (`BEGIN DEFERRED`). All three require
///   that no transaction is open: calling them inside one is a programming error.
/// - `inSavepoint` is the nested unit: it must run inside an open transaction.
/// - `beginTransaction`, `commitTransaction` and `rollbackTransaction` hold a transaction open
///   across calls (the store's batches).
///
/// Every body that throws rolls its transaction or savepoint back and the first error is
/// rethrown.
extension Database {
  /// How many times a write transaction is run in all when SQLite still answers busy after
  /// its busy timeout (a writer can be starved when many processes write at once).
  static let writeAttempts = 3

  /// Runs `body` in a new write transaction: `BEGIN IMMEDIATE`, commit when `body` returns,
  /// roll back when it throws.
  ///
  /// When SQLite answers busy or locked (another process held the lock past the busy
  /// timeout), the whole transaction is rolled back and run again, a bounded number of times
  /// with a growing, jittered pause: `body` must only touch the database. For a body that
  /// consumes input it cannot read twice, use `writeOnce`.
  ///
  /// - Precondition: No transaction is open.
  /// - Throws: The first error `body` or SQLite raised.
  package func write<T>(_ body: (Database) throws -> T) throws -> T {
    precondition(isAutocommit, "write opened inside an open transaction")
    var attempt = 1
    while true {
      do {
        try execute("BEGIN IMMEDIATE")
        return try finishTransaction(body)
      } catch let error as DatabaseError where error.isBusy && attempt < Database.writeAttempts {
        Database.pause(beforeAttempt: attempt)
        attempt += 1
      }
    }
  }

  /// Runs `body` in a new write transaction that is never run twice: only `BEGIN IMMEDIATE`
  /// is retried when SQLite answers busy, before `body` starts; a busy answer afterwards
  /// (at `COMMIT`) rolls back and is thrown.
  ///
  /// - Precondition: No transaction is open.
  /// - Throws: The first error `body` or SQLite raised.
  package func writeOnce<T>(_ body: (Database) throws -> T) throws -> T {
    precondition(isAutocommit, "writeOnce opened inside an open transaction")
    try beginTransaction()
    return try finishTransaction(body)
  }

  /// Runs `body` in a new read transaction, so every query in it sees one snapshot.
  ///
  /// - Precondition: No transaction is open.
  package func read<T>(_ body: (Database) throws -> T) throws -> T {
    precondition(isAutocommit, "read opened inside an open transaction")
    try execute("BEGIN DEFERRED")
    return try finishTransaction(body)
  }

  /// Runs `body` in a savepoint of the open transaction: released when `body` returns, rolled
  /// back to (and released) when it throws, so `body` is all or nothing within the
  /// transaction.
  ///
  /// - Precondition: A transaction is open.
  package func inSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
    precondition(!isAutocommit, "inSavepoint outside a transaction")
    try execute("SAVEPOINT calpager_unit")
    do {
      let result = try body(self)
      try execute("RELEASE calpager_unit")
      return result
    } catch {
      try? execute("ROLLBACK TO calpager_unit")
      try? execute("RELEASE calpager_unit")
      throw error
    }
  }

  /// Runs `body` in the transaction just begun, then commits; rolls back on any error.
  private func finishTransaction<T>(_ body: (Database) throws -> T) throws -> T {
    let result: T
    do {
      result = try body(self)
    } catch {
      rollbackQuietly()
      throw error
    }
    try commitTransaction()
    return result
  }

  /// Rolls back the open transaction, if any, keeping the first error the caller holds.
  func rollbackQuietly() {
    if !isAutocommit {
      try? execute("ROLLBACK")
    }
  }

  /// Opens a write transaction that stays open across calls, retrying `BEGIN IMMEDIATE` a
  /// bounded number of times while SQLite answers busy.
  package func beginTransaction() throws(DatabaseError) {
    var attempt = 1
    while true {
      do {
        try execute("BEGIN IMMEDIATE")
        return
      } catch {
        // (A `catch … where` clause on a typed throw crashes the 6.3 compiler here.)
        guard error.isBusy, attempt < Database.writeAttempts else { throw error }
        Database.pause(beforeAttempt: attempt)
        attempt += 1
      }
    }
  }

  /// Commits the open transaction; when the commit fails, nothing of the transaction is kept
  /// (a busy commit leaves it open, so it is rolled back here; an I/O error already did).
  package func commitTransaction() throws(DatabaseError) {
    do {
      try execute("COMMIT")
    } catch {
      rollbackQuietly()
      throw error
    }
  }

  /// Rolls back the open transaction, unless SQLite already did (it rolls back on its own
  /// after some errors, such as a full disk).
  package func rollbackTransaction() throws(DatabaseError) {
    if !isAutocommit { try execute("ROLLBACK") }
  }

  /// Sleeps 20 ms × 2^(attempt−1), give or take half, before another attempt.
  static func pause(beforeAttempt attempt: Int) {
    let base = 20_000 << min(attempt - 1, 6)
    let jittered = base / 2 + Int.random(in: 0...base)
    usleep(UInt32(jittered))
  }
}
