import Glibc

/// The line editor's history: the entries in memory, newest last, and a file that sessions
/// share, one entry a line.
///
/// The file is private: it is created 0600 (and tightened to 0600 if it was wider), in
/// directories created 0700. Each session appends the lines it keeps as they are entered,
/// under an exclusive `flock(2)`, so two sessions lose none of each other's lines; when the
/// file holds more than `limit` entries, the one appending rewrites it in place with the
/// newest `limit`, under the same lock. A line is kept unless it is blank, holds a newline or
/// NUL, or repeats the entry before it. Failing to read or write the file is not an error: the
/// history then lives in memory only.
package final class LineHistory {
  /// The file, or nil for a history in memory only.
  package let path: String?
  /// The most entries kept, in memory and in the file.
  package let limit: Int
  /// The entries, oldest first.
  package private(set) var entries: [String] = []
  /// Entries in the file as far as this session knows (other sessions may have added some).
  private var linesInFile = 0

  /// The history in `path` (nil: memory only), loaded now, bounded to `limit` entries.
  package init(path: String?, limit: Int = 1000) {
    self.path = path
    self.limit = max(limit, 1)
    load()
  }

  /// The history file's default place: `$XDG_STATE_HOME/calpager/history`, else
  /// `$HOME/.local/state/calpager/history`; nil when neither variable gives an absolute path
  /// (the XDG rule: a relative path is ignored).
  package static func defaultPath(environment: [String: String]) -> String? {
    XDGDirectory.state.path(of: "/calpager/history", environment: environment)
  }

  /// Adds `line` as the newest entry, in memory and in the file; returns whether it did.
  ///
  /// A line is not added when it is blank, holds a newline or NUL, or equals the newest entry.
  @discardableResult
  package func add(_ line: String) -> Bool {
    guard line.contains(where: { !$0.isWhitespace }),
      !line.utf8.contains(where: { $0 == 0 || $0 == 0x0A }), line != entries.last
    else { return false }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    append(line)
    return true
  }

  private func load() {
    guard let path else { return }
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    makePrivate(descriptor)
    flock(descriptor, LOCK_EX)
    let lines = Self.lines(of: Self.contents(of: descriptor))
    entries = Array(lines.suffix(limit))
    linesInFile = lines.count
    if linesInFile > limit { rewrite(descriptor, with: entries) }
  }

  private func append(_ line: String) {
    guard let path, Self.makeDirectories(for: path) else { return }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    makePrivate(descriptor)
    flock(descriptor, LOCK_EX)
    lseek(descriptor, 0, SEEK_END)
    guard Self.writeAll(descriptor, Array(line.utf8) + [0x0A]) else { return }
    linesInFile += 1
    if linesInFile > limit {
      let lines = Self.lines(of: Self.contents(of: descriptor))
      rewrite(descriptor, with: Array(lines.suffix(limit)))
    }
  }

  /// Replaces the file's contents with `lines` (the lock is held): written from the start,
  /// then cut to length, so a crash half way leaves whole lines.
  private func rewrite(_ descriptor: Int32, with lines: [String]) {
    var bytes: [UInt8] = []
    for line in lines { bytes += line.utf8 + [0x0A] }
    lseek(descriptor, 0, SEEK_SET)
    guard Self.writeAll(descriptor, bytes) else { return }
    ftruncate(descriptor, off_t(bytes.count))
    linesInFile = lines.count
  }

  private func makePrivate(_ descriptor: Int32) {
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & 0o077 != 0 {
      fchmod(descriptor, 0o600)
    }
  }

  /// Creates the missing directories above `path`, each 0700.
  private static func makeDirectories(for path: String) -> Bool {
    var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    components.removeLast()
    var current = ""
    for component in components {
      current += "/" + component
      if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
  }

  private static func lines(of bytes: [UInt8]) -> [String] {
    bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
      .filter { $0.contains { !$0.isWhitespace } }
  }

  private static func contents(of descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
      offset += off_t(count)
    }
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }
}
