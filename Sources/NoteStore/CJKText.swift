import DisplayText

/// Text written without spaces between words (Chinese, Japanese, Korean), which search finds
/// inside words rather than as whole words.
///
/// The scalars listed here are exactly the ones the `notes_cjk_text` view of migration
/// `0003_search_cjk` matches with its GLOB class: a note holding one of them is in the CJK
/// index, and a query word holding one is looked up there (a test checks the two agree for
/// every scalar).
enum CJKText {
  /// The ranges of CJK scalars, sorted.
  ///
  /// Hangul, kana, bopomofo, the CJK ideographs and the punctuation and symbols of CJK text.
  /// Few and wide on purpose: SQLite's GLOB tests a character against each range in turn,
  /// about 8 ns a range.
  static let ranges: [ClosedRange<UInt32>] = [
    0x1100...0x11FF,  // Hangul Jamo
    0x3000...0x9FFF,  // CJK punctuation, kana, bopomofo, Hangul compatibility jamo, kanbun,
    // strokes, enclosed and compatibility CJK, CJK Unified Ideographs and Extension A
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7FF,  // Hangul Syllables, Hangul Jamo Extended-B
    0xF900...0xFAFF,  // CJK Compatibility Ideographs
    0xFF66...0xFFDC,  // Halfwidth Katakana and Hangul
    0x1_B000...0x1_B16F,  // Kana Supplement, Kana Extended-A, Small Kana Extension
    0x2_0000...0x3_23AF,  // CJK Unified Ideographs Extensions B to H, Compatibility Supplement
  ]

  /// Whether `scalar` is CJK.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x1100 else { return false }
    return ranges.sortedRangesContain(value)
  }

  /// Whether `text` holds a CJK scalar.
  ///
  /// - Complexity: O(*n*) in the UTF-8 bytes of `text`; text with no byte of a three- or
  ///   four-byte sequence starting at U+1100 or above is decided from its bytes alone.
  static func contains(_ text: String) -> Bool {
    // Every CJK scalar is U+1100 or above: a three-byte sequence led by 0xE1...0xEF or a
    // four-byte one led by 0xF0...0xF4. Most notes have no such byte.
    guard text.utf8.contains(where: { $0 >= 0xE1 }) else { return false }
    return text.unicodeScalars.contains(where: isCJK)
  }
}
