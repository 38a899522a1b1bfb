import CFileSystem
import Glibc
import Interchange

/// A buffered writer to a file descriptor: output is collected in a 64 KiB buffer and written
/// with `write(2)` when it fills and at `flush()`.
///
/// The first write that fails (a full disk, an I/O error) is kept in `writeError`, and nothing
/// more is written: what was lost cannot be made up by writing later parts, so the command
/// must end with an error (see `CalPager.run` and the line mode). A closed pipe
/// (`calpager export | head`) is left to `SIGPIPE`, which ends the process quietly, as it does
/// every Unix filter.
final class Output {
  /// The descriptor written to.
  let descriptor: Int32
  private(set) var buffer: [UInt8] = []
  /// The size at which the buffer is written out.
  let capacity: Int
  /// The `errno` of the first write that failed; nil while every write succeeded.
  private(set) var writeError: Int32?

  /// Whether a write failed: some of the output was lost.
  var failed: Bool { writeError != nil }

  /// Creates a writer to `descriptor`.
  init(descriptor: Int32, capacity: Int = 1 << 16) {
    self.descriptor = descriptor
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  /// Creates a writer that keeps what it is given in `buffer`, written nowhere: for output
  /// laid out once and shown elsewhere (the full-screen browser).
  init(capturing expected: Int) {
    descriptor = -1
    capacity = .max
    buffer.reserveCapacity(expected)
  }

  /// Appends `text`.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    flushIfFull()
  }

  /// Appends `text` and a newline.
  func line(_ text: String = "") {
    write(text)
    buffer.append(10)
    flushIfFull()
  }

  /// Appends `text` and a newline, without making a `String` of it.
  func line(_ text: Substring) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    buffer.append(10)
    flushIfFull()
  }

  /// Appends bytes.
  func write(bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
    flushIfFull()
  }

  /// Gives `body` the buffer to append to directly (the export hot path), then writes it out
  /// if it filled.
  func append<Result>(_ body: (inout [UInt8]) throws -> Result) rethrows -> Result {
    let result = try body(&buffer)
    flushIfFull()
    return result
  }

  /// Writes one JSON value with `body`, straight into the buffer, and a newline after it.
  func json(_ body: (inout JSONWriter) -> Void) {
    var writer = JSONWriter(bytes: buffer)
    buffer = []
    body(&writer)
    buffer = writer.bytes
    buffer.append(10)
    flushIfFull()
  }

  /// Writes one JSON object whose members `body` writes, and a newline after it.
  func jsonObject(_ body: (inout JSONWriter) -> Void) {
    json { $0.object(body) }
  }

  private func flushIfFull() {
    if buffer.count >= capacity { flush() }
  }

  /// Writes out everything buffered; returns false when the descriptor refused it (an I/O
  /// error or a full disk), now or at an earlier write.
  ///
  /// After a failure the buffer is dropped, then and at every later call: the output is
  /// already incomplete. A capture (`init(capturing:)`) is only emptied.
  @discardableResult
  func flush() -> Bool {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard writeError == nil else { return false }
    guard !buffer.isEmpty, descriptor >= 0 else { return true }
    if buffer.withUnsafeBytes({ Output.writeAll($0, to: descriptor) }) { return true }
    writeError = errno
    return false
  }

  /// The reason the first failed write gave, such as "No space left on device".
  var writeErrorReason: String {
    writeError.map { String(cString: strerror($0)) } ?? "no error"
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes and interrupts.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    bytes.isEmpty || cfs_write_all(descriptor, bytes.baseAddress, bytes.count) == 0
  }
}
