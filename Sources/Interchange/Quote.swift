/// Renders offending input for an error message: one line, short, no raw control characters.
enum Quote {
  /// The most characters of input an error message shows.
  static let limit = 40

  /// `text` cut to `limit` characters (with `…`), control characters shown as `\u{1b}`.
  static func text(_ text: String) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      if isControl(scalar.value) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }

  /// Bytes read as UTF-8 (invalid sequences shown as U+FFFD), then as `text(_:)`.
  static func bytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    // Decode a little more than needed so the cut is made on characters, not bytes.
    let prefix = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, limit * 4 + 4)])
    let cut = text(String(decoding: prefix, as: UTF8.self))
    return prefix.count < bytes.count && !cut.hasSuffix("…") ? cut + "…" : cut
  }

  /// Bytes read as UTF-8, then as `text(_:)`.
  static func bytes(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { Quote.bytes($0) }
  }

  /// Bytes read as UTF-8, then as `text(_:)`.
  static func bytes(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { Quote.bytes($0) }
  }

  /// The character starting at `index` of `bytes`, for `unexpected 'x'` messages; U+FFFD
  /// when no valid UTF-8 sequence starts there.
  static func character(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
    guard let length = UTF8Validation.sequenceLength(bytes, at: index) else { return "\u{FFFD}" }
    return text(
      String(
        decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self))
  }

  /// `U+000A` for a code point.
  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value) || value == 0x2028
      || value == 0x2029
  }
}
