import NoteModel

/// One change a sync makes to the database, applied only while what it was planned from
/// still holds: a note another process changed in the meantime is left for the next sync.
public enum SyncChange: Sendable, Hashable {
  /// The file and the note `uid` are in step: the file shows the note at `version`. While
  /// the note is still at `version`, `item` and `times` are applied to it (a file just
  /// written or read becomes its stored item, so the next edit starts from there, and its
  /// times are those the file carries).
  case inStep(
    SyncFile, uid: String, version: Int64, item: StoredItemUpdate, times: NoteTimes? = nil)
  /// The file's note taken into the database: added when `replacing` is nil (unless a note
  /// has its uid), else replacing the note with its uid while that one is still at version
  /// `replacing`. `copy` is the replaced version kept as a note of its own (a conflict the
  /// vdir won).
  case take(SyncFile, note: Note, replacing: Int64?, copy: Note?)
  /// The file was removed: the note `uid` goes too while it is at `version`.
  case removeNote(name: String, uid: String, version: Int64)
  /// The item is gone from both sides.
  case forget(name: String)
  /// The file's stat changed, its bytes did not.
  case restat(name: String, stat: FileStat)
  /// An item left alone, remembered with why and the UID it carries, if any (it is not read
  /// again until it changes).
  case ignore(SyncFile, reason: String, uid: String? = nil)
  /// The note `uid` takes the uid `newUID` while it is at `version` (another item of the vdir
  /// has its uid): as part of the sync's undo step.
  case reassign(uid: String, newUID: String, version: Int64)
  /// A conflict's losing version from the vdir, kept as a note before the file is
  /// overwritten; nothing when a note has its uid already (a rerun).
  case addCopy(Note)
}
