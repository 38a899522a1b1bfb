import Glibc

/// The file `export -o` or `backup` writes, found before anything is written: where a path
/// leads (symbolic links followed), what is there, and the mode a new file gets.
///
/// The rules: a symbolic link is written through, to its target; a FIFO or a device is
/// written into, in place; only a regular file (or none) is replaced, by a temporary file
/// renamed over it. An existing file keeps its mode; a new one gets the database file's mode
/// bits, never wider than the umask allows. The database itself and its journal files are
/// refused, whatever path names them (their device and inode are compared).
struct OutputTarget {
  /// What the path leads to.
  enum Kind: Equatable {
    /// Nothing yet: the file is created.
    case absent
    /// A regular file, with its mode bits and owner: it is replaced, keeping them.
    case regular(mode: mode_t, owner: uid_t, group: gid_t)
    /// A directory: nothing can be written.
    case directory
    /// A FIFO, a device or a socket: written into, never replaced.
    case special
  }

  /// The path as given, for messages.
  let path: String
  /// The file written: the path with symbolic links followed (it need not exist).
  let resolvedPath: String
  /// What is there now.
  let kind: Kind
  /// The mode bits of a file made new: the database's, within the umask.
  let newFileMode: mode_t

  /// Finds where `path` leads and refuses the database's own files.
  ///
  /// - Parameters:
  ///   - path: The path given to `-o` or `backup`.
  ///   - database: The database's path.
  /// - Throws: `CLIError.outputIsDatabase` when `path` is the database or one of its journal
  ///   files.
  init(path: String, database: String) throws {
    self.path = path
    resolvedPath = OutputTarget.followingLinks(path)
    var info = stat()
    if stat(resolvedPath, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        kind = .regular(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
      case S_IFDIR: kind = .directory
      default: kind = .special
      }
    } else {
      kind = .absent
    }
    let databasePath = OutputTarget.followingLinks(database)
    var databaseInfo = stat()
    let databaseMode = stat(databasePath, &databaseInfo) == 0 ? databaseInfo.st_mode : 0o600
    let mask = umask(0o077)
    umask(mask)
    newFileMode = databaseMode & 0o666 & ~mask
    let target = FileIdentity(resolvedPath)
    if target == FileIdentity(databasePath) {
      throw CLIError.outputIsDatabase(path: path, database: database, part: .database)
    }
    for suffix in ["-journal", "-wal", "-shm"]
    where target == FileIdentity(databasePath + suffix) {
      throw CLIError.outputIsDatabase(path: path, database: database, part: .journal(suffix))
    }
  }

  /// The directory holding `resolvedPath` ("." for a bare name).
  var directory: String { OutputTarget.directory(of: resolvedPath) }

  /// The last component of `resolvedPath`.
  var name: String {
    resolvedPath.lastIndex(of: "/").map { String(resolvedPath[resolvedPath.index(after: $0)...]) }
      ?? resolvedPath
  }

  /// The mode bits the written file must end with: the old file's, or `newFileMode`.
  var mode: mode_t {
    if case .regular(let mode, _, _) = kind { return mode }
    return newFileMode
  }

  /// Gives the file open at `descriptor` the mode (and, as root, the owner) the target must
  /// keep.
  func applyMode(to descriptor: Int32) {
    fchmod(descriptor, mode)
    if case .regular(_, let owner, let group) = kind, geteuid() == 0 {
      // Only root can give a file away; the old owner keeps a file root rewrote for them.
      _ = fchown(descriptor, owner, group)
    }
  }

  /// `path` with every symbolic link of its last component followed (at most 40, as the
  /// kernel does): the file a write through the link reaches, existing or not.
  static func followingLinks(_ path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    for _ in 0..<40 {
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    return current
  }

  /// The directory part of `path` ("." for a bare name, "/" for a file at the root).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }
}

/// Which file a path names, to compare two paths: the device and inode of an existing file,
/// else those of its directory and its name there.
struct FileIdentity: Equatable {
  private let device: UInt64
  private let inode: UInt64
  /// The name in the directory when the file does not exist; nil when it does.
  private let name: String?

  /// The identity of the file `path` names (symbolic links in it followed).
  init(_ path: String) {
    var info = stat()
    if stat(path, &info) == 0 {
      (device, inode, name) = (UInt64(info.st_dev), UInt64(info.st_ino), nil)
      return
    }
    let directory = OutputTarget.directory(of: path)
    let last = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    if stat(directory, &info) == 0 {
      (device, inode, name) = (UInt64(info.st_dev), UInt64(info.st_ino), last)
    } else {
      // No such directory: nothing could be written there, and nothing matches it.
      (device, inode, name) = (.max, .max, path)
    }
  }
}
