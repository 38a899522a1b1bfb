import CalendarPaging

/// Breaks text into lines of a display width, at spaces where it can and inside a word
/// (between characters, never inside one) where a word is wider than a line, as CJK text
/// without spaces is.
enum TextWrap {
  /// The lines of `text` (one paragraph, no newlines) at most `width` columns wide.
  ///
  /// Spaces at a break are dropped; other runs of spaces are kept.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func lines(_ text: Substring, width: Int) -> [Substring] {
    let width = max(width, 1)
    // A character takes at most one column per UTF-8 byte (wide characters are 3 or 4 bytes),
    // so a text of no more bytes than columns fits without being measured.
    if text.utf8.count <= width { return [text] }
    // Printable ASCII always takes one column each, so more of it than columns cannot fit;
    // otherwise measure the whole text (its width may be less than its characters' widths).
    if TextWrap.printableASCIICount(text) <= width && DisplayWidth.of(text) <= width {
      return [text]
    }
    // The walk is over UTF-8 offsets. A scalar followed by one below U+0300 (or by the end)
    // is a whole character unless it is CR before LF or a prepended concatenation mark, so
    // most characters of note text are decoded and measured from their bytes; the others are
    // measured as the character `String` finds there. Same breaks as walking characters,
    // about 20 times faster.
    let utf8 = text.utf8
    let count = utf8.count
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    var scratch = text
    return scratch.withUTF8 { bytes -> [Substring] in
      /// The character at `offset`: its length in bytes, whether it is a space, its width.
      func character(at offset: Int) -> (length: Int, isSpace: Bool, width: Int) {
        let (value, length) = TerminalText.scalar(in: bytes, at: offset)
        // Below 0xCC: ASCII, or a lead byte of a scalar below U+0300; 0xE4 to 0xE9: a scalar
        // from U+4000 to U+9FFF (CJK ideographs). Neither extends the character before it.
        let following: UInt8 = offset + length < count ? bytes[offset + length] : 0
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
        let start = index(offset)
        let end = text.index(after: start)
        return (
          utf8.distance(from: start, to: end), text[start] == " ",
          DisplayWidth.of(text[start..<end])
        )
      }
      var lines: [Substring] = []
      var lineStart = 0
      var lineWidth = 0
      // The last break opportunity on the current line: where the line would end and where
      // the next would start.
      var lastBreak: (end: Int, next: Int, widthAfter: Int)?
      var offset = 0
      while offset < count {
        let byte = bytes[offset]
        let (length, isSpace, characterWidth) =
          // Printable ASCII but a space, before a byte that starts no combining mark: one
          // column, decided from the bytes (most of a note).
          byte > 0x20 && byte < 0x7F && (offset + 1 == count || bytes[offset + 1] < 0xCC)
          ? (1, false, 1) : character(at: offset)
        if isSpace {
          // Find the end of this run of spaces (each a one-byte character).
          var runEnd = offset + length
          while runEnd < count {
            let following = character(at: runEnd)
            guard following.isSpace else { break }
            runEnd += following.length
          }
          let runWidth = runEnd - offset
          if lineWidth + runWidth > width {
            lines.append(text[index(lineStart)..<index(offset)])
            lineStart = runEnd
            lineWidth = 0
            lastBreak = nil
          } else {
            lastBreak = (offset, runEnd, lineWidth + runWidth)
            lineWidth += runWidth
          }
          offset = runEnd
          continue
        }
        if lineWidth + characterWidth > width && lineWidth > 0 {
          if let breakPoint = lastBreak, breakPoint.end > lineStart {
            lines.append(text[index(lineStart)..<index(breakPoint.end)])
            lineStart = breakPoint.next
            lineWidth -= breakPoint.widthAfter
          } else {
            lines.append(text[index(lineStart)..<index(offset)])
            lineStart = offset
            lineWidth = 0
          }
          lastBreak = nil
        }
        lineWidth += characterWidth
        offset += length
      }
      if lineStart < count || lines.isEmpty {
        lines.append(text[index(lineStart)...])
      }
      return lines
    }
  }

  /// The number of bytes of `text` from 0x20 to 0x7E.
  static func printableASCIICount(_ text: Substring) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var count = 0
      for byte in bytes where byte &- 0x20 < 0x5F { count += 1 }
      return count
    }
  }

  /// Whether `value` may be a prepended concatenation mark (grapheme cluster break
  /// `Prepend`), which joins the character after it: a superset of them, checked by `String`.
  static func mayBePrepended(_ value: UInt32) -> Bool {
    (0x600...0x8FF).contains(value) || value == 0xD4E || (0x11000...0x11FFF).contains(value)
  }
}
