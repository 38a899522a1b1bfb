import Glibc

/// A file being written by `export -o`, by the rules of `OutputTarget`: a regular file (or a
/// new one) is written under a temporary name beside it, synced, then renamed over it, so a
/// reader sees the old file or the whole new one; a FIFO or a device is written in place.
struct OutputFile {
  /// Where the bytes go.
  let target: OutputTarget
  /// The temporary file being written; nil when writing in place.
  let temporaryPath: String?
  /// The descriptor written to.
  let descriptor: Int32

  /// Opens `target` for writing: a temporary file beside it, or the FIFO or device itself
  /// (which may wait for a reader, as a shell's `>` does).
  ///
  /// - Throws: `CLIError.cannotWrite` when the file cannot be made or opened.
  init(_ target: OutputTarget) throws {
    self.target = target
    if target.kind == .special {
      descriptor = open(target.resolvedPath, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else { throw OutputFile.failure(target.path) }
      temporaryPath = nil
      return
    }
    let (descriptor, path) = try OutputFile.makeTemporary(
      in: target.directory, prefix: "." + target.name + ".tmp-", for: target.path)
    target.applyMode(to: descriptor)
    self.descriptor = descriptor
    temporaryPath = path
  }

  /// Finishes the file: syncs the temporary file and renames it over the target, or closes
  /// the FIFO or device.
  ///
  /// - Throws: `CLIError.cannotWrite` when syncing, closing or renaming fails; the target is
  ///   then as it was (or, in place, holds what was written before the failure).
  func commit() throws {
    guard let temporaryPath else {
      guard close(descriptor) == 0 else { throw OutputFile.failure(target.path) }
      return
    }
    guard fsync(descriptor) == 0 else {
      let error = OutputFile.failure(target.path)
      abandon()
      throw error
    }
    guard close(descriptor) == 0 else {
      let error = OutputFile.failure(target.path)
      unlink(temporaryPath)
      throw error
    }
    guard rename(temporaryPath, target.resolvedPath) == 0 else {
      let error = OutputFile.failure(target.path)
      unlink(temporaryPath)
      throw error
    }
    OutputFile.syncDirectory(target.directory)
  }

  /// Drops what was written: removes the temporary file (the target is untouched).
  func abandon() {
    close(descriptor)
    if let temporaryPath { unlink(temporaryPath) }
  }

  /// Creates a new file named `prefix` and six random characters in `directory`, readable
  /// and writable by its owner only.
  ///
  /// - Returns: Its descriptor and path.
  /// - Throws: `CLIError.cannotWrite` naming `path` (the file the caller writes).
  static func makeTemporary(in directory: String, prefix: String, for path: String) throws
    -> (descriptor: Int32, path: String)
  {
    var template = Array((directory + "/" + prefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer {
      mkstemp($0.baseAddress!)
    }
    guard descriptor >= 0 else { throw failure(path) }
    let made = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (descriptor, made)
  }

  /// Makes a rename in `directory` durable; a failure is not reported, as SQLite does not
  /// report one either (the file itself is synced).
  static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The error for `path` from `errno`.
  static func failure(_ path: String) -> CLIError {
    CLIError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
  }
}
