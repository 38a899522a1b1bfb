import CalendarPaging

/// The line mode's open transaction: where it began and the first line inside it that
/// failed.
///
/// The selection is part of the transaction: `begin` saves it, and a rollback (asked for, at
/// a `commit` after a failed line, after a failed `COMMIT`, or at the end of the input) brings
/// the session back to it.
struct LineTransaction {
  /// The line of `begin`.
  let startLine: Int
  /// The first line inside the transaction that failed, if any: the transaction is aborted,
  /// and every line up to `commit` or `rollback` is skipped.
  var failedLine: Int?
}

extension Session {
  /// Opens the line mode's transaction on the current line: saves the selection, then takes
  /// the write lock (`BEGIN IMMEDIATE`), which other writers wait for until it ends.
  ///
  /// - Throws: `CLIError.transactionAlreadyOpen`; the store's error (busy past the timeout).
  func beginTransaction() throws {
    if let open = transaction {
      throw CLIError.transactionAlreadyOpen(since: open.startLine)
    }
    try saveSelection()
    try store.beginBatch()
    transaction = LineTransaction(startLine: lineNumber)
  }

  /// Ends the transaction by keeping its changes, the selection included.
  ///
  /// When a line inside it failed, it is rolled back instead; when `COMMIT` fails, nothing of
  /// it is kept. Either way the selection returns to where `begin` found it.
  ///
  /// - Throws: `CLIError.noTransaction`, `.transactionRolledBack` after a failed line,
  ///   `.commitFailed` when the commit itself failed.
  func commitTransaction() throws {
    guard let open = transaction else { throw CLIError.noTransaction }
    if let failed = open.failedLine {
      try rollbackTransaction()
      throw CLIError.transactionRolledBack(failedLine: failed, since: open.startLine)
    }
    transaction = nil
    do {
      try saveSelection()
      try store.commitBatch()
    } catch {
      if store.isBatchOpen { try? store.rollbackBatch() }
      revertToSavedSelection()
      throw CLIError.commitFailed(since: open.startLine, reason: "\(error)")
    }
  }

  /// Ends the transaction by dropping its changes; the selection returns to where `begin`
  /// found it.
  ///
  /// - Throws: `CLIError.noTransaction`; the store's error when the rollback fails.
  func rollbackTransaction() throws {
    guard transaction != nil else { throw CLIError.noTransaction }
    transaction = nil
    defer { revertToSavedSelection() }
    try store.rollbackBatch()
  }
}
