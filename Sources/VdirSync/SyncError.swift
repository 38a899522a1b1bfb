import DisplayText

/// Why a sync could not use its vdir.
///
/// Each is one line for a person; the sync stops there, leaving the vdir and the database
/// consistent (the next sync carries on).
public enum SyncError: Error, Equatable, CustomStringConvertible {
  /// The path exists and is not a directory.
  case notADirectory(path: String)
  /// The directory, or one of its item files at `path`, could not be worked on as
  /// `operation` says, for `reason`.
  case cannot(Operation, path: String, reason: String)
  /// Another sync holds the directory's lock.
  case busy(path: String)
  /// The files written could not be synced to disk.
  case cannotSync(path: String, reason: String)
  /// The folder holds no item, while `notes` notes synced with it are still here.
  case emptied(path: String, notes: Int)

  /// One line saying what went wrong, with the path in quotes (whole: the error report
  /// escapes control characters).
  public var description: String {
    switch self {
    case .notADirectory(let path):
      return "'\(path)' is not a directory: sync needs a directory of .ics files"
    case .cannot(let operation, let path, let reason):
      return FileFailure.message(operation.rawValue, path, reason)
    case .busy(let path):
      return "another calpager sync is running on '\(path)'; try again when it ends"
    case .cannotSync(let path, let reason):
      return "cannot sync the files of '\(path)' to disk: \(reason)"
    case .emptied(let path, let notes):
      return "'\(path)' holds no item, but \(notes) note\(notes == 1 ? " was" : "s were") "
        + "synced with it: nothing was changed; if every note should go, run 'calpager sync "
        + "--force-delete'"
    }
  }

  /// What a sync could not do to the directory or one of its item files, in the words of
  /// its message (`cannot read 'PATH': REASON`).
  public enum Operation: String, Sendable {
    /// Create the directory, or one above it.
    case createDirectory = "create the directory"
    /// Open or read the directory.
    case readDirectory = "read the directory"
    /// Read an item file.
    case read
    /// Write an item file.
    case write
    /// Remove an item file.
    case remove
  }
}
