import CalendarPaging
import DisplayText

/// Breaks text into lines of a display width, at spaces where it can and inside a word
/// (between characters, never inside one) where a word is wider than a line, as CJK text
/// without spaces is.
enum TextWrap {
  /// Calls `body` with the byte range of each line of `bytes` (one paragraph of valid UTF-8,
  /// no newlines) at most `width` columns wide, first to last.
  ///
  /// Spaces at a break are dropped; other runs of spaces are kept. No `String` is made unless
  /// the text holds characters of several scalars (combining marks, emoji sequences), which
  /// are measured as the character `String` finds there.
  ///
  /// - Complexity: O(n) in `bytes.count`.
  static func forEachLine(
    in bytes: UnsafeBufferPointer<UInt8>, width: Int, _ body: (Range<Int>) -> Void
  ) {
    let width = max(width, 1)
    let count = bytes.count
    // A character takes at most one column per UTF-8 byte (wide characters are 3 or 4 bytes),
    // so a text of no more bytes than columns fits without being measured.
    if count <= width {
      body(0..<count)
      return
    }
    // Printable ASCII always takes one column each, so more of it than columns cannot fit;
    // otherwise measure the whole text (its width may be less than its characters' widths).
    if printableASCIICount(bytes) <= width && DisplayWidth.of(utf8: bytes) <= width {
      body(0..<count)
      return
    }
    // The walk is over UTF-8 offsets. A scalar followed by one below U+0300 (or by the end)
    // is a whole character unless it is CR before LF or a prepended concatenation mark, so
    // most characters of note text are decoded and measured from their bytes; the others are
    // measured as the character `String` finds there. Same breaks as walking characters.
    var text: String?
    var line = WrappingLine()
    /// Whether the byte after `offset` starts no combining mark or joiner: then an ASCII byte
    /// at `offset` is a whole character, decided from the byte (most of a note).
    func isAlone(_ offset: Int) -> Bool {
      offset + 1 == count || bytes[offset + 1] < 0xCC
    }
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      var length = 1
      var characterWidth = 1
      var isSpace = byte == 0x20
      if !(byte >= 0x20 && byte < 0x7F && isAlone(offset)) {
        (length, isSpace, characterWidth) = character(in: bytes, at: offset, text: &text)
      }
      if isSpace {
        // Find the end of this run of spaces (each a one-byte character).
        var runEnd = offset + length
        while runEnd < count && bytes[runEnd] == 0x20 {
          if isAlone(runEnd) {
            runEnd += 1
            continue
          }
          let following = character(in: bytes, at: runEnd, text: &text)
          guard following.isSpace else { break }
          runEnd += following.length
        }
        if let ended = line.addSpaces(from: offset, to: runEnd, limit: width) { body(ended) }
        offset = runEnd
        continue
      }
      if let ended = line.addCharacter(at: offset, width: characterWidth, limit: width) {
        body(ended)
      }
      offset += length
    }
    if let last = line.lastLine(endingAt: count) { body(last) }
  }

  /// The character of `bytes` at `offset`: its length in bytes, whether it is a space, its
  /// width.
  ///
  /// `text` is the paragraph as a `String`, made the first time a character of several scalars
  /// needs it.
  private static func character(
    in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, text: inout String?
  ) -> (length: Int, isSpace: Bool, width: Int) {
    let (value, length) = TerminalText.scalar(in: bytes, at: offset)
    // Below 0xCC: ASCII, or a lead byte of a scalar below U+0300; 0xE4 to 0xE9: a scalar from
    // U+4000 to U+9FFF (CJK ideographs). Neither extends the character before it.
    let following: UInt8 = offset + length < bytes.count ? bytes[offset + length] : 0
    if (following < 0xCC || (0xE4...0xE9).contains(following))
      && !(value == 0x0D && following == 0x0A) && !TextWrap.mayBePrepended(value)
    {
      if value < 0x7F { return (length, value == 0x20, value >= 0x20 ? 1 : 0) }
      // As `DisplayWidth` measures a character of one scalar.
      let width =
        value == 0x200D || value == 0xFE0F
        ? 0 : DisplayWidth.of(Unicode.Scalar(value) ?? "\u{FFFD}")
      return (length, false, width)
    }
    if text == nil { text = String(decoding: bytes, as: UTF8.self) }
    let whole = text!
    let start = whole.utf8.index(whole.utf8.startIndex, offsetBy: offset)
    let end = whole.index(after: start)
    return (
      whole.utf8.distance(from: start, to: end), whole[start] == " ",
      DisplayWidth.of(whole[start..<end])
    )
  }

  /// The number of bytes from 0x20 to 0x7E.
  static func printableASCIICount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in bytes where byte &- 0x20 < 0x5F { count += 1 }
    return count
  }

  /// Whether `value` may be a prepended concatenation mark (grapheme cluster break
  /// `Prepend`), which joins the character after it: a superset of them, checked by `String`.
  static func mayBePrepended(_ value: UInt32) -> Bool {
    (0x600...0x8FF).contains(value) || value == 0xD4E || (0x11000...0x11FFF).contains(value)
  }
}
