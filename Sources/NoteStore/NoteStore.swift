import CalendarPaging

/// The notes, the selected day and the settings of one calpager database.
public final class NoteStore {
  /// The connection; one per store, for the life of the store.
  public let database: Database
  /// Where the database lives.
  public let location: StoreLocation

  /// Opens (creating and migrating when needed) the database at `location`.
  ///
  /// - Throws: `StoreError` naming what is wrong with the file or its directory.
  public init(location: StoreLocation) throws {
    self.location = location
    try location.prepare()
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
    }
  }

  private static func openError(_ error: DatabaseError, location: StoreLocation) -> StoreError {
    if error.primaryCode == .cannotOpen {
      return .cannotOpen(path: location.path, detail: "permission denied or not a regular file")
    }
    return StoreError(error, path: location.path)
  }

  /// Runs `body` in a write transaction, reporting SQLite's failures as `StoreError`s.
  ///
  /// - Parameters:
  ///   - replayable: Whether `body` may run again when SQLite answers busy (see
  ///     `Database.write`).
  ///   - body: The writes.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw, or the `StoreError` for SQLite's failure.
  public func write<T>(replayable: Bool = true, _ body: (Database) throws -> T) throws -> T {
    try mappingErrors { try database.write(replayable: replayable, body) }
  }

  /// `write`, without a savepoint inside an open transaction (see
  /// `Database.writeWithoutSavepoint`).
  func writeWithoutSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
    try mappingErrors { try database.writeWithoutSavepoint(body) }
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

  /// The persisted selected day, or nil when no paging command has set one yet.
  public func selectedDay() throws -> Day? {
    try mappingErrors {
      try database.scalarInt("SELECT selected_day FROM state WHERE singleton = 1")
        .flatMap { Day(dayNumber: $0) }
    }
  }

  /// Persists `day` as the selected day.
  public func setSelectedDay(_ day: Day) throws {
    try write { database in
      try database.execute(
        "UPDATE state SET selected_day = ? WHERE singleton = 1", [.int(day.dayNumber)])
    }
  }
}
