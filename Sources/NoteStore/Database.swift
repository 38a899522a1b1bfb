internal import CSQLite
import Glibc

/// One connection to an SQLite database file.
///
/// The connection owns its handle and its prepared statements: statements are prepared once
/// per SQL text and cached, and `deinit` finalizes them all before it closes the handle.
/// A connection is used from one thread at a time (it is not `Sendable`).
package final class Database {
  /// How a connection opens its file.
  package enum OpenMode: Sendable {
    /// Read and write; create the file when it does not exist.
    case readWriteCreate
    /// Read and write an existing file.
    case readWrite
    /// Read only.
    case readOnly
  }

  /// The path the connection was opened with.
  package let path: String
  private let handle: OpaquePointer
  private var statements = StatementCache()
  /// How the connection waits for another connection's lock.
  let busyWait: BusyWait
  /// The transaction `inTransaction` opened, while it is open: the connection's own record of
  /// what is open, which every unit of work nests in.
  var openTransaction: OpenTransaction?

  /// How long, in milliseconds, SQLite waits for another connection's lock.
  ///
  /// After that it answers busy. `CALPAGER_BUSY_TIMEOUT_MS` overrides it (tests use a short
  /// one).
  package static let busyTimeoutMilliseconds: Int32 = {
    if let text = getenv("CALPAGER_BUSY_TIMEOUT_MS").map({ String(cString: $0) }),
      let value = Int32(text), value >= 0
    {
      return value
    }
    return 3000
  }()

  /// Opens the database at `path` with explicit flags, extended result codes, a busy timeout
  /// and foreign keys on.
  ///
  /// - Parameters:
  ///   - path: The file, or `:memory:`.
  ///   - mode: Whether to write and whether to create the file.
  ///   - busyTimeoutMilliseconds: How long a statement waits for another connection's lock.
  /// - Throws: `DatabaseError` when the file cannot be opened. The handle SQLite returns even
  ///   on failure is closed before the error is thrown.
  package init(
    path: String, mode: OpenMode = .readWriteCreate,
    busyTimeoutMilliseconds: Int = Int(Database.busyTimeoutMilliseconds)
  ) throws(DatabaseError) {
    self.path = path
    busyWait = BusyWait(timeoutMilliseconds: busyTimeoutMilliseconds)
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch mode {
    case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    }
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      // "Whether or not an error occurs when it is opened, resources associated with the
      // database connection handle should be released by passing it to sqlite3_close()."
      let error = DatabaseError(code: code, connection: connection)
      sqlite3_close_v2(connection)
      throw error
    }
    handle = connection
    sqlite3_extended_result_codes(connection, 1)
    busyWait.install(on: connection)
    do {
      try execute("PRAGMA foreign_keys = ON")
    } catch {
      finalizeAll()
      sqlite3_close_v2(connection)
      throw error
    }
  }

  deinit {
    finalizeAll()
    sqlite3_close_v2(handle)
  }

  private func finalizeAll() {
    statements.finalizeAll()
  }

  /// The version of the linked SQLite library, as `sqlite3_libversion_number()` gives it
  /// (3.40.1 is 3040001).
  package static var libraryVersionNumber: Int32 { sqlite3_libversion_number() }

  /// Whether no transaction is open on this connection.
  package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  package var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The rowid of the last row inserted on this connection (0 before any).
  package var lastInsertedRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

  /// The statement for `sql`, prepared on first use and cached.
  ///
  /// - Throws: `DatabaseError` when the SQL does not compile or holds more than one
  ///   statement.
  package func prepare(_ sql: String) throws(DatabaseError) -> Statement {
    if let cached = statements[sql] { return cached }
    let statement = try prepareUncached(sql)
    statements.insert(statement)
    return statement
  }

  /// Prepares `sql` without caching it: for statements run once.
  package func prepareUncached(_ sql: String) throws(DatabaseError) -> Statement {
    var statement: OpaquePointer?
    // `tail` points into the C string SQLite was given, so it is read inside `withCString`:
    // a String passed straight to a C parameter is a temporary freed when the call returns.
    let (code, hasMoreStatements) = sql.withCString { text -> (Int32, Bool) in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(
        handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
      return (code, tail.map { !Database.isBlank($0) } ?? false)
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: handle, sql: sql)
    }
    guard let statement else {
      throw DatabaseError(extendedCode: 21, message: "no SQL statement to prepare", sql: sql)
    }
    if hasMoreStatements {
      sqlite3_finalize(statement)
      throw DatabaseError(
        extendedCode: 21,  // SQLITE_MISUSE
        message: "more than one statement; use execute(script:) for scripts", sql: sql)
    }
    return Statement(handle: statement, sql: sql)
  }

  /// Drops a cached statement, so a statement that failed is prepared afresh next time.
  func evict(_ statement: Statement) {
    statements.remove(statement)
  }

  /// Whether the C string holds only white space and SQL comments.
  private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
    var pointer = text
    while pointer.pointee != 0 {
      let byte = UInt8(bitPattern: pointer.pointee)
      if byte == UInt8(ascii: " ") || (9...13).contains(byte) {
        pointer += 1
      } else if byte == UInt8(ascii: "-") && pointer[1] == CChar(UInt8(ascii: "-")) {
        while pointer.pointee != 0 && pointer.pointee != 10 { pointer += 1 }
      } else {
        return false
      }
    }
    return true
  }

  /// Runs `body` with the cached statement for `sql`; when it throws, the statement is
  /// evicted from the cache before the error is rethrown.
  private func withStatement<Result>(
    _ sql: String, _ body: (Statement) throws(DatabaseError) -> Result
  ) throws(DatabaseError) -> Result {
    let statement = try prepare(sql)
    do {
      return try body(statement)
    } catch {
      evict(statement)
      throw error
    }
  }

  /// Runs one statement with `values` bound, through the statement cache.
  package func execute(_ sql: String, _ values: [DatabaseValue] = []) throws(DatabaseError) {
    try withStatement(sql) { (statement) throws(DatabaseError) in try statement.run(values) }
  }

  /// Runs a script of any number of statements, with no values bound; nothing is cached.
  package func execute(script: String) throws(DatabaseError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, script, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(message)
      throw DatabaseError(
        extendedCode: sqlite3_extended_errcode(handle), message: text, sql: script)
    }
  }

  /// Runs `sql` and returns the first column of its first row, or nil when there is no row
  /// or the value is NULL.
  package func scalarInt(_ sql: String, _ values: [DatabaseValue] = []) throws(DatabaseError)
    -> Int?
  {
    try firstRow(sql, values) { $0.optionalInt(at: 0) }
  }

  /// Runs `sql` and returns the first column of its first row as text, or nil.
  package func scalarString(_ sql: String, _ values: [DatabaseValue] = []) throws(DatabaseError)
    -> String?
  {
    try firstRow(sql, values) { $0.isNull(at: 0) ? nil : $0.string(at: 0) }
  }

  /// Runs `sql` with `values` bound and returns what `read` takes from its first row, or nil
  /// when there is no row.
  private func firstRow<Value>(
    _ sql: String, _ values: [DatabaseValue], _ read: (Statement) -> Value?
  ) throws(DatabaseError) -> Value? {
    try withStatement(sql) { (statement) throws(DatabaseError) in
      try statement.bind(values)
      defer { statement.reset() }
      guard try statement.step() else { return nil }
      return read(statement)
    }
  }

  /// The raw connection handle, for the few SQLite calls the layer wraps itself.
  var rawHandle: OpaquePointer { handle }
}
