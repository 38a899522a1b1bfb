/// Text written without spaces between words (Chinese, Japanese, Korean), which search finds
/// inside words rather than as whole words.
///
/// The scalars listed here are exactly the ones the `notes_cjk_text` view of migration
/// `0002_search_cjk` matches with its GLOB class: a note holding one of them is in the CJK
/// index, and a query word holding one is looked up there (a test checks the two agree for
/// every scalar).
enum CJKText {
  /// The ranges of CJK scalars, sorted: kana, Hangul, bopomofo and the CJK ideographs.
  static let ranges: [ClosedRange<UInt32>] = [
    0x1100...0x11FF,  // Hangul Jamo
    0x3005...0x3007,  // 々 〆 〇
    0x3031...0x3035,  // kana repetition marks
    0x3041...0x309F,  // Hiragana
    0x30A0...0x30FF,  // Katakana
    0x3105...0x312F,  // Bopomofo
    0x3131...0x318F,  // Hangul Compatibility Jamo
    0x31A0...0x31BF,  // Bopomofo Extended
    0x31F0...0x31FF,  // Katakana Phonetic Extensions
    0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
    0x4E00...0x9FFF,  // CJK Unified Ideographs
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7AF,  // Hangul Syllables
    0xD7B0...0xD7FF,  // Hangul Jamo Extended-B
    0xF900...0xFAFF,  // CJK Compatibility Ideographs
    0xFF66...0xFF9F,  // Halfwidth Katakana
    0xFFA0...0xFFDC,  // Halfwidth Hangul
    0x1_B000...0x1_B16F,  // Kana Supplement, Kana Extended-A, Small Kana Extension
    0x2_0000...0x3_23AF,  // CJK Unified Ideographs Extensions B to H, Compatibility Supplement
  ]

  /// Whether `scalar` is CJK.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < ranges.count && ranges[low].contains(value)
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
