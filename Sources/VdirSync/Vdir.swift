import CFileSystem
import Glibc
import Interchange
import NoteStore

/// A vdir: a directory holding one `.ics` file per item, as vdirsyncer, khal and todoman keep
/// them.
///
/// calpager reads and writes it through an open descriptor, so a rename of the path while a
/// sync runs cannot send writes elsewhere.
///
/// - Files are written under a temporary name in the directory that does not end in `.ics`
///   (`.calpager-sync-…`, created 0600), then renamed over the item: a reader sees the old
///   file or the whole new one. A new item is renamed only where no file exists yet; an
///   existing one only while it still holds the bytes the sync planned from.
/// - A file is removed by renaming it to a temporary name first and examining what was moved:
///   another program's version, written after the sync planned, is put back, never unlinked.
/// - No file is synced on its own: `syncToDisk()` syncs the whole file system once, before
///   the database records what was written.
/// - Only one sync works on a directory at a time: `lock()` takes an exclusive `flock` on it,
///   released when the value is freed (or the process ends, however it ends).
public final class Vdir {
  /// The directory's absolute path, symbolic links resolved.
  public let path: String
  /// The open directory; -1 for a directory that does not exist (a dry run).
  let descriptor: Int32
  var temporaryCount = 0
  /// This process's id, in the temporary files' names (with a count, and O_EXCL: a name
  /// an earlier process left is skipped).
  let processID = String(getpid())

  /// The prefix of the temporary files a sync writes.
  static let temporaryPrefix = ".calpager-sync-"
  /// The largest item file read: a bigger one is left alone.
  static let largestItem = 64 << 20

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Opens the directory at `path`, creating it (and the directories above it) with mode
  /// 0700 when it is missing and `creating` is true.
  ///
  /// - Returns: The vdir; when it is missing and not created, an empty one that cannot be
  ///   written (what a dry run plans against).
  /// - Throws: `SyncError` when it is not a directory or cannot be created or opened.
  public static func open(_ path: String, creating: Bool) throws(SyncError) -> Vdir {
    var info = stat()
    if lstat(path, &info) != 0 {
      guard errno == ENOENT else { throw .cannot(.readDirectory, path: path, reason: lastError()) }
      guard creating else { return Vdir(path: absolute(path), descriptor: -1) }
      try makeDirectories(path)
    }
    let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOTDIR { throw .notADirectory(path: path) }
      throw .cannot(.readDirectory, path: path, reason: lastError())
    }
    guard let resolved = realpath(path, nil) else {
      let reason = lastError()
      close(descriptor)
      throw .cannot(.readDirectory, path: path, reason: reason)
    }
    defer { free(resolved) }
    return Vdir(path: String(cString: resolved), descriptor: descriptor)
  }

  /// Whether the directory exists (false only for a dry run's missing directory).
  public var exists: Bool { descriptor >= 0 }

  /// The name of the folder's marker file: the token that tells this folder from another one
  /// at the same path (not an item: its name does not end in `.ics`).
  static let markerName = ".calpager-vdir"

  /// The token of the folder's marker file; nil when it has none (a folder never synced, or
  /// made again).
  func markerToken() throws(SyncError) -> String? {
    guard exists, let (bytes, _) = try read(Vdir.markerName) else { return nil }
    let token = String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
    return token.isEmpty || token.utf8.count > 100 ? nil : token
  }

  /// Writes the marker file holding `token` (atomically, as an item).
  func writeMarker(_ token: String) throws(SyncError) {
    let (temporary, file) = try writeTemporary(Array((token + "\n").utf8), for: Vdir.markerName)
    close(file)
    guard renameat(descriptor, temporary, descriptor, Vdir.markerName) == 0 else {
      let reason = Vdir.lastError()
      unlinkat(descriptor, temporary, 0)
      throw .cannot(.write, path: filePath(Vdir.markerName), reason: reason)
    }
  }

  /// A new random token for a marker: 32 hex digits.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return ItemFingerprint.hex(generator.next()) + ItemFingerprint.hex(generator.next())
  }

  /// Takes the lock that lets one sync at a time work on the directory.
  ///
  /// - Throws: `SyncError.busy` when another sync holds it.
  public func lock() throws(SyncError) {
    guard exists else { return }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      if errno == EWOULDBLOCK { throw .busy(path: path) }
      throw .cannot(.readDirectory, path: path, reason: Vdir.lastError())
    }
  }

  /// The item files, sorted by name, with their stats; with `removingTemporaryFiles`, the
  /// temporary files an interrupted sync left are removed (under the lock, no other sync
  /// can be writing them).
  func list(removingTemporaryFiles: Bool) throws(SyncError) -> VdirListing {
    var listing = VdirListing()
    guard exists else { return listing }
    let copy = dup(descriptor)
    guard copy >= 0, let directory = fdopendir(copy) else {
      let reason = Vdir.lastError()
      if copy >= 0 { close(copy) }
      throw .cannot(.readDirectory, path: path, reason: reason)
    }
    defer { closedir(directory) }
    rewinddir(directory)
    let suffix = Array(".ics".utf8)
    let temporary = Array(Vdir.temporaryPrefix.utf8)
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw .cannot(.readDirectory, path: path, reason: Vdir.lastError()) }
        break
      }
      try withUnsafeBytes(of: &entry.pointee.d_name) { (raw) throws(SyncError) in
        let cName = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
        let bytes = raw.bindMemory(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        let name = UnsafeBufferPointer(rebasing: bytes[..<length])
        if name.starts(with: temporary) && !name.reversed().starts(with: suffix.reversed()) {
          if removingTemporaryFiles {
            unlinkat(descriptor, cName, 0)
          }
          return
        }
        guard length > suffix.count, name.reversed().starts(with: suffix.reversed()) else {
          return
        }
        var info = stat()
        guard fstatat(descriptor, cName, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
          if errno == ENOENT { return }  // removed meanwhile
          throw failure(.read, String(decoding: name, as: UTF8.self))
        }
        let kind: VdirListing.Kind
        if UTF8Validation.firstInvalidOffset(in: name) != nil {
          kind = .badName
        } else {
          kind = (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
        }
        listing.append(name: name, stat: FileStat(info), kind: kind)
      }
    }
    listing.sort()
    return listing
  }

  /// The bytes and stat of the item `name`; nil when there is no such file.
  func read(_ name: String) throws(SyncError) -> (bytes: [UInt8], stat: FileStat)? {
    let file = openat(descriptor, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard file >= 0 else {
      if errno == ENOENT { return nil }
      throw failure(.read, name)
    }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else {
      throw failure(.read, name)
    }
    guard Int(info.st_size) <= Vdir.largestItem else {
      throw .cannot(.read, path: filePath(name), reason: "larger than 64 MiB")
    }
    // The size stat gave, then whatever the file grew by meanwhile: an array exactly the
    // size of a file that did not change (a batch holds a few thousand of them).
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var count = 0
    var more = [UInt8](repeating: 0, count: 0)
    while true {
      let read: Int
      if count < bytes.count {
        read = bytes.withUnsafeMutableBytes { buffer in
          Glibc.read(file, buffer.baseAddress! + count, buffer.count - count)
        }
      } else {
        if more.isEmpty { more = [UInt8](repeating: 0, count: 4096) }
        read = more.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress!, $0.count) }
        if read > 0 { bytes += more[..<read] }
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        throw failure(.read, name)
      }
      count += read
      guard count <= Vdir.largestItem else {
        throw .cannot(.read, path: filePath(name), reason: "larger than 64 MiB")
      }
    }
    if count < bytes.count { bytes.removeLast(bytes.count - count) }
    return (bytes, FileStat(info))
  }

  /// What became of a write or a removal.
  enum Outcome: Equatable {
    /// Done; a written file has this stat.
    case done(FileStat?)
    /// Written, with this stat; but what it replaced was not what the sync planned from
    /// (another program wrote the file meanwhile): that version is kept as `kept`, a file of
    /// the directory that is not an item, holding `bytes`, for the sync to keep.
    case displaced(FileStat, kept: String, bytes: [UInt8])
    /// The file is no longer what the sync planned from (another program wrote it): left
    /// alone for the next sync.
    case changedMeanwhile
    /// Not removed: another program wrote the file after the sync planned from it, and wrote
    /// another while the sync had its version set aside. The version set aside is kept as
    /// `kept`, a file of the directory that is not an item, holding `bytes`, for the sync to
    /// keep.
    case setAside(kept: String, bytes: [UInt8])
  }

  /// Whether the file system refused RENAME_EXCHANGE: a replacement is then checked and
  /// renamed in two steps, with a window in which another program's version can be lost.
  public private(set) var exchangeUnsupported = false

  /// The prefix of a displaced version kept until the sync has it (not removed as a
  /// temporary file is: it may be the only copy of another program's version).
  static let keptPrefix = ".calpager-kept-"

  /// Writes `bytes` as the item `name`: a new item when `replacing` is nil (only where no
  /// file exists), else over the file that had the fingerprint `replacing` when planned.
  ///
  /// A replacement exchanges the new file with the old one in one step (`renameat2` with
  /// `RENAME_EXCHANGE`), then looks at what it swapped out: no other program can slip a
  /// version in between a check and the rename. What was swapped out is removed when it is
  /// what the sync planned from (or these very bytes), and otherwise kept (`displaced`).
  func write(_ name: String, _ bytes: [UInt8], replacing: String?) throws(SyncError) -> Outcome {
    let (temporary, file) = try writeTemporary(bytes, for: name)
    defer { close(file) }
    var done = false
    defer { if !done { unlinkat(descriptor, temporary, 0) } }
    if let replacing {
      if !exchangeUnsupported {
        if cfs_rename_exchange(descriptor, temporary, name) == 0 {
          done = true
          return try examineSwappedOut(
            temporary, for: name, planned: replacing, written: bytes, file: file)
        }
        if errno == ENOENT { return .changedMeanwhile }  // removed meanwhile
        guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
          throw failure(.write, name)
        }
        exchangeUnsupported = true
      }
      guard let current = try read(name), ItemFingerprint.of(current.bytes) == replacing else {
        return .changedMeanwhile
      }
      guard renameat(descriptor, temporary, descriptor, name) == 0 else {
        throw failure(.write, name)
      }
    } else if cfs_rename_noreplace(descriptor, temporary, name) != 0 {
      if errno == EEXIST { return .changedMeanwhile }
      guard errno == EINVAL || errno == ENOSYS else {
        throw failure(.write, name)
      }
      // A file system without RENAME_NOREPLACE: a hard link fails the same way on a name
      // that exists.
      guard linkat(descriptor, temporary, descriptor, name, 0) == 0 else {
        if errno == EEXIST { return .changedMeanwhile }
        throw failure(.write, name)
      }
      unlinkat(descriptor, temporary, 0)
    }
    done = true
    return .done(try Vdir.statOfWritten(file, name: filePath(name)))
  }

  /// Examines what an exchange swapped out into `temporary` (what was at `name`).
  ///
  /// It is removed when it is what the sync planned from; else renamed to a kept name (the
  /// next sync would remove a temporary file) and handed back.
  private func examineSwappedOut(
    _ temporary: String, for name: String, planned: String, written: [UInt8], file: Int32
  ) throws(SyncError) -> Outcome {
    let stat = try Vdir.statOfWritten(file, name: filePath(name))
    guard let (old, _) = try read(temporary) else { return .done(stat) }
    let fingerprint = ItemFingerprint.of(old)
    if fingerprint == planned || old == written {
      unlinkat(descriptor, temporary, 0)
      return .done(stat)
    }
    let kept = Vdir.keptName(for: temporary)
    guard renameat(descriptor, temporary, descriptor, kept) == 0 else {
      throw failure(.write, name)
    }
    return .displaced(stat, kept: kept, bytes: old)
  }

  /// Removes `name`, a file that is not an item (a kept version the sync now has).
  func removeKept(_ name: String) {
    unlinkat(descriptor, name, 0)
  }

  /// Renames the kept file `kept` to the first of `names` that is free: an item of its own.
  func restore(_ kept: String, as names: some Sequence<String>) throws(SyncError) -> String {
    for name in names {
      if cfs_rename_noreplace(descriptor, kept, name) == 0 { return name }
      if errno == EEXIST { continue }
      guard errno == EINVAL || errno == ENOSYS else { throw failure(.write, name) }
      guard linkat(descriptor, kept, descriptor, name, 0) == 0 else {
        if errno == EEXIST { continue }
        throw failure(.write, name)
      }
      unlinkat(descriptor, kept, 0)
      return name
    }
    preconditionFailure("the candidate names never end")
  }

  /// The stat of the open `file`, once it has its name: a rename changes a file's status
  /// change time, so the stat taken before would not match the next listing.
  private static func statOfWritten(_ file: Int32, name: String) throws(SyncError) -> FileStat {
    var info = Glibc.stat()
    guard fstat(file, &info) == 0 else {
      throw .cannot(.write, path: name, reason: lastError())
    }
    return FileStat(info)
  }

  /// Writes `bytes` to a new temporary file (mode 0600) and returns its name and its open
  /// descriptor (for its stat once renamed; the caller closes it).
  private func writeTemporary(_ bytes: [UInt8], for name: String) throws(SyncError)
    -> (String, Int32)
  {
    var file: Int32 = -1
    var temporary = ""
    while file < 0 {
      temporaryCount += 1
      temporary = Vdir.temporaryPrefix + processID + "-" + String(temporaryCount)
      file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if file < 0 && errno != EEXIST {
        throw failure(.write, name)
      }
    }
    let written = bytes.withUnsafeBytes { Vdir.writeAll($0, to: file) }
    if !written {
      let reason = Vdir.lastError()
      close(file)
      unlinkat(descriptor, temporary, 0)
      throw .cannot(.write, path: filePath(name), reason: reason)
    }
    return (temporary, file)
  }

  /// The kept name of the temporary file `temporary`: not removed by the next sync's listing.
  static func keptName(for temporary: String) -> String {
    keptPrefix + String(temporary.dropFirst(temporaryPrefix.count))
  }

  /// Syncs the file system holding the directory to disk: what was written and renamed is
  /// durable before the database records it.
  func syncToDisk() throws(SyncError) {
    guard cfs_syncfs(descriptor) == 0 else {
      throw .cannotSync(path: path, reason: Vdir.lastError())
    }
  }

  /// The path of the item `name`, for messages.
  func filePath(_ name: String) -> String {
    path + "/" + name
  }

  /// The error of `operation` failing on the item `name`, for the reason `errno` gives.
  func failure(_ operation: SyncError.Operation, _ name: String) -> SyncError {
    .cannot(operation, path: filePath(name), reason: Vdir.lastError())
  }

  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: Int32) -> Bool {
    bytes.isEmpty || cfs_write_all(file, bytes.baseAddress, bytes.count) == 0
  }

  /// Creates `path` and any directory above it that is missing, each with mode 0700.
  private static func makeDirectories(_ path: String) throws(SyncError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw .cannot(.createDirectory, path: path, reason: lastError())
      }
      prefix += "/"
    }
  }

  /// `path` made absolute against the working directory.
  private static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
    defer { free(cwd) }
    return String(cString: cwd) + "/" + path
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

extension FileStat {
  /// The size, modification time (ns), inode and status change time (ns) `stat` gave.
  init(_ info: stat) {
    self.init(
      size: Int(info.st_size), modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec,
      inode: Int(bitPattern: UInt(info.st_ino)),
      changed: info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec)
  }
}
