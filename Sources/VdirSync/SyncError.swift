/// Why a sync could not use its vdir.
///
/// Each is one line for a person; the sync stops there, leaving the vdir and the database
/// consistent (the next sync carries on).
public enum SyncError: Error, Equatable, CustomStringConvertible {
  /// The path exists and is not a directory.
  case notADirectory(path: String)
  /// The directory (or one above it) could not be created.
  case cannotCreate(path: String, reason: String)
  /// The directory could not be opened or read.
  case cannotOpen(path: String, reason: String)
  /// Another sync holds the directory's lock.
  case busy(path: String)
  /// An item file could not be read.
  case cannotRead(path: String, reason: String)
  /// An item file could not be written.
  case cannotWrite(path: String, reason: String)
  /// An item file could not be removed.
  case cannotRemove(path: String, reason: String)
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
    case .cannotCreate(let path, let reason):
      return "cannot create the directory '\(path)': \(reason)"
    case .cannotOpen(let path, let reason):
      return "cannot read the directory '\(path)': \(reason)"
    case .busy(let path):
      return "another calpager sync is running on '\(path)'; try again when it ends"
    case .cannotRead(let path, let reason):
      return "cannot read '\(path)': \(reason)"
    case .cannotWrite(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    case .cannotRemove(let path, let reason):
      return "cannot remove '\(path)': \(reason)"
    case .cannotSync(let path, let reason):
      return "cannot sync the files of '\(path)' to disk: \(reason)"
    case .emptied(let path, let notes):
      return "'\(path)' holds no item, but \(notes) note\(notes == 1 ? " was" : "s were") "
        + "synced with it: nothing was changed; if every note should go, run 'calpager sync "
        + "--force-delete'"
    }
  }
}
