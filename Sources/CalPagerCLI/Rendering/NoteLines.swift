import CalendarPaging
import DisplayText
import Glibc
import Interchange
import NoteModel

/// Notes laid out for a page or a list: `  #12  text`, long lines wrapped and continued
/// under the text, lines of a multi-line body kept, control characters shown escaped.
///
/// The lines are written as bytes straight into the output: a note's text is escaped (only
/// when it must be) into one scratch buffer reused from note to note, and wrapped by byte
/// ranges, so no `String` is made per note or per line.
struct NoteLines {
  /// The output style.
  let style: Style
  /// The columns the `#id` takes: the widest id among the notes shown together.
  let idWidth: Int
  /// The columns left for the text.
  private let available: Int
  /// The escaped text of the note being written, reused from note to note.
  private var scratch: [UInt8] = []

  /// A layout for `notes`, whose ids line up.
  init(style: Style, notes: [Note]) {
    self.init(style: style, largestID: notes.map { $0.id ?? 0 }.max() ?? 0)
  }

  /// A layout for notes whose largest id is `largestID`: their ids line up.
  init(style: Style, largestID: Int) {
    self.style = style
    idWidth = NoteLines.digits(largestID) + 1
    // No minimum: every line fits the width (a word wider than the text's columns is broken
    // between its characters).
    available = max(style.width - 4 - idWidth, 1)
  }

  /// Appends the lines of `note` to `output`.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - output: Where the lines go.
  ///   - allowingPlain: Whether plain text takes the one-pass path (tests compare both).
  mutating func append(_ note: Note, to output: Output, allowingPlain: Bool = true) {
    var body = note.body
    body.withUTF8 { text in
      output.append { append(id: note.id ?? 0, body: text, to: &$0, allowingPlain: allowingPlain) }
    }
  }

  /// Appends the lines of the note `id` whose text is `text` (valid UTF-8) to `buffer`.
  ///
  /// Plain text is laid out in one pass (`PlainWrap`); text with tabs has them expanded first,
  /// then goes the same way; text with other escapes or characters of several scalars is
  /// escaped (`TerminalText.multiline`), then wrapped by `TextWrap`.
  mutating func append(
    id: Int, body text: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8],
    allowingPlain: Bool = true
  ) {
    let mark = buffer.count
    appendPrefix(id: id, to: &buffer)
    if allowingPlain {
      let plain = PlainWrap(width: available, indent: 4 + idWidth)
      // Tabs become spaces first (as `TerminalText.multiline` makes them); if anything else
      // needed escaping the text is not plain, and the general path below escapes it all.
      if NoteLines.containsTab(text) {
        scratch.removeAll(keepingCapacity: true)
        NoteLines.expandTabs(text, to: &scratch)
        let expanded = scratch
        if expanded.withUnsafeBufferPointer({ plain.append($0, to: &buffer) }) { return }
      } else if plain.append(text, to: &buffer) {
        return
      }
    }
    buffer.removeSubrange(mark...)
    scratch.removeAll(keepingCapacity: true)
    TerminalText().appendMultiline(text, to: &scratch)
    let escaped = scratch
    escaped.withUnsafeBufferPointer { appendWrapped($0, id: id, to: &buffer) }
  }

  /// Whether `text` holds a tab.
  private static func containsTab(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return false }
    return memchr(base, 0x09, text.count) != nil
  }

  /// Appends `text` with each tab replaced by spaces to the next stop, every 4 scalars from
  /// the start of its line: `TerminalText`'s tab stops, for text with nothing else to escape.
  private static func expandTabs(_ text: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
    guard let base = text.baseAddress else { return }
    var column = 0
    var copied = 0
    while copied < text.count, let found = memchr(base + copied, 0x09, text.count - copied) {
      let tab = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      // The last newline before the tab, if any: memchr forwards (most notes have none).
      var lineStart: Int?
      while let newline = memchr(base + (lineStart ?? copied), 0x0A, tab - (lineStart ?? copied)) {
        lineStart = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
      }
      if let lineStart {
        column = scalars(in: UnsafeBufferPointer(rebasing: text[lineStart..<tab]))
      } else {
        column += scalars(in: UnsafeBufferPointer(rebasing: text[copied..<tab]))
      }
      result.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<tab]))
      let spaces = 4 - column % 4
      PlainWrap.spaces.withUnsafeBufferPointer {
        result.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<spaces]))
      }
      column += spaces
      copied = tab + 1
    }
    result.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
  }

  /// The scalars of UTF-8 `bytes`: the bytes that are not continuation bytes, counted eight
  /// at a time.
  private static func scalars(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var count = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
      // A continuation byte is 10xxxxxx: its high bit set and the next one clear.
      let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
      count += 8 - continuations.nonzeroBitCount
      offset += 8
    }
    while offset < bytes.count {
      if bytes[offset] & 0xC0 != 0x80 { count += 1 }
      offset += 1
    }
    return count
  }

  /// Appends the lines of `text`, escaped already, wrapped by `TextWrap`; the first with the
  /// id.
  private func appendWrapped(_ text: UnsafeBufferPointer<UInt8>, id: Int, to buffer: inout [UInt8])
  {
    var first = true
    // Paragraphs end at newline bytes: once escaped, every newline is a character of its own
    // (no CR is left to pair with it).
    var start = 0
    while true {
      let end = text[start...].firstIndex(of: 0x0A) ?? text.count
      let paragraph = UnsafeBufferPointer(rebasing: text[start..<end])
      TextWrap.forEachLine(in: paragraph, width: available) { range in
        if first {
          appendPrefix(id: id, to: &buffer)
          first = false
        } else {
          buffer.append(contentsOf: repeatElement(0x20, count: 4 + idWidth))
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: paragraph[range]))
        buffer.append(0x0A)
      }
      guard end < text.count else { break }
      start = end + 1
    }
  }

  /// Appends `  #12  `: the id, dim when colour is on, padded to `idWidth`.
  private func appendPrefix(id: Int, to buffer: inout [UInt8]) {
    // Written into a fixed 32-byte frame, then appended at once: one append per note.
    // Ids are positive, so the frame holds at most 3 + 20 (`idWidth`) + 2 bytes.
    let digits = NoteLines.digits(id)
    let padding = max(idWidth, digits + 1) - digits - 1
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { frame in
      frame[0] = 0x20
      frame[1] = 0x20
      frame[2] = UInt8(ascii: "#")
      var rest = id
      var position = 2 + digits
      while position > 2 {
        frame[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
        rest /= 10
        position -= 1
      }
      var count = 3 + digits
      for _ in 0..<padding {
        frame[count] = 0x20
        count += 1
      }
      if style.color {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: frame[0..<2]))
        buffer.append(contentsOf: SGR.dim.utf8)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: frame[2..<count]))
        buffer.append(contentsOf: SGR.reset.utf8)
        buffer.append(0x20)
        buffer.append(0x20)
        return
      }
      frame[count] = 0x20
      frame[count + 1] = 0x20
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: frame[0..<(count + 2)]))
    }
  }

  /// The number of decimal digits of `value` (at least one).
  private static func digits(_ value: Int) -> Int {
    var count = 1
    var rest = value / 10
    while rest != 0 {
      count += 1
      rest /= 10
    }
    return count + (value < 0 ? 1 : 0)
  }
}
