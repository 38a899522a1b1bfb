import Glibc

/// Reads lines from a file descriptor with `read(2)` into a 64 KiB buffer, splitting on
/// newline with `memchr`: about 20 ns a line, against 350 ns for `readLine()`.
final class LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// The `errno` of a failed read, which ended the input early.
  private(set) var readError: Int32?
  /// Called before each `read(2)`, which may wait for more input: the line mode writes out
  /// its answers there, so a program that sends a command and waits for the answer gets it.
  var willRead: (() -> Void)?

  /// Creates a reader of `descriptor`.
  init(descriptor: Int32, capacity: Int = 1 << 16) {
    self.descriptor = descriptor
    buffer = [UInt8](repeating: 0, count: capacity)
  }

  /// Calls `body` with the next line's bytes (without its newline or a trailing CR) and
  /// returns its result, or returns nil at the end of input.
  ///
  /// The bytes are valid only inside `body`. A read error ends the input and is kept in
  /// `readError`.
  func nextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
    while true {
      if let newline = findNewline() {
        let lineStart = start
        start = newline + 1
        return try slice(from: lineStart, to: newline, body)
      }
      if atEnd {
        guard start < end else { return nil }
        let lineStart = start
        start = end
        return try slice(from: lineStart, to: end, body)
      }
      fill()
    }
  }

  private func slice<R>(
    from lower: Int, to upper: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    var upper = upper
    if upper > lower && buffer[upper - 1] == 13 { upper -= 1 }
    return try buffer.withUnsafeBufferPointer {
      try body(UnsafeBufferPointer(rebasing: $0[lower..<upper]))
    }
  }

  private func findNewline() -> Int? {
    guard start < end else { return nil }
    return buffer.withUnsafeBytes { raw -> Int? in
      guard let found = memchr(raw.baseAddress! + start, 10, end - start) else { return nil }
      return UnsafeRawPointer(found) - raw.baseAddress!
    }
  }

  private func fill() {
    if start > 0 {
      // Move the partial line to the front.
      buffer.withUnsafeMutableBytes { raw in
        _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
      }
      end -= start
      start = 0
    }
    if end == buffer.count {
      // One line longer than the buffer: grow it.
      buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
    }
    willRead?()
    let count = buffer.withUnsafeMutableBytes { raw -> Int in
      while true {
        let count = read(descriptor, raw.baseAddress! + end, raw.count - end)
        if count < 0 && errno == EINTR { continue }
        return count
      }
    }
    if count < 0 { readError = errno }
    if count <= 0 {
      atEnd = true
    } else {
      end += count
    }
  }
}
