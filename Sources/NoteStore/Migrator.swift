import Glibc

/// Brings a database's schema up to date with the migrations this binary knows, and refuses
/// any file that is not a calpager database or was written by a newer calpager.
///
/// Each migration runs in its own write transaction and is recorded by name in
/// `calpager_migrations` in that same transaction, so a crash leaves each migration either
/// wholly applied and recorded or not at all. A file that is refused is only read, never
/// written.
public struct Migrator: Sendable {
  /// The `application_id` in the header of every calpager database: "CPGR".
  public static let applicationID = 0x4350_4752

  /// The migrations to apply, in order.
  public let migrations: [Migration]

  /// Creates a migrator for `migrations` (by default the ones compiled into the binary).
  public init(migrations: [Migration] = Migration.all) {
    self.migrations = migrations
  }

  /// Applies every missing migration to `database`, in order.
  ///
  /// - Returns: The names of the migrations applied now (empty when the schema was current).
  /// - Throws: `StoreError` for a file that is not a calpager database, is damaged or was
  ///   written by a newer calpager; `DatabaseError` when SQLite fails otherwise.
  @discardableResult
  package func migrate(_ database: Database) throws -> [String] {
    let pending = try pendingMigrations(database)
    guard !pending.isEmpty else { return [] }
    var applied: [String] = []
    for migration in pending {
      let ran = try database.write { database -> Bool in
        // Another process may have applied it since we looked.
        if try database.scalarInt(
          "SELECT 1 FROM sqlite_schema WHERE name = 'calpager_migrations'") != nil,
          try database.scalarInt(
            "SELECT 1 FROM calpager_migrations WHERE name = ?", [.text(migration.name)]) != nil
        {
          return false
        }
        try database.execute(
          """
          CREATE TABLE IF NOT EXISTS calpager_migrations (
            name    TEXT PRIMARY KEY NOT NULL,
            applied INTEGER NOT NULL
          ) WITHOUT ROWID
          """)
        try database.execute(script: migration.sql)
        try database.execute(
          "INSERT INTO calpager_migrations (name, applied) VALUES (?, ?)",
          [.text(migration.name), .int(Clock.nowMilliseconds())])
        let count = try database.scalarInt("SELECT count(*) FROM calpager_migrations") ?? 0
        try database.execute(script: "PRAGMA application_id = \(Migrator.applicationID)")
        try database.execute(script: "PRAGMA user_version = \(count)")
        return true
      }
      if ran { applied.append(migration.name) }
    }
    return applied
  }

  /// The migrations `database` lacks, after checking it is a calpager database this binary
  /// can use.
  func pendingMigrations(_ database: Database) throws -> [Migration] {
    // One read transaction: one lock for every check, not one per statement.
    try database.read { database in try pendingMigrationsInTransaction(database) }
  }

  private func pendingMigrationsInTransaction(_ database: Database) throws -> [Migration] {
    let applicationID: Int
    do {
      applicationID = try database.scalarInt("PRAGMA application_id") ?? 0
      try checkNotTruncated(database)
    } catch let error as DatabaseError {
      throw StoreError(error, path: database.path)
    }
    if applicationID == Migrator.applicationID {
      let applied = try appliedMigrations(database)
      let known = Set(migrations.map(\.name))
      let unknown = applied.filter { !known.contains($0) }
      guard unknown.isEmpty else {
        throw StoreError.newerSchema(path: database.path, unknown: unknown)
      }
      let done = Set(applied)
      return migrations.filter { !done.contains($0.name) }
    }
    let schemaObjects = try database.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
    guard applicationID == 0 && schemaObjects == 0 else {
      throw StoreError.foreignDatabase(path: database.path)
    }
    return migrations
  }

  /// The names of the migrations recorded in `database`, in the order they were applied.
  package func appliedMigrations(_ database: Database) throws -> [String] {
    guard
      try database.scalarInt("SELECT 1 FROM sqlite_schema WHERE name = 'calpager_migrations'")
        != nil
    else { return [] }
    var names: [String] = []
    try database.prepare("SELECT name FROM calpager_migrations ORDER BY applied, name")
      .forEachRow { names.append($0.string(at: 0)) }
    return names
  }

  /// Refuses a file shorter than its header says: a truncated copy reads fine until a query
  /// reaches a missing page, so catch it before anything is written.
  ///
  /// Not while a write-ahead log holds frames: `page_count` then counts pages that are only in
  /// the log until a checkpoint copies them into the file.
  private func checkNotTruncated(_ database: Database) throws {
    guard database.path != ":memory:", !database.path.isEmpty else { return }
    var log = stat()
    if stat(database.path + "-wal", &log) == 0 && log.st_size > 0 { return }
    let pages = try database.scalarInt("PRAGMA page_count") ?? 0
    let pageSize = try database.scalarInt("PRAGMA page_size") ?? 0
    var info = stat()
    guard stat(database.path, &info) == 0 else { return }
    if Int(info.st_size) < pages * pageSize {
      throw StoreError.damaged(
        path: database.path,
        detail: "the file is \(info.st_size) bytes but its header says \(pages * pageSize)")
    }
  }
}

extension StoreError {
  /// The store error a SQLite error on the file at `path` means to a user.
  package init(_ error: DatabaseError, path: String) {
    switch error.primaryCode {
    case .notADatabase: self = .notADatabase(path: path)
    case .corrupt: self = .damaged(path: path, detail: error.message)
    case .full: self = .diskFull(path: path)
    case .ioError: self = .ioError(path: path, detail: error.message)
    case .readOnly:
      self =
        error.extendedCode == 1544  // SQLITE_READONLY_DIRECTORY
        ? .readOnly(path: path, detail: "its directory is read-only")
        : .readOnly(path: path, detail: error.message)
    case .busy, .locked: self = .busy(path: path)
    case .cannotOpen: self = .cannotOpen(path: path, detail: error.message)
    case .permission: self = .readOnly(path: path, detail: "permission denied")
    default: self = .database(path: path, detail: error.description)
    }
  }
}
