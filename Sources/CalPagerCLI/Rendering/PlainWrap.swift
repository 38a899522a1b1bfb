import CalendarPaging
import DisplayText
import Glibc

/// Lays out plain text straight into the output: the common case of note text.
///
/// Text is plain when every character is a single scalar that needs no escape and no
/// combining mark or joiner follows it (the characters `TextWrap` measures from their bytes),
/// with no tab. For such text this gives exactly `TextWrap`'s lines: each line is measured up
/// to its first column that does not fit, its characters checked on the way (eight bytes at a
/// time where they are ASCII), its end found by looking back to a space, and it is copied.
/// At a character that is not plain it takes back what it wrote and says so; the caller then
/// lays the note out the general way.
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

  /// Spaces to indent lines with (and to expand tabs into), appended as a slice.
  static let spaces = [UInt8](repeating: 0x20, count: 256)

  /// Appends one line of `bytes`: `range`, after the indent unless it is the first line.
  private func emit(
    _ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, first: inout Bool,
    to buffer: inout [UInt8]
  ) {
    if first {
      first = false
    } else if indent <= PlainWrap.spaces.count {
      PlainWrap.spaces.withUnsafeBufferPointer {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<indent]))
      }
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

  /// How many of the eight bytes at `pointer` are printable ASCII (0x20 to 0x7E) before the
  /// first that is not: 8 when all are.
  @inline(__always)
  private static func printableASCIIPrefix(eightAt pointer: UnsafePointer<UInt8>) -> Int {
    let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A high bit where a byte is below 0x20, or above 0x7E (or has its own high bit set).
    // Borrows and carries can only mark bytes after the first such byte, so the lowest mark
    // is the first byte that is not printable.
    let below = (word &- ones &* 0x20) & ~word & highs
    let above = ((word &+ ones) | word) & highs
    return (below | above).trailingZeroBitCount / 8
  }

  /// How a line starting at some offset ends.
  private enum LineEnd {
    /// The rest of the paragraph fits.
    case fits
    /// The first character that does not fit begins here.
    case overflow(Int)
    /// A character on the way is not plain.
    case notPlain
  }

  /// Measures a line starting at `start` up to its first character that does not fit,
  /// checking that every character on the way is plain: printable ASCII, or one scalar that
  /// needs no escape, with nothing after it that could join it.
  ///
  /// A character wider than the line still goes on an empty one. Every character of a
  /// paragraph is measured by the line it starts, so every one is checked.
  private func scanLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> LineEnd {
    guard let base = bytes.baseAddress else { return .fits }
    let count = bytes.count
    var offset = start
    var columns = 0
    while offset < count {
      if offset + 8 <= count {
        // Printable ASCII, a column a byte, as far as it goes and the line has room.
        let run = min(
          PlainWrap.printableASCIIPrefix(eightAt: base + offset), max(width - columns, 0))
        offset += run
        columns += run
        if run == 8 { continue }
      }
      if offset == count { return .fits }
      let byte = bytes[offset]
      if byte < 0x80 {
        guard byte >= 0x20 && byte < 0x7F else { return .notPlain }  // controls, tabs, DEL
        if columns + 1 > width { return .overflow(offset) }
        columns += 1
        offset += 1
        continue
      }
      // An ASCII character before this one must not be joined by it.
      if offset > 0 && bytes[offset - 1] < 0x80 && !PlainWrap.endsCharacter(bytes, offset) {
        return .notPlain
      }
      let (value, length) = TerminalText.scalar(in: bytes, at: offset)
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      guard PlainWrap.endsCharacter(bytes, offset + length), value != 0x200D, value != 0xFE0F,
        !TextWrap.mayBePrepended(value), !TerminalText.mustEscape(scalar)
      else { return .notPlain }
      let characterWidth = DisplayWidth.of(scalar)
      if columns + characterWidth > width && columns > 0 { return .overflow(offset) }
      columns += characterWidth
      offset += length
    }
    return .fits
  }

  /// Appends one paragraph's lines; false when it is not plain.
  ///
  /// Each line's end is found from its first character that does not fit, looking back:
  /// a run of spaces there ends the line where the run starts (the next line starts after
  /// it); inside a word, the line ends at the last run of spaces after its start, else the
  /// word is broken where the line is full. Only spaces are break opportunities in plain
  /// text, so these are the lines `TextWrap` makes.
  private func appendParagraph(
    _ bytes: UnsafeBufferPointer<UInt8>, first: inout Bool, to buffer: inout [UInt8]
  ) -> Bool {
    let count = bytes.count
    var lineStart = 0
    var emitted = false
    lines: while true {
      let limit: Int
      switch scanLine(bytes, from: lineStart) {
      case .fits: break lines
      case .notPlain: return false
      case .overflow(let offset):
        limit = offset
      }
      if bytes[limit] == 0x20 {
        var runStart = limit
        while runStart > lineStart && bytes[runStart - 1] == 0x20 { runStart -= 1 }
        var runEnd = limit + 1
        while runEnd < count && bytes[runEnd] == 0x20 { runEnd += 1 }
        emit(lineStart..<runStart, of: bytes, first: &first, to: &buffer)
        lineStart = runEnd
      } else {
        var wordStart = limit
        while wordStart > lineStart && bytes[wordStart - 1] != 0x20 { wordStart -= 1 }
        var runStart = wordStart
        while runStart > lineStart && bytes[runStart - 1] == 0x20 { runStart -= 1 }
        if runStart > lineStart {
          emit(lineStart..<runStart, of: bytes, first: &first, to: &buffer)
          lineStart = wordStart
        } else {
          emit(lineStart..<limit, of: bytes, first: &first, to: &buffer)
          lineStart = limit
        }
      }
      emitted = true
    }
    if lineStart < count || !emitted {
      emit(lineStart..<count, of: bytes, first: &first, to: &buffer)
    }
    return true
  }
}
