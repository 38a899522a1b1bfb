/// What became of a `SyncChange`.
public enum SyncChangeOutcome: Sendable, Hashable {
  /// It was applied; `noteID` is the id of the note it added or changed.
  case applied(noteID: Int?)
  /// What it was planned from no longer holds: left for the next sync.
  case skipped
}
