/// A buffer over a `ByteSource` for decoders.
///
/// Decoders look at the bytes not yet consumed, ask for
/// more when a record does not end within them, and consume a record once it is read. The
/// buffer grows only to hold the longest record, up to a limit.
struct ByteReader {
  /// An existential, so that the decoders are compiled once, not per source type (the
  /// source is called once per buffer refill).
  private var source: any ByteSource
  private var storage: [UInt8]
  /// The first byte not yet consumed.
  private var start = 0
  /// The end of the bytes read so far.
  private var end = 0
  /// Whether the source has reported its end.
  private(set) var isAtEnd = false
  /// The 1-based line of the first byte not yet consumed.
  private(set) var line = 1
  /// The longest record accepted, in bytes.
  let maximumRecordSize: Int

  init(source: any ByteSource, maximumRecordSize: Int, firstLine: Int = 1) {
    self.source = source
    self.maximumRecordSize = maximumRecordSize
    self.line = firstLine
    self.storage = [UInt8](repeating: 0, count: min(65_536, maximumRecordSize + 1))
  }

  /// A reader of `bytes` in memory, read in place (no buffer filled from a source) with a
  /// record as large as all of them: what reading a `ByteArraySource` of them does, without
  /// the copy.
  init(bytes: [UInt8]) {
    source = ByteArraySource([])
    maximumRecordSize = bytes.count + 1
    storage = bytes
    end = bytes.count
    isAtEnd = true
  }

  /// The number of bytes read but not consumed.
  var available: Int { end - start }

  /// Calls `body` with the bytes read but not consumed, valid only during the call.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try storage.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[start..<end]))
    }
  }

  /// The byte at `offset` from the first unconsumed one; `offset` < `available`.
  subscript(offset: Int) -> UInt8 { storage[start + offset] }

  /// Reads more bytes after those available; false when the source has ended.
  ///
  /// - Throws: what the source throws, or `recordTooLong` (at line `recordLine`) when the
  ///   unconsumed bytes already reach the maximum record size.
  mutating func readMore(recordLine: Int? = nil) throws -> Bool {
    if isAtEnd { return false }
    if available >= maximumRecordSize {
      throw InterchangeError.malformed(
        line: recordLine ?? line, .recordTooLong(limit: maximumRecordSize))
    }
    if start > 0 && (end == storage.count || start == end) {
      // Move the unconsumed bytes to the front; each byte moves at most once per refill.
      storage.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        base.update(from: base + start, count: end - start)
      }
      end -= start
      start = 0
    }
    if end == storage.count {
      let grown = min(storage.count * 2, maximumRecordSize + 65_536)
      storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
    }
    let count = try storage.withUnsafeMutableBytes { buffer in
      try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
    }
    precondition(count >= 0 && count <= storage.count - end, "a ByteSource returned a bad count")
    if count == 0 {
      isAtEnd = true
      return false
    }
    end += count
    return true
  }

  /// Makes at least `count` bytes available if the source has them; false when it has not.
  mutating func ensure(_ count: Int) throws -> Bool {
    while available < count {
      if try !readMore() { return false }
    }
    return true
  }

  /// Consumes `count` bytes that hold `newlines` line breaks.
  mutating func consume(_ count: Int, newlines: Int) {
    start += count
    line += newlines
  }

  /// Consumes a UTF-8 byte order mark if the input starts with one; whether it did.
  @discardableResult
  mutating func skipByteOrderMark() throws -> Bool {
    guard line == 1, start == 0, try ensure(3) || available > 0 else { return false }
    if available >= 3 && self[0] == 0xEF && self[1] == 0xBB && self[2] == 0xBF {
      consume(3, newlines: 0)
      return true
    }
    return false
  }

  /// Makes the next line available, reading until a newline or the end of the source.
  ///
  /// Returns the line's length in bytes (without its LF) and whether a LF ends it, or nil at
  /// the end. The line stays unconsumed (`consumeLine` consumes it).
  ///
  /// - Throws: what `readMore` throws, with `recordLine` for a line that is too long.
  mutating func nextLine(recordLine: Int? = nil) throws -> (length: Int, hasNewline: Bool)? {
    var scanned = 0
    while true {
      if let newline = firstIndex(of: 0x0A, from: scanned) { return (newline, true) }
      scanned = available
      if try !readMore(recordLine: recordLine) {
        return available == 0 ? nil : (available, false)
      }
    }
  }

  /// Consumes a line `nextLine` made available, with its LF.
  mutating func consumeLine(_ line: (length: Int, hasNewline: Bool)) {
    consume(line.length + (line.hasNewline ? 1 : 0), newlines: line.hasNewline ? 1 : 0)
  }

  /// The offset of the first `byte` at or after `offset` among the available bytes, or nil.
  func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
    withBytes { bytes in
      guard let base = bytes.baseAddress else { return nil }
      var index = offset
      let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ pattern
        if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
        index += 8
      }
      while index < bytes.count {
        if base[index] == byte { return index }
        index += 1
      }
      return nil
    }
  }
}
