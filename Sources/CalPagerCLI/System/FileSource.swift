import Interchange

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes read with `read(2)` from a file descriptor, for the import decoders.
struct FileSource: ByteSource {
  /// The descriptor read.
  let descriptor: Int32
  /// The name in messages: a path or "standard input".
  let name: String

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR {
        throw CLIError.cannotRead(name: name, reason: String(cString: strerror(errno)))
      }
    }
  }
}

/// A file written under a temporary name beside its final path, synced, then renamed over it:
/// a reader sees the old file or the whole new one, never half of it.
struct AtomicFile {
  /// The final path.
  let path: String
  /// The temporary path being written.
  let temporaryPath: String
  /// The descriptor of the temporary file.
  let descriptor: Int32

  /// Creates the temporary file beside `path`.
  init(path: String) throws {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array(
      ((directory.isEmpty ? "" : directory + "/") + "." + name + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw CLIError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    fchmod(descriptor, 0o644)
    self.descriptor = descriptor
    temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Syncs the temporary file and renames it over `path`.
  func commit() throws {
    guard fsync(descriptor) == 0 else { throw failure() }
    close(descriptor)
    guard rename(temporaryPath, path) == 0 else {
      let error = failure()
      unlink(temporaryPath)
      throw error
    }
    // Make the rename itself durable.
    let directory = open(path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ".", O_RDONLY)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// Removes the temporary file; `path` is untouched.
  func abandon() {
    close(descriptor)
    unlink(temporaryPath)
  }

  private func failure() -> CLIError {
    CLIError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
  }
}
