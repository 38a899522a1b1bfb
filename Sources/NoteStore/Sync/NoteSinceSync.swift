/// What became of a synced item's note since the sync recorded it: gone, as recorded, or
/// changed (then with the note as it is now).
///
/// Not a note itself: the store reads only the version to tell `unchanged` from `changed`, and
/// a note's fields only when it changed.
public enum NoteSinceSync: Sendable, Hashable {
  /// There is no note with the item's uid (or the item is left alone).
  case missing
  /// The note is at the version recorded.
  case unchanged
  /// The note changed since.
  case changed(VersionedNote)
}
