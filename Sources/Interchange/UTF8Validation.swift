/// UTF-8 checks over raw bytes (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), with an eight-bytes-at-a-time path for ASCII.
///
/// The command line checks its arguments and script lines with it too.
package enum UTF8Validation {
  /// The length of the valid UTF-8 sequence starting at `index`, or nil when none starts there.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let remaining = bytes.count - index
    @inline(__always) func continuation(_ offset: Int) -> Bool {
      bytes[index + offset] & 0xC0 == 0x80
    }
    switch lead {
    case 0xC2...0xDF:
      return remaining >= 2 && continuation(1) ? 2 : nil
    case 0xE0...0xEF:
      guard remaining >= 3, continuation(1), continuation(2) else { return nil }
      let second = bytes[index + 1]
      if lead == 0xE0 && second < 0xA0 { return nil }  // overlong
      if lead == 0xED && second >= 0xA0 { return nil }  // surrogate
      return 3
    case 0xF0...0xF4:
      guard remaining >= 4, continuation(1), continuation(2), continuation(3) else { return nil }
      let second = bytes[index + 1]
      if lead == 0xF0 && second < 0x90 { return nil }  // overlong
      if lead == 0xF4 && second >= 0x90 { return nil }  // past U+10FFFF
      return 4
    default:
      return nil
    }
  }

  /// Whether all of `bytes` is valid UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    firstInvalidOffset(in: bytes) == nil
  }

  /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil when all
  /// of `bytes` is valid.
  ///
  /// - Complexity: O(n); ASCII goes eight bytes at a time.
  package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var index = 0
    while index < bytes.count {
      if index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          index += 8
          continue
        }
      }
      guard let length = sequenceLength(bytes, at: index) else { return index }
      index += length
    }
    return nil
  }

  /// Calls `body` with `bytes` when they are valid UTF-8, else with a copy in which every
  /// invalid sequence is replaced by U+FFFD (as `String(decoding:as:)` does).
  static func withValid<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if isValid(bytes) { return body(bytes) }
    let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
    return repaired.withUnsafeBufferPointer(body)
  }
}

extension Array where Element == UInt8 {
  /// Appends the bytes of an ASCII literal.
  @inline(__always)
  mutating func append(ascii literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `count` bytes that `write` writes in place from the pointer it is given: a
  /// fixed-width part made in a small stack buffer and appended at once.
  @inline(__always)
  mutating func append(count: Int, writing write: (UnsafeMutablePointer<UInt8>) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      write(buffer.baseAddress!)
      append(contentsOf: buffer)
    }
  }

  /// Appends a run of bytes, `count` of them from `start`.
  @inline(__always)
  mutating func append(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
    if end > start {
      append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
    }
  }
}
