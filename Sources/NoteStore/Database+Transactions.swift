#if canImport(Glibc)
  import Glibc
#endif

extension Database {
  /// How many times a write transaction is run in all when SQLite still answers busy after
  /// its busy timeout (a writer can be starved when many processes write at once).
  static let writeAttempts = 3

  /// Runs `body` in a write transaction: `BEGIN IMMEDIATE`, commit when `body` returns,
  /// roll back when it throws, and rethrow the first error.
  ///
  /// When SQLite answers busy or locked (another process held the lock past the busy
  /// timeout), the whole transaction is rolled back and run again, a bounded number of times
  /// with a growing, jittered pause; `body` must therefore only touch the database, unless
  /// `replayable` is false: then only `BEGIN IMMEDIATE` is tried again (before `body` runs),
  /// and a busy answer later is thrown. Inside an open transaction (the line mode's `begin`),
  /// `body` runs in a savepoint instead, so it is all or nothing on its own and commits with
  /// the outer transaction.
  ///
  /// - Parameters:
  ///   - replayable: Whether `body` may run again: false when it consumes something that
  ///     cannot be read twice (an import's input).
  ///   - body: The writes.
  /// - Returns: What `body` returned.
  /// - Throws: The first error `body` or SQLite raised.
  public func write<T>(replayable: Bool = true, _ body: (Database) throws -> T) throws -> T {
    if !isAutocommit {
      return try inSavepoint(body)
    }
    guard replayable else {
      try beginTransaction()
      return try finishTransaction(body)
    }
    var attempt = 1
    while true {
      do {
        return try transaction(begin: "BEGIN IMMEDIATE", body)
      } catch let error as DatabaseError where error.isBusy && attempt < Database.writeAttempts {
        Database.pause(beforeAttempt: attempt)
        attempt += 1
      }
    }
  }

  /// `write`, except that inside an open transaction `body` runs directly, not in a savepoint.
  ///
  /// For writes that throw only SQLite's own errors, which fail the line mode's whole
  /// transaction anyway (its `commit` then rolls everything back). FTS5 writes its pending
  /// entries to disk at every savepoint (SQLite 3.40), which made each `add` inside `begin` …
  /// `commit` three times as expensive.
  public func writeWithoutSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
    if !isAutocommit {
      return try body(self)
    }
    return try write(body)
  }

  /// Runs `body` in a read transaction, so every query in it sees one snapshot.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    if !isAutocommit {
      return try body(self)
    }
    return try transaction(begin: "BEGIN DEFERRED", body)
  }

  private func transaction<T>(begin: String, _ body: (Database) throws -> T) throws -> T {
    try execute(begin)
    return try finishTransaction(body)
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
    do {
      try execute("COMMIT")
    } catch {
      // A failed COMMIT may leave the transaction open (busy) or already rolled back (I/O
      // error); either way nothing of it is kept.
      rollbackQuietly()
      throw error
    }
    return result
  }

  private func inSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
    try execute("SAVEPOINT calpager_write")
    do {
      let result = try body(self)
      try execute("RELEASE calpager_write")
      return result
    } catch {
      try? execute("ROLLBACK TO calpager_write")
      try? execute("RELEASE calpager_write")
      throw error
    }
  }

  /// Rolls back the open transaction, if any, keeping the first error the caller holds.
  func rollbackQuietly() {
    if !isAutocommit {
      try? execute("ROLLBACK")
    }
  }

  /// Opens a transaction that stays open across calls (the line mode's `begin`).
  public func beginTransaction() throws {
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

  /// Commits the transaction `beginTransaction` opened.
  public func commitTransaction() throws {
    do {
      try execute("COMMIT")
    } catch {
      rollbackQuietly()
      throw error
    }
  }

  /// Rolls back the transaction `beginTransaction` opened, unless SQLite already did (it
  /// rolls back on its own after some errors, such as a full disk).
  public func rollbackTransaction() throws {
    if !isAutocommit { try execute("ROLLBACK") }
  }

  /// Sleeps 20 ms × 2^(attempt−1), give or take half, before another attempt.
  static func pause(beforeAttempt attempt: Int) {
    let base = 20_000 << min(attempt - 1, 6)
    let jittered = base / 2 + Int.random(in: 0...base)
    usleep(UInt32(jittered))
  }
}
