/// What a unit of work on the database is for: reading one snapshot, or changing it, and how a
/// change meets another process's lock.
///
/// The kind is all a caller says: whether the unit is a transaction or a savepoint depends on
/// what is open on the connection (see `Database.inTransaction`), and the retry the kind
/// allows happens there, once.
public enum TransactionKind: Sendable, Hashable {
  /// Reads that see one snapshot (`BEGIN DEFERRED`).
  case read
  /// Changes (`BEGIN IMMEDIATE`, which takes the write lock at once).
  case write(WriteMode)
}

/// How a write transaction meets another process's lock.
///
/// SQLite first waits for the lock up to the busy timeout (`BusyWait`). What happens when it
/// still answers busy depends on whether the body can run again: a body that only touches the
/// database can (its first run was rolled back whole), a body that consumes input cannot (the
/// records or lines it read are gone).
public enum WriteMode: Sendable, Hashable {
  /// When SQLite still answers busy, anywhere in the transaction, it is rolled back and run
  /// again whole, a bounded number of times: the body must only touch the database.
  case retrying
  /// The body consumes input it cannot read twice (an import's records, the line mode's
  /// lines): only the `BEGIN` is retried, before the body starts; once it has started, a busy
  /// answer fails the transaction. A savepoint of this mode inside a retrying transaction
  /// makes that transaction run once too.
  case once
  /// Never wait: no busy wait and no retry; a lock another connection holds fails the
  /// transaction at once with SQLite's busy answer, rolled back (work that can be tried again
  /// later, such as the full-screen view's selection).
  case withoutWaiting
}

/// How a unit of work ends when its body returns: its changes kept, or dropped.
///
/// A body that throws always rolls back; this is the answer of one that returns.
public enum TransactionCompletion: Sendable, Hashable {
  /// Keep the changes: `COMMIT`, or `RELEASE` for a savepoint.
  case commit
  /// Drop them: `ROLLBACK`, or `ROLLBACK TO` and `RELEASE` for a savepoint.
  case rollback
}
