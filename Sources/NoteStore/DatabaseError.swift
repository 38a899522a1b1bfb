internal import CSQLite

/// An error SQLite reported: its extended result code, its message and the SQL that failed.
///
/// Bound values never appear here: a note's text must not leak into logs or error output.
package struct DatabaseError: Error, Sendable, CustomStringConvertible {
  /// The extended result code, such as 1555 (`SQLITE_CONSTRAINT_PRIMARYKEY`).
  package let extendedCode: Int32
  /// SQLite's message, such as "database is locked".
  package let message: String
  /// The SQL that failed, when a statement did.
  package let sql: String?

  /// Creates an error from its parts.
  package init(extendedCode: Int32, message: String, sql: String? = nil) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the low 8 bits of the extended one), such as 19
  /// (`SQLITE_CONSTRAINT`).
  package var primaryCode: ResultCode { ResultCode(rawValue: extendedCode & 0xFF) }

  /// Whether SQLite answered busy or locked: another connection holds the lock.
  package var isBusy: Bool { primaryCode == .busy || primaryCode == .locked }

  /// The error as one line: message, codes and SQL.
  package var description: String {
    var text = "\(message) (SQLite \(primaryCode.rawValue)"
    if extendedCode != primaryCode.rawValue { text += "/\(extendedCode)" }
    text += ")"
    if let sql {
      text += " in '\(sql.split(whereSeparator: \.isNewline).joined(separator: " "))'"
    }
    return text
  }

  /// The error SQLite holds for a connection after `code` was returned.
  init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    // After an open failure the connection's code is meaningful only if it matches.
    let useConnection = connection != nil && (extended & 0xFF) == (code & 0xFF)
    let message =
      useConnection
      ? String(cString: sqlite3_errmsg(connection))
      : String(cString: sqlite3_errstr(code))
    self.init(extendedCode: useConnection ? extended : code, message: message, sql: sql)
  }
}

/// A primary SQLite result code; compare with `DatabaseError.primaryCode`.
///
/// The codes the store tells apart, their numbers taken from `sqlite3.h`.
package struct ResultCode: RawRepresentable, Hashable, Sendable {
  /// The numeric code.
  package let rawValue: Int32
  /// Creates a code from its number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SQLITE_ERROR`: a generic error, such as an SQL mistake.
  package static let error = ResultCode(rawValue: SQLITE_ERROR)
  /// `SQLITE_PERM`.
  package static let permission = ResultCode(rawValue: SQLITE_PERM)
  /// `SQLITE_BUSY`: another connection holds a lock.
  package static let busy = ResultCode(rawValue: SQLITE_BUSY)
  /// `SQLITE_LOCKED`: a conflict inside this process.
  package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  /// `SQLITE_READONLY`.
  package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  /// `SQLITE_IOERR`.
  package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  /// `SQLITE_CORRUPT`: the file is damaged or truncated.
  package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  /// `SQLITE_FULL`: the disk is full.
  package static let full = ResultCode(rawValue: SQLITE_FULL)
  /// `SQLITE_CANTOPEN`.
  package static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  /// `SQLITE_CONSTRAINT`.
  package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  /// `SQLITE_NOTADB`: the file is not an SQLite database.
  package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
}
