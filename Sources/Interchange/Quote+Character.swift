internal import DisplayText

/// The project's one quoting helper (in `DisplayText`), under the name every file of this
/// module uses.
typealias Quote = DisplayText.Quote

extension DisplayText.Quote {
  /// The character starting at `index` of `bytes`, for `unexpected 'x'` messages; U+FFFD
  /// when no valid UTF-8 sequence starts there.
  static func character(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
    guard let length = UTF8Validation.sequenceLength(bytes, at: index) else { return "\u{FFFD}" }
    return text(
      String(
        decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self))
  }
}
