/// What a sync did, or would do with `--dry-run`: its counts, its conflicts and the items it
/// left alone.
///
/// - `sent`: new item files written for notes (a note added here, or a conflict's copy);
/// - `received`: new notes taken from item files;
/// - `updated`: items changed on one side and carried to the other (an edited note
///   rewritten in its file, or an edited file taken into its note);
/// - `removed`: items removed on one side and so removed on the other.
public struct SyncReport: Sendable, Equatable {
  /// The vdir's absolute path.
  public let path: String
  /// Whether it was a dry run (nothing changed; the counts are the plan's).
  public let dryRun: Bool
  /// New item files written.
  public var sent = 0
  /// New notes taken from item files.
  public var received = 0
  /// Items carried from one side to the other.
  public var updated = 0
  /// Items removed on one side because they were removed on the other.
  public var removed = 0
  /// Items changed on both sides to different content.
  public var conflicts: [SyncConflict] = []
  /// Items left alone, with why.
  public var ignored: [IgnoredItem] = []
  /// Item files renamed by hand, matched by their uid: the same items under new names.
  public var renamed: [RenamedItem] = []
  /// Notes that took a new uid at their first sync, another item of the folder having theirs.
  public var newUIDs: [NewUID] = []
  /// Whether the folder's file system refused to exchange two files atomically
  /// (`RENAME_EXCHANGE`), so that files were replaced after a check, in two steps.
  public var exchangeUnsupported = false
  /// Items another program changed while the sync ran: the next sync carries them.
  public var deferred: [String] = []
  /// With `dryRun`, each step planned, in order, the first 1,000 of them.
  public var plan: [PlannedStep] = []
  /// With `dryRun`, the steps planned beyond those in `plan`.
  public var planned = 0

  /// An empty report.
  public init(path: String, dryRun: Bool) {
    self.path = path
    self.dryRun = dryRun
  }

  /// Whether the sync changed (or would change) nothing.
  public var changedNothing: Bool {
    sent == 0 && received == 0 && updated == 0 && removed == 0 && conflicts.isEmpty
  }
}

/// An item changed on both sides to different content: the later version stays in place,
/// the other becomes a note of its own.
public struct SyncConflict: Sendable, Equatable {
  /// Which side's version was kept in place.
  public enum Side: String, Sendable {
    /// The vdir's file.
    case vdir
    /// The database's note.
    case database
  }

  /// The item's file name.
  public let name: String
  /// The item's uid: the note kept in place.
  public let uid: String
  /// The side whose version was kept in place.
  public let kept: Side
  /// The uid of the note holding the other version.
  public let copyUID: String
  /// The id of the note kept in place, once known.
  public var keptID: Int?
  /// The id of the note holding the other version, once known.
  public var copyID: Int?
}

/// An item a sync leaves alone: never rewritten, never removed.
public struct IgnoredItem: Sendable, Equatable {
  /// The file's name (escaped when it is not UTF-8).
  public let name: String
  /// Why, such as `an event (VEVENT): calpager keeps journals only`.
  public let reason: String
}

/// One step of a dry run's plan.
public struct PlannedStep: Sendable, Equatable {
  /// What would be done.
  public enum Action: String, Sendable {
    /// Write a new item file for a note.
    case send
    /// Add a note from a new item file.
    case receive
    /// Rewrite an item file from its changed note.
    case updateFile = "update-file"
    /// Change a note from its changed item file.
    case updateNote = "update-note"
    /// Remove an item file whose note was removed.
    case removeFile = "remove-file"
    /// Remove a note whose item file was removed.
    case removeNote = "remove-note"
    /// Settle a conflict.
    case conflict
  }

  /// What would be done.
  public let action: Action
  /// The item file's name.
  public let name: String
}

/// An item file renamed by hand, found by its uid under its new name.
public struct RenamedItem: Sendable, Equatable {
  /// The name the sync state had.
  public let from: String
  /// The name it has now.
  public let to: String
}

/// A note that took a new uid when first synced: an item of the folder left alone (an event)
/// has its old one, and vdirsyncer stops on two items with one UID.
public struct NewUID: Sendable, Equatable {
  /// The note's id.
  public let noteID: Int?
  /// Its uid before.
  public let from: String
  /// Its uid now.
  public let to: String
  /// The item file that has the old uid.
  public let clash: String
}
