internal import CSQLite

/// `SQLITE_TRANSIENT`, which makes SQLite copy the bytes before the bind call returns.
///
/// The C macro is a cast of -1 to a function pointer, which Swift cannot import.
let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared SQL statement, owned by the connection that prepared it.
///
/// A statement holds exactly one SQL statement: `Database.prepare` refuses text with a second
/// one, which would otherwise be silently ignored. Scripts go through `Database.execute(script:)`.
package final class Statement {
  /// The SQL text, for error messages.
  package let sql: String
  private(set) var handle: OpaquePointer?

  init(handle: OpaquePointer, sql: String) {
    self.handle = handle
    self.sql = sql
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Finalizes now; the connection calls this before it closes.
  func finalize() {
    sqlite3_finalize(handle)
    handle = nil
  }

  private var connection: OpaquePointer? { handle.flatMap { sqlite3_db_handle($0) } }

  private func check(_ code: Int32) throws(DatabaseError) {
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: connection, sql: sql)
    }
  }

  /// Resets the statement and binds `values` to its parameters, in order.
  ///
  /// - Parameter values: One value per parameter (`?`).
  /// - Throws: `DatabaseError` when a value cannot be bound or the count is wrong.
  package func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
    sqlite3_reset(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard values.count == expected else {
      throw DatabaseError(
        extendedCode: 25,  // SQLITE_RANGE
        message: "\(values.count) values bound to \(expected) parameters", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the parameter at `index` (1-based).
  package func bind(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
    let code: Int32
    switch value {
    case .null:
      code = sqlite3_bind_null(handle, index)
    case .integer(let integer):
      code = sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      code = sqlite3_bind_double(handle, index, real)
    case .text(let text):
      var text = text
      code = text.withUTF8 { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
          return sqlite3_bind_text(handle, index, "", 0, transientDestructor)
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          sqlite3_bind_text64(
            handle, index, $0, sqlite3_uint64(bytes.count), transientDestructor,
            UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let bytes):
      code = bytes.withUnsafeBytes { buffer in
        sqlite3_bind_blob64(
          handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
          sqlite3_uint64(buffer.count), transientDestructor)
      }
    }
    try check(code)
  }

  /// Steps once: true when a row is ready to read, false when the statement is done.
  ///
  /// - Throws: `DatabaseError` when SQLite fails; the statement is reset.
  @discardableResult
  package func step() throws(DatabaseError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = DatabaseError(code: code, connection: connection, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Resets the statement so it can run again; bindings stay.
  package func reset() {
    sqlite3_reset(handle)
  }

  /// Binds `values`, runs the statement to completion and resets it.
  package func run(_ values: [DatabaseValue] = []) throws(DatabaseError) {
    try bind(values)
    while try step() {}
    sqlite3_reset(handle)
  }

  /// Binds `values`, calls `row` for each result row, and resets the statement.
  package func forEachRow(
    _ values: [DatabaseValue] = [], _ row: (Statement) throws -> Void
  ) throws {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() {
      try row(self)
    }
  }

  /// Runs `row` on each row while it returns true: a reader that needs only the first rows
  /// that pass a test of its own.
  package func forEachRowWhile(
    _ values: [DatabaseValue], _ row: (Statement) throws -> Bool
  ) throws {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() {
      guard try row(self) else { return }
    }
  }

  /// Whether the column at `index` (0-based) of the current row is NULL.
  package func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// The column at `index` (0-based) as a 64-bit integer (0 for NULL).
  package func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// The column at `index` (0-based) as an `Int` (0 for NULL).
  package func int(at index: Int32) -> Int {
    Int(sqlite3_column_int64(handle, index))
  }

  /// The column at `index` (0-based) as an `Int`, or nil for NULL.
  package func optionalInt(at index: Int32) -> Int? {
    isNull(at: index) ? nil : int(at: index)
  }

  /// The column at `index` (0-based) as a double (0 for NULL).
  package func double(at index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }

  /// The column at `index` (0-based) as text ("" for NULL); invalid UTF-8 is repaired.
  package func string(at index: Int32) -> String {
    withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// The column at `index` (0-based) as text, or nil for NULL.
  package func optionalString(at index: Int32) -> String? {
    isNull(at: index) ? nil : string(at: index)
  }

  /// Calls `body` with the UTF-8 bytes of the column at `index` (0-based), without copying.
  ///
  /// The bytes are valid only inside `body`.
  package func withBytes<R>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    let text = sqlite3_column_text(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
  }

  /// Calls `body` with the UTF-8 bytes of the column at `index` (0-based), or nil for NULL,
  /// without copying; the bytes are valid only inside `body`.
  package func withOptionalBytes<R>(
    at index: Int32, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R
  ) rethrows -> R {
    guard !isNull(at: index) else { return try body(nil) }
    return try withBytes(at: index) { try body($0) }
  }

  /// The column at `index` (0-based) as bytes.
  package func blob(at index: Int32) -> [UInt8] {
    let pointer = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// The column at `index` (0-based) as a `DatabaseValue` of its storage class.
  package func value(at index: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(int64(at: index))
    case SQLITE_FLOAT: return .real(double(at: index))
    case SQLITE_TEXT: return .text(string(at: index))
    case SQLITE_BLOB: return .blob(blob(at: index))
    default: return .null
    }
  }
}
