import Glibc

/// Transactions, in the GRDB manner: the connection owns the nesting.
///
/// `inTransaction` is the one way in. With no transaction open it opens one of the kind asked
/// (`BEGIN DEFERRED` to read, `BEGIN IMMEDIATE` to write) and ends it as the body answers:
/// `COMMIT` for `.commit`, `ROLLBACK` for `.rollback`. Inside an open transaction the same
/// call is a savepoint of it, released or rolled back to the same way, so a caller says only
/// whether it reads or writes and never needs to know what its caller opened. A body that
/// throws rolls its transaction or savepoint back, and the first error is rethrown.
///
/// Busy retry happens here and nowhere else (`retryingWhileBusy`, by the rule of `WriteMode` in
/// `run(_:_:_:)`): a
/// retried body runs again whole, so it must only touch the database; a body that consumes
/// input is written `.once` and is never run twice.
///
/// `read` and `write` are `inTransaction` for a body that returns a value and keeps what it
/// did.
extension Database {
  /// What `inTransaction` opened and has not ended yet.
  struct OpenTransaction {
    /// The outermost transaction's kind: its savepoints are of the same access.
    let kind: TransactionKind
    /// Whether a body that consumes input ran in it (the transaction's own or a savepoint's):
    /// then it is never run again.
    var consumesInput: Bool
  }

  /// How many times a write transaction is tried in all when SQLite still answers busy after
  /// its busy timeout (a writer can be starved when many processes write at once).
  static let writeAttempts = 3

  /// Whether a transaction opened by `inTransaction` is open on this connection.
  package var isInTransaction: Bool { openTransaction != nil }

  /// Runs `body` as a transaction of `kind`, or, inside an open transaction, as a savepoint
  /// of it; its answer commits or rolls back what it did.
  ///
  /// - A read transaction (`BEGIN DEFERRED`) sees one snapshot; a write (`BEGIN IMMEDIATE`)
  ///   holds the write lock from its start, so it never fails half way for want of it.
  /// - A savepoint (`SAVEPOINT`) makes `body` all or nothing inside the transaction: `.commit`
  ///   releases it into the transaction (which may still roll back), `.rollback` undoes what
  ///   `body` did and nothing else.
  /// - When SQLite answers busy past the busy timeout, `kind`'s `WriteMode` says what is run
  ///   again (see `run(_:_:_:)`); a savepoint is never retried by itself: its transaction is.
  ///
  /// - Precondition: `kind` is a read or no read transaction is open (a write inside a read
  ///   transaction would take the write lock half way, and could fail for want of it).
  /// - Throws: The first error `body` or SQLite raised; then nothing of `body` is kept.
  package func inTransaction(
    _ kind: TransactionKind, _ body: (Database) throws -> TransactionCompletion
  ) throws {
    _ = try inTransaction(kind, body, endingAs: { $0 })
  }

  /// `inTransaction(_:_:)` for a body that returns a value: `ending` says, from the value,
  /// whether the unit commits or rolls back (an import that changed nothing rolls back).
  package func inTransaction<T>(
    _ kind: TransactionKind, _ body: (Database) throws -> T,
    endingAs ending: (T) -> TransactionCompletion
  ) throws -> T {
    guard let open = openTransaction else {
      guard case .write(let mode) = kind else { return try runRead(body, ending) }
      return try run(mode, body, ending)
    }
    if case .write = kind {
      precondition(open.kind != .read, "a write inside a read transaction")
    }
    if kind == .write(.once) { openTransaction?.consumesInput = true }
    return try inSavepoint(body, ending)
  }

  /// Runs `body` in one snapshot: a read transaction, or the transaction already open (a
  /// read needs no savepoint: it has nothing to undo).
  package func read<T>(_ body: (Database) throws -> T) throws -> T {
    // (SQLite's own flag, which `run` keeps in step with `openTransaction`: asking it costs
    // no exclusivity check, on the line mode's every paging line.)
    if !isAutocommit { return try body(self) }
    return try runRead(body) { _ in .commit }
  }

  /// Runs `body` as a write (`inTransaction(.write(mode))`) that keeps what it did.
  package func write<T>(_ mode: WriteMode = .retrying, _ body: (Database) throws -> T) throws
    -> T
  {
    try inTransaction(.write(mode), body) { _ in .commit }
  }

  /// Opens a read transaction, runs `body` in it and ends it as `ending` says.
  ///
  /// A read transaction is not retried: its statements wait for a lock as any do, and
  /// `BEGIN DEFERRED` takes none.
  private func runRead<T>(
    _ body: (Database) throws -> T, _ ending: (T) -> TransactionCompletion
  ) throws -> T {
    precondition(isAutocommit, "a transaction opened by hand is open")
    try execute("BEGIN DEFERRED")
    openTransaction = OpenTransaction(kind: .read, consumesInput: false)
    defer { openTransaction = nil }
    return try finish(body, ending)
  }

  /// Opens a write transaction, runs `body` in it and ends it as `ending` says, trying again
  /// while SQLite answers busy as `mode` allows: the only place calpager retries a
  /// transaction.
  ///
  /// - `BEGIN` busy: tried again, after a pause, in every mode but `.withoutWaiting`: `body`
  ///   has not started.
  /// - Busy once `body` started (a statement, or `COMMIT`, which with the rollback journal
  ///   waits for readers): rolled back, and run again whole only in `.retrying` mode and only
  ///   if no body that consumes input ran in it (a `.once` savepoint).
  /// - `.withoutWaiting` turns the busy wait off for the whole transaction, `COMMIT` included,
  ///   and tries nothing again.
  private func run<T>(
    _ mode: WriteMode, _ body: (Database) throws -> T, _ ending: (T) -> TransactionCompletion
  ) throws -> T {
    precondition(isAutocommit, "a transaction opened by hand is open")
    if mode == .withoutWaiting { busyWait.isSuspended = true }
    defer { if mode == .withoutWaiting { busyWait.isSuspended = false } }
    return try Database.retryingWhileBusy { retryable in
      // A busy BEGIN consumed nothing: the body had not started.
      retryable = mode != .withoutWaiting
      try execute("BEGIN IMMEDIATE")
      openTransaction = OpenTransaction(kind: .write(mode), consumesInput: mode == .once)
      defer { if openTransaction.take()?.consumesInput == true { retryable = false } }
      return try finish(body, ending)
    }
  }

  /// Runs `attempt` again while it fails because another connection held a lock past the busy
  /// timeout, a bounded number of times with a growing, jittered pause: calpager's one busy
  /// retry loop (a write transaction's, and the online backup's).
  ///
  /// `attempt` sets its argument to false once what it did cannot be done again (it consumed
  /// input, or it must not wait): then its busy failure is thrown at once.
  static func retryingWhileBusy<T, Failure: Error>(
    _ attempt: (_ retryable: inout Bool) throws(Failure) -> T
  ) throws(Failure) -> T {
    var number = 1
    while true {
      var retryable = true
      do {
        return try attempt(&retryable)
      } catch {
        // (A `catch … where` clause on a typed throw crashes the 6.3 compiler.)
        guard (error as? BusyReporting)?.isBusy == true, retryable,
          number < Database.writeAttempts
        else { throw error }
        Database.pause(beforeAttempt: number)
        number += 1
      }
    }
  }

  /// Runs `body` in the transaction just begun and ends it as `ending` says; rolls back on
  /// any error, keeping the first.
  private func finish<T>(
    _ body: (Database) throws -> T, _ ending: (T) -> TransactionCompletion
  ) throws -> T {
    let result: T
    do {
      result = try body(self)
    } catch {
      rollbackQuietly()
      throw error
    }
    switch ending(result) {
    case .commit:
      do {
        try execute("COMMIT")
      } catch {
        // A busy COMMIT leaves the transaction open; an I/O error already rolled it back.
        rollbackQuietly()
        throw error
      }
    case .rollback:
      // Unless SQLite already did (it rolls back on its own after some errors, such as a full
      // disk).
      if !isAutocommit { try execute("ROLLBACK") }
    }
    return result
  }

  /// Runs `body` in a savepoint of the open transaction and ends it as `ending` says.
  private func inSavepoint<T>(
    _ body: (Database) throws -> T, _ ending: (T) -> TransactionCompletion
  ) throws -> T {
    // SQLite ends the whole transaction on its own after some errors (a full disk, an I/O
    // error): a savepoint then would start an autocommitted one, outside everything.
    guard !isAutocommit else {
      throw DatabaseError(
        extendedCode: 4,  // SQLITE_ABORT
        message: "the transaction was rolled back by an earlier error")
    }
    try execute("SAVEPOINT calpager_unit")
    let result: T
    do {
      result = try body(self)
    } catch {
      rollbackSavepointQuietly()
      throw error
    }
    switch ending(result) {
    case .commit: try execute("RELEASE calpager_unit")
    case .rollback:
      try execute("ROLLBACK TO calpager_unit")
      try execute("RELEASE calpager_unit")
    }
    return result
  }

  /// Undoes and ends the innermost savepoint, unless SQLite already ended the transaction.
  private func rollbackSavepointQuietly() {
    guard !isAutocommit else { return }
    try? execute("ROLLBACK TO calpager_unit")
    try? execute("RELEASE calpager_unit")
  }

  /// Rolls back the open transaction, if any, keeping the first error the caller holds.
  private func rollbackQuietly() {
    if !isAutocommit {
      try? execute("ROLLBACK")
    }
  }

  /// Sleeps 20 ms × 2^(attempt−1), give or take half, before another attempt.
  static func pause(beforeAttempt attempt: Int) {
    let base = 20_000 << min(attempt - 1, 6)
    let jittered = base / 2 + Int.random(in: 0...base)
    usleep(UInt32(jittered))
  }
}

/// An error that can say it means another connection held a lock past the busy timeout:
/// what a retrying write runs again for.
///
/// SQLite's own error and the store's (which a store method nested in a write reports) both
/// say it, so a busy answer deep inside a transaction still retries it whole.
package protocol BusyReporting: Error {
  /// Whether another connection held the lock.
  var isBusy: Bool { get }
}

extension DatabaseError: BusyReporting {}
