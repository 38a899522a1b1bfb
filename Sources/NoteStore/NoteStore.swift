import CalendarPaging
import NoteModel

/// The notes, the selected day and the settings of one calpager database.
///
/// The store owns its SQL: callers see notes, days and settings, never statements. Each of
/// its methods says only whether it reads or writes; its connection decides what that means
/// given what is open (`Database.inTransaction`):
/// - A method that changes something commits at once in a write transaction of its own, or,
///   inside `write { … }` or `inTransaction { … }`, is a savepoint of that unit: all or
///   nothing within it, kept or dropped with it.
/// - Reads outside any unit each run on their own; `read { … }` makes several reads one
///   snapshot.
/// - `inTransaction(_:_:)` is a unit whose body answers how it ends: the line mode's
///   `begin`…`commit` is one, its lines savepoints in it.
///
/// When the selected day is saved is `SelectionSaving`'s business; every write here saves a
/// move not saved yet (`unsavedSelection`) in the same transaction.
public final class NoteStore {
  /// The connection; one per store, for the life of the store.
  package let database: Database
  /// Where the database lives.
  public let location: StoreLocation
  /// When a move of the selection is saved; the command line's default is `.withTheMove`.
  ///
  /// (Both selection properties are read on every paging line, from the command line's
  /// module, where no access to them can overlap another: a run-time exclusivity check on
  /// each would cost the line mode about 0.3 % for nothing.)
  @exclusivity(unchecked) public var selectionSaving = SelectionSaving.withTheMove
  /// The selected day, when it moved since it was last saved: the next write saves it.
  @exclusivity(unchecked) public internal(set) var unsavedSelection: Day?
  /// The local time zone a move of a note rewrites its stored item in.
  ///
  /// A UTC `DTSTART` moves by whole days of this zone (`ICalItem.moved`). The command line sets `$TZ`'s.
  public var zone = LocalZone.utc
  /// Commits and rollbacks made through this store: with SQLite's `data_version` (which
  /// counts other connections' commits) it tells whether anything changed.
  private var localChanges = 0

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
      // Pages and cells freed (an old version the history dropped, a removed note) are
      // zeroed, so the file does not keep text calpager no longer holds (see
      // NoteStore+HistoryDepth.swift).
      try database.execute("PRAGMA secure_delete = ON")
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
  /// transaction, or the unit already open.
  ///
  /// - Throws: What `body` threw, or the store's error.
  public func read<T>(_ body: () throws -> T) throws -> T {
    try mappingErrors { try database.read { _ in try body() } }
  }

  /// Runs `body` as one write that keeps what it did: a write transaction, or a savepoint of
  /// the unit already open.
  ///
  /// The changes the store's methods make inside it commit together when it returns and are
  /// rolled back when it throws. `mode` says what happens when SQLite answers busy: with
  /// `.retrying` the whole transaction may run again, so `body` must only read and change
  /// the store; a body that consumes input it cannot read again is `.once`.
  ///
  /// - Throws: What `body` threw, or the store's error.
  public func write<T>(_ mode: WriteMode = .retrying, _ body: () throws -> T) throws -> T {
    try writing(mode) { _ in try body() }
  }

  /// Runs `body` as one write that ends as `body` answers.
  ///
  /// `.commit` keeps what it did, `.rollback` drops it (as throwing does). A transaction, or
  /// a savepoint of the unit already open.
  ///
  /// - Throws: What `body` threw, or the store's error (a busy `BEGIN` past every retry; a
  ///   failed `COMMIT`, which keeps nothing).
  public func inTransaction(_ mode: WriteMode, _ body: () throws -> TransactionCompletion)
    throws
  {
    _ = try mappingErrors { try unit(mode, { _ in try body() }, endingAs: { $0 }) }
  }

  /// Whether a unit of work is open on the store's connection.
  public var isInTransaction: Bool { database.isInTransaction }

  /// The path of every change the store makes: `body` as a write of `mode` that keeps what
  /// it did, errors reported as the store's.
  func writing<T>(
    _ mode: WriteMode = .retrying, countingChange: Bool = true,
    _ body: (Database) throws -> T
  ) throws -> T {
    try mappingErrors {
      try unit(mode, countingChange: countingChange, body, endingAs: { _ in .commit })
    }
  }

  /// Runs `body` in `database.inTransaction(.write(mode))`, ending as `ending` says, with the
  /// selection not saved yet written at its start and, when it commits, again if `body`
  /// moved it.
  ///
  /// The selection is part of the unit: a unit that rolls back (or throws, or is run again)
  /// leaves `unsavedSelection` as it found it.
  func unit<T>(
    _ mode: WriteMode, countingChange: Bool = true, _ body: (Database) throws -> T,
    endingAs ending: (T) -> TransactionCompletion
  ) throws -> T {
    // Counted when the unit ends, kept or dropped: either way the data may differ from what
    // a cache read inside it.
    defer { if countingChange { localChanges += 1 } }
    let unsavedAtStart = unsavedSelection
    let result: T
    do {
      result = try database.inTransaction(
        .write(mode),
        { database in
          unsavedSelection = unsavedAtStart
          try writeUnsavedSelection(in: database)
          let result = try body(database)
          if ending(result) == .commit { try writeUnsavedSelection(in: database) }
          return result
        }, endingAs: ending)
    } catch {
      unsavedSelection = unsavedAtStart
      throw error
    }
    if ending(result) == .rollback { unsavedSelection = unsavedAtStart }
    return result
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
}

/// What `NoteStore.changeToken()` returns: equal tokens mean nothing changed in between.
public struct ChangeToken: Sendable, Hashable {
  /// SQLite's `data_version`: it changes when another connection commits.
  let dataVersion: Int
  /// The store's own commits and rollbacks, which `data_version` does not count.
  let localChanges: Int
}
