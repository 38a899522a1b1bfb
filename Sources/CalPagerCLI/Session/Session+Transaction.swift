/// The line mode's open transaction, as its messages name it: where it began and the first
/// line inside it that failed.
///
/// The transaction itself is the connection's (`NoteStore.inTransaction`, run by
/// `LineMode.runTransaction`); this is set only while it is open. The selection is part of
/// it: a rollback (asked for, at a `commit` after a failed line, after a failed `COMMIT`, or
/// at the end of the input) brings the session back to where `begin` found it.
struct LineTransaction {
  /// The line of `begin`.
  let startLine: Int
  /// The first line inside the transaction that failed, if any: the transaction is aborted,
  /// and every line up to `commit` or `rollback` is skipped.
  var failedLine: Int?
}
