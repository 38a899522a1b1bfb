/// The note of a synced item, as it is now.
public enum SyncedNote: Sendable, Hashable {
  /// There is no note with the item's uid (or the item is left alone).
  case missing
  /// The note is at the version recorded.
  case unchanged
  /// The note changed since.
  case changed(VersionedNote)
}
