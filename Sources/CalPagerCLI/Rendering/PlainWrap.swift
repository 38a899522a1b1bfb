import CalendarPaging

#if canImport(Glibc)
  import Glibc
#endif

/// Lays out plain text in one pass, straight into the output: the common case of note text.
///
/// Text is plain when every character is a single scalar that needs no escape and no
/// combining mark or joiner follows it (the characters `TextWrap` measures from their bytes),
/// with no tab. For such text this gives exactly `TextWrap`'s lines, but checks, measures,
/// breaks and copies in the same pass. At the first character that is not plain it takes back
/// what it wrote and says so; the caller then lays the note out the general way.
struct PlainWrap {
  /// The columns of a line of text.
  let width: Int
  /// The number of spaces before every line but the first.
  let indent: Int

  /// Appends the lines of `text` to `buffer`, which ends with the first line's prefix (the
  /// other lines get the indent); returns false, with `buffer` as it was, when `text` is not
  /// plain.
  ///
  /// - Complexity: O(n) in `text.count`.
  func append(_ text: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) -> Bool {
    let mark = buffer.count
    var first = true
    var start = 0
    while true {
      let end: Int
      if start < text.count, let base = text.baseAddress,
        let found = memchr(base + start, 0x0A, text.count - start)
      {
        end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      } else {
        end = text.count
      }
      let paragraph = UnsafeBufferPointer(rebasing: text[start..<end])
      guard appendParagraph(paragraph, first: &first, to: &buffer) else {
        buffer.removeSubrange(mark...)
        return false
      }
      guard end < text.count else { return true }
      start = end + 1
    }
  }

  /// Appends one line of `bytes`: `range`, after the indent unless it is the first line.
  private func emit(
    _ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, first: inout Bool,
    to buffer: inout [UInt8]
  ) {
    if first {
      first = false
    } else {
      buffer.append(contentsOf: repeatElement(0x20, count: indent))
    }
    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    buffer.append(0x0A)
  }

  /// Whether nothing that could join it follows the character ending before `offset`: the
  /// end, a byte below 0xCC (ASCII or a scalar below U+0300), a CJK ideograph's lead byte, or
  /// a pictograph from U+1F300 to U+1FAFF that is no skin tone (an emoji after a space).
  @inline(__always)
  private static func endsCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
    guard offset < bytes.count else { return true }
    let lead = bytes[offset]
    if lead < 0xCC || (lead >= 0xE4 && lead <= 0xE9) { return true }
    guard lead == 0xF0 else { return false }
    let value = TerminalText.scalar(in: bytes, at: offset).value
    return value >= 0x1F300 && value <= 0x1FAFF && !(value >= 0x1F3FB && value <= 0x1F3FF)
  }

  /// Appends one paragraph's lines; false when it is not plain.
  private func appendParagraph(
    _ bytes: UnsafeBufferPointer<UInt8>, first: inout Bool, to buffer: inout [UInt8]
  ) -> Bool {
    let count = bytes.count
    var line = WrappingLine()
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      if byte == 0x20 {
        var runEnd = offset + 1
        while runEnd < count && bytes[runEnd] == 0x20 { runEnd += 1 }
        guard PlainWrap.endsCharacter(bytes, runEnd) else { return false }
        if let ended = line.addSpaces(from: offset, to: runEnd, limit: width) {
          emit(ended, of: bytes, first: &first, to: &buffer)
        }
        offset = runEnd
        continue
      }
      if byte > 0x20 && byte < 0x7F {
        // A run of printable ASCII but spaces, one column each: measured as a whole, with the
        // breaks a character-by-character walk would make where it overflows the line.
        var runEnd = offset + 1
        while runEnd < count && bytes[runEnd] > 0x20 && bytes[runEnd] < 0x7F { runEnd += 1 }
        guard PlainWrap.endsCharacter(bytes, runEnd) else { return false }
        var next = offset
        while line.width + (runEnd - next) > width {
          // The character at `overflow` is the first that does not fit.
          let overflow = next + max(width - line.width, 0)
          if line.width + (overflow - next) == 0 {
            // An empty line takes one character whatever its width (it never applies here:
            // width is at least 1).
            break
          }
          // The characters before it are on the line; after a break at the last space, they
          // stay on the next one.
          line.width += overflow - next
          next = overflow
          emit(line.breakLine(before: overflow), of: bytes, first: &first, to: &buffer)
        }
        line.width += runEnd - next
        offset = runEnd
        continue
      }
      guard byte >= 0x80 else { return false }  // controls, tabs, DEL
      let (value, length) = TerminalText.scalar(in: bytes, at: offset)
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      guard PlainWrap.endsCharacter(bytes, offset + length), value != 0x200D,
        value != 0xFE0F, !TextWrap.mayBePrepended(value), !TerminalText.mustEscape(scalar)
      else { return false }
      if let ended = line.addCharacter(at: offset, width: DisplayWidth.of(scalar), limit: width) {
        emit(ended, of: bytes, first: &first, to: &buffer)
      }
      offset += length
    }
    if let last = line.lastLine(endingAt: count) {
      emit(last, of: bytes, first: &first, to: &buffer)
    }
    return true
  }
}
