import Interchange
import NoteModel

/// What `stat` says about an item file: a file whose three values are those recorded is
/// taken as unchanged and not read (as vdirsyncer's own etags do).
public struct FileStat: Sendable, Hashable {
  /// The size in bytes.
  public var size: Int
  /// The modification time, in nanoseconds since 1970-01-01T00:00:00Z.
  public var modified: Int
  /// The inode number (its bits, as a signed integer).
  public var inode: Int

  /// A stat of these values.
  public init(size: Int, modified: Int, inode: Int) {
    self.size = size
    self.modified = modified
    self.inode = inode
  }
}

/// An item file as a sync records it: its name, its fingerprint and its stat.
public struct SyncFile: Sendable, Hashable {
  /// The file's name in the vdir, such as `abc.ics`.
  public var name: String
  /// The fingerprint of its bytes.
  public var fingerprint: String
  /// Its stat.
  public var stat: FileStat

  /// A file of these values.
  public init(name: String, fingerprint: String, stat: FileStat) {
    self.name = name
    self.fingerprint = fingerprint
    self.stat = stat
  }
}

/// One item of a vdir's sync state: how its file and its note were when last in step.
public struct SyncedItem: Sendable, Hashable {
  /// The file as it was then.
  public let file: SyncFile
  /// The note's uid; nil for an item left alone (an event, a file that is not iCalendar…).
  public let uid: String?
  /// The note's version then; nil with `uid`.
  public let version: Int64?
  /// Why an item is left alone; nil for a note's item.
  public let ignoredReason: String?
}

/// A note with its version: a hash of all its fields (`NoteVersion`), which changes whenever
/// the note does (an edit, a move, an undo, an import, a new stored item).
public struct VersionedNote: Sendable, Hashable {
  /// The note.
  public let note: Note
  /// Its version.
  public let version: Int64

  /// The note with its version worked out.
  public init(_ note: Note) {
    self.note = note
    version = note.withFields(NoteVersion.of)
  }
}

/// The note of a synced item, as it is now.
public enum SyncedNote: Sendable, Hashable {
  /// There is no note with the item's uid (or the item is left alone).
  case missing
  /// The note is at the version recorded.
  case unchanged
  /// The note changed since.
  case changed(VersionedNote)
}

/// How an item's note keeps its iCalendar item (`Note.ical`).
public enum StoredItemUpdate: Sendable, Hashable {
  /// As it is.
  case keep
  /// Replaced with this text, or cleared when nil (the file is exactly what calpager writes).
  case set(String?)
}

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
  /// An item left alone, remembered with why (it is not read again until it changes).
  case ignore(SyncFile, reason: String)
  /// A conflict's losing version from the vdir, kept as a note before the file is
  /// overwritten; nothing when a note has its uid already (a rerun).
  case addCopy(Note)
}

/// What became of a `SyncChange`.
public enum SyncChangeOutcome: Sendable, Hashable {
  /// It was applied; `noteID` is the id of the note it added or changed.
  case applied(noteID: Int?)
  /// What it was planned from no longer holds: left for the next sync.
  case skipped
}

/// What a sync keeps between its transactions: the vdir's id and the undo step.
public struct SyncSession: Sendable {
  /// The vdir's absolute path.
  public let path: String
  /// The token of the folder's marker file.
  public let token: String
  /// Its id in the sync state, once known.
  public internal(set) var vdir: Int?
  /// The undo step of the sync, once it has changed a note.
  var action: Int?

  /// A session for the vdir at `path` whose marker holds `token`, whose id is `vdir` when it
  /// was synced before.
  public init(path: String, token: String, vdir: Int?) {
    self.path = path
    self.token = token
    self.vdir = vdir
  }
}

/// A note's version: a 64-bit hash of all its fields (uid, day, body, times, stored item).
///
/// Stored in the sync state, so the function never changes (see `Fingerprint`).
enum NoteVersion {
  static func of(_ fields: NoteFields) -> Int64 {
    var hash = Fingerprint.of(fields.uid, seed: 0x6361_6C70_6167_6572)
    hash = Fingerprint.of(fields.body, seed: hash)
    // Little-endian, so that a version means the same on every machine.
    let numbers: [Int64] = [
      Int64(fields.day.dayNumber), Int64(fields.created.millisecondsSinceEpoch),
      Int64(fields.updated.millisecondsSinceEpoch), fields.ical == nil ? 0 : 1,
    ].map(\.littleEndian)
    hash = numbers.withUnsafeBytes { raw in
      Fingerprint.of(raw.bindMemory(to: UInt8.self), seed: hash)
    }
    if let ical = fields.ical { hash = Fingerprint.of(ical, seed: hash) }
    return Int64(bitPattern: hash)
  }
}
