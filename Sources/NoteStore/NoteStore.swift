import CalendarPaging

/// The notes, the selected day and the settings of one calpager database.
///
/// The store owns its SQL: callers see notes, days and settings, never statements. How its
/// methods group into transactions:
/// - Each method that changes something commits at once in a write transaction of its own,
///   unless it is called inside `write { … }` or while a batch is open: then it is part of
///   that unit and commits (or rolls back) with it.
/// - Reads outside any unit each run on their own; `read { … }` makes several reads one
///   snapshot.
/// - A batch (`beginBatch`…`commitBatch` or `rollbackBatch`) is one write transaction held
///   open across calls: the line mode's `begin`…`commit`. Inside it nothing is committed until
///   `commitBatch`, and other writers wait for it.
public final class NoteStore {
  /// The connection; one per store, for the life of the store.
  package let database: Database
  /// Where the database lives.
  public let location: StoreLocation
  /// The unit of work open on the connection.
  private var unit = Unit.none
  /// Commits and rollbacks made through this store: with SQLite's `data_version` (which
  /// counts other connections' commits) it tells whether anything changed.
  private var localChanges = 0

  /// What is open on the connection.
  private enum Unit {
    case none
    case read
    case write
    case batch
  }

  /// Opens (creating and migrating when needed) the database at `location`.
  ///
  /// - Throws: `StoreError` naming what is wrong with the file or its directory.
  public init(location: StoreLocation) throws(StoreError) {
    self.location = location
    try location.prepare()
    location.createPrivateFileIfMissing()
    do {
      database = try Database(path: location.path)
    } catch {
      throw NoteStore.openError(error, location: location)
    }
    do {
      try Migrator().migrate(database)
      try JournalMode.apply(to: database)
    } catch let error as DatabaseError {
      throw StoreError(error, path: location.path)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .database(path: location.path, detail: "\(error)")
    }
  }

  private static func openError(_ error: DatabaseError, location: StoreLocation) -> StoreError {
    if error.primaryCode == .cannotOpen {
      return .cannotOpen(path: location.path, detail: "permission denied or not a regular file")
    }
    return StoreError(error, path: location.path)
  }

  // MARK: - Units of work

  /// Runs `body` so that every read in it sees one snapshot of the database: a read
  /// transaction, or the write unit or batch already open.
  ///
  /// - Throws: What `body` threw, or the store's error.
  public func read<T>(_ body: () throws -> T) throws -> T {
    guard case .none = unit else { return try mappingErrors(body) }
    unit = .read
    defer { unit = .none }
    return try mappingErrors { try database.read { _ in try body() } }
  }

  /// Runs `body` as one write transaction.
  ///
  /// The changes made by the store's methods inside it commit together when it returns and
  /// are rolled back when it throws. Inside an open batch, `body` is part of the batch
  /// instead.
  ///
  /// When SQLite answers busy (another process held the lock past the busy timeout), the
  /// whole transaction is rolled back and `body` runs again, a bounded number of times: it
  /// must only read and change the store. A body that consumes input it cannot read again
  /// uses `writeOnce`.
  ///
  /// - Throws: What `body` threw, or the store's error.
  public func write<T>(_ body: () throws -> T) throws -> T {
    try performWrite { _ in try body() }
  }

  /// `write`, run once.
  ///
  /// Only the transaction's start is retried when SQLite answers busy, and a busy answer at
  /// the commit fails it. Inside an open unit, `body` runs in an explicit savepoint of it,
  /// all or nothing.
  public func writeOnce<T>(_ body: () throws -> T) throws -> T {
    try performWriteOnce { _ in try body() }
  }

  /// Runs the changes of one store method: in the unit already open, else in a write
  /// transaction of its own that is run again whole when SQLite answers busy (so `body` must
  /// only touch the database).
  func performWrite<T>(_ body: (Database) throws -> T) throws -> T {
    defer { localChanges += 1 }
    switch unit {
    case .batch, .write: return try mappingErrors { try body(database) }
    case .read: preconditionFailure("a change inside read")
    case .none: break
    }
    unit = .write
    defer { unit = .none }
    return try mappingErrors { try database.write(body) }
  }

  /// Runs `body` all or nothing, and once (for a body that consumes input it cannot read
  /// again): in a write transaction of its own whose `BEGIN` alone is retried when SQLite
  /// answers busy, or, inside an open unit, in an explicit savepoint of it, so that throwing
  /// undoes `body`'s changes and nothing else.
  func performWriteOnce<T>(_ body: (Database) throws -> T) throws -> T {
    defer { localChanges += 1 }
    switch unit {
    case .batch, .write: return try mappingErrors { try database.inSavepoint(body) }
    case .read: preconditionFailure("a change inside read")
    case .none: break
    }
    unit = .write
    defer { unit = .none }
    return try mappingErrors { try database.writeOnce(body) }
  }

  /// Whether a batch is open.
  public var isBatchOpen: Bool {
    if case .batch = unit { return true }
    return false
  }

  /// Opens a batch: one write transaction held open until `commitBatch` or `rollbackBatch`.
  ///
  /// - Precondition: No unit is open.
  /// - Throws: `StoreError.busy` when another process holds the write lock past the busy
  ///   timeout.
  public func beginBatch() throws(StoreError) {
    precondition(!isBatchOpen, "a batch is already open")
    do {
      try database.beginTransaction()
    } catch {
      throw StoreError(error, path: location.path)
    }
    unit = .batch
  }

  /// Commits the open batch; when the commit fails, nothing of the batch is kept.
  public func commitBatch() throws(StoreError) {
    try endBatch(database.commitTransaction)
  }

  /// Rolls the open batch back, keeping nothing of it.
  public func rollbackBatch() throws(StoreError) {
    try endBatch(database.rollbackTransaction)
  }

  private func endBatch(_ end: () throws(DatabaseError) -> Void) throws(StoreError) {
    precondition(isBatchOpen, "no batch is open")
    unit = .none
    localChanges += 1
    do {
      try end()
    } catch {
      throw StoreError(error, path: location.path)
    }
  }

  /// A value that changes whenever the database does.
  ///
  /// A commit or rollback through this store, or another connection's commit, changes it.
  /// Compare two to know whether anything changed in between.
  ///
  /// One statement (`PRAGMA data_version`); inside a unit it reads that unit's snapshot.
  public func changeToken() throws -> ChangeToken {
    try mappingErrors {
      ChangeToken(
        dataVersion: try database.scalarInt("PRAGMA data_version") ?? 0,
        localChanges: localChanges)
    }
  }

  /// Runs `body`, reporting SQLite's failures as `StoreError`s naming this database (what
  /// every public method throws: a `DatabaseError` carries SQL, not words for a user).
  func mappingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DatabaseError {
      throw StoreError(error, path: location.path)
    }
  }

  // MARK: - The selection

  /// The persisted selected day, or nil when no paging command has set one yet.
  public func selectedDay() throws -> Day? {
    try mappingErrors {
      try database.scalarInt("SELECT selected_day FROM state WHERE singleton = 1")
        .flatMap { Day(dayNumber: $0) }
    }
  }

  /// Persists `day` as the selected day.
  public func setSelectedDay(_ day: Day) throws {
    try performWrite { database in
      try database.execute(
        "UPDATE state SET selected_day = ? WHERE singleton = 1", [.int(day.dayNumber)])
    }
  }

  /// Persists `day` as the selected day if the database can be written at once; returns false,
  /// changing nothing, when another connection holds a lock (try again later).
  ///
  /// For a view that saves the selection as it moves and must never make a key press wait:
  /// there is no busy wait and no retry, and a commit that finds readers in the way is rolled
  /// back. The selection is no data a cache depends on, so this save does not change
  /// `changeToken()` (another connection sees it as a change, as every commit).
  ///
  /// - Precondition: No unit of work is open.
  /// - Throws: The store's error for a failure other than a lock (a full disk, say).
  public func saveSelectedDayWithoutWaiting(_ day: Day) throws -> Bool {
    guard case .none = unit else {
      preconditionFailure("saveSelectedDayWithoutWaiting inside a unit of work")
    }
    return try mappingErrors {
      try database.withoutWaiting {
        do {
          try database.execute("BEGIN IMMEDIATE")
        } catch let error as DatabaseError where error.isBusy {
          return false
        }
        do {
          try database.execute(
            "UPDATE state SET selected_day = ? WHERE singleton = 1", [.int(day.dayNumber)])
          try database.commitTransaction()
        } catch let error as DatabaseError where error.isBusy {
          // `commitTransaction` rolled back already; an UPDATE that found a lock did not.
          database.rollbackQuietly()
          return false
        }
        return true
      }
    }
  }
}

/// What `NoteStore.changeToken()` returns: equal tokens mean nothing changed in between.
public struct ChangeToken: Sendable, Hashable {
  /// SQLite's `data_version`: it changes when another connection commits.
  let dataVersion: Int
  /// The store's own commits and rollbacks, which `data_version` does not count.
  let localChanges: Int
}
