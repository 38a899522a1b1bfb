/// Makes text from notes and user input safe to print on a terminal.
///
/// A terminal acts on control characters: ESC starts CSI and OSC sequences (colours, cursor
/// moves, window titles, hyperlinks, clipboard writes), BEL rings, backspace and CR overwrite
/// what was printed, and bidi overrides reorder what follows. None of them may reach the
/// terminal from note text. Each is shown as a visible escape instead:
///
/// - ESC as `\e`, CR as `\r`, other C0 controls and DEL as `\x07`-style two-digit hex;
/// - C1 controls (U+0080–U+009F; U+009B is a one-character CSI on some terminals), bidi
///   embeddings, overrides, isolates and marks, line and paragraph separators, and other
///   invisible format characters (zero-width space, word joiner, BOM…) as `\u{202E}`-style hex.
///
/// Zero-width joiner and non-joiner, variation selectors and tag characters stay: emoji and
/// several scripts need them, and they move no cursor. Backslashes in the text are not doubled:
/// the output is for people, not for parsing (JSON and CSV carry the exact text), and a renderer
/// that wants escapes to stand out passes `escapePrefix`/`escapeSuffix` (say, reverse video).
public struct TerminalText: Sendable {
  /// Tab stops, in characters from the start of each line of the text, for `multiline`.
  public var tabWidth = 4
  /// Printed before each escape, such as an SGR sequence; empty by default.
  public var escapePrefix = ""
  /// Printed after each escape, such as an SGR reset; empty by default.
  public var escapeSuffix = ""

  /// Escapes with tab stops every `tabWidth` characters and `escapePrefix`/`escapeSuffix`
  /// around each escape.
  public init(tabWidth: Int = 4, escapePrefix: String = "", escapeSuffix: String = "") {
    self.tabWidth = tabWidth
    self.escapePrefix = escapePrefix
    self.escapeSuffix = escapeSuffix
  }

  /// Escapes `text` for a multi-line context (a note's body on a page).
  ///
  /// Newlines stay; CR LF becomes a newline; a lone CR is escaped. A tab becomes spaces up to
  /// the next tab stop, counted in Unicode scalars since the last newline (wide characters
  /// before a tab shift it; the stops are a convenience, not a layout promise).
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func multiline(_ text: String) -> String {
    escaped(text, keepingNewlines: true)
  }

  /// Escapes `text` for a single-line context (a menu, a message, a search snippet): as
  /// `multiline`, but newlines are shown as `\n` and tabs as `\t`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func singleLine(_ text: String) -> String {
    escaped(text, keepingNewlines: false)
  }

  /// `TerminalText().multiline(text)`: tab stops every 4 characters, escapes unmarked.
  public static func multiline(_ text: String) -> String {
    TerminalText().multiline(text)
  }

  /// `TerminalText().singleLine(text)`: escapes unmarked.
  public static func singleLine(_ text: String) -> String {
    TerminalText().singleLine(text)
  }

  /// Whether `scalar` is shown as an escape rather than printed (newline and tab aside).
  public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if value < 0x600 { return false }
    switch value {
    case 0x061C,  // Arabic letter mark
      0x180E,  // Mongolian vowel separator
      0x200B,  // zero-width space
      0x200E, 0x200F,  // left-to-right and right-to-left marks
      0x2028, 0x2029,  // line and paragraph separators
      0x202A...0x202E,  // bidi embeddings and overrides
      0x2060...0x2064,  // word joiner and invisible operators
      0x2066...0x2069,  // bidi isolates
      0x206A...0x206F,  // deprecated format characters
      0xFEFF,  // zero-width no-break space (BOM)
      0xFFF9...0xFFFB,  // interlinear annotation
      0xE0001:  // language tag
      return true
    default:
      return false
    }
  }

  /// Appends `bytes` (valid UTF-8), escaped for a multi-line context as `multiline` does, to
  /// `result`: the renderer's path, with no `String` made.
  ///
  /// - Complexity: O(n) in `bytes.count`.
  public func appendMultiline(_ bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
    if TerminalText.needsChange(bytes, keepingNewlines: true) {
      appendEscaped(bytes, keepingNewlines: true, to: &result)
    } else {
      result.append(contentsOf: bytes)
    }
  }

  /// Whether `multiline` leaves `bytes` (valid UTF-8) as they are.
  public static func isSafeMultiline(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !needsChange(bytes, keepingNewlines: true)
  }

  private func escaped(_ text: String, keepingNewlines: Bool) -> String {
    // Works on the UTF-8 bytes: a note's text is scanned once, and copied only when something
    // in it must change (about 25 times faster than appending scalar by scalar).
    var text = text
    let changed = text.withUTF8 { bytes -> [UInt8]? in
      guard TerminalText.needsChange(bytes, keepingNewlines: keepingNewlines) else { return nil }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 16)
      appendEscaped(bytes, keepingNewlines: keepingNewlines, to: &result)
      return result
    }
    guard let changed else { return text }
    return String(decoding: changed, as: UTF8.self)
  }

  /// The scalar starting at `index` of valid UTF-8 `bytes`, and its length in bytes.
  public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    value: UInt32, length: Int
  ) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
          | UInt32(bytes[index + 2] & 0x3F), 3
      )
    }
    return (
      (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4
    )
  }

  /// Whether escaping changes `bytes` at all.
  private static func needsChange(_ bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool)
    -> Bool
  {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if byte < 0x20 && !(byte == 0x0A && keepingNewlines) || byte == 0x7F { return true }
        index += 1
        continue
      }
      let (value, length) = scalar(in: bytes, at: index)
      if mustEscape(Unicode.Scalar(value) ?? "\u{FFFD}") { return true }
      index += length
    }
    return false
  }

  private func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool, to result: inout [UInt8]
  ) {
    var column = 0
    var pendingCarriageReturn = false
    var index = 0
    // Bytes before `copied` are in `result`; those from `copied` to `index` are unchanged
    // scalars not copied yet (copied in one go when something changes or at the end).
    var copied = 0
    func copyUnchanged(to end: Int) {
      if end > copied {
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<end]))
      }
    }
    while index < bytes.count {
      // Printable ASCII stays as it is: counted, and copied later with its run.
      if !pendingCarriageReturn && bytes[index] >= 0x20 && bytes[index] < 0x7F {
        column += 1
        index += 1
        continue
      }
      let (value, length) = TerminalText.scalar(in: bytes, at: index)
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      let start = index
      index += length
      if pendingCarriageReturn {
        pendingCarriageReturn = false
        if scalar != "\n" {
          appendEscape("\\r", to: &result)
          column += 2
        }
      }
      switch scalar {
      case "\n" where keepingNewlines:
        column = 0
        continue
      case "\r" where keepingNewlines:
        copyUnchanged(to: start)
        copied = index
        pendingCarriageReturn = true
        continue
      case "\t" where keepingNewlines:
        copyUnchanged(to: start)
        copied = index
        let stop = max(tabWidth, 1)
        let spaces = stop - column % stop
        result.append(contentsOf: repeatElement(0x20, count: spaces))
        column += spaces
        continue
      default:
        break
      }
      guard TerminalText.mustEscape(scalar) else {
        column += 1
        continue
      }
      copyUnchanged(to: start)
      copied = index
      let escape: String
      switch scalar {
      case "\u{1B}": escape = "\\e"
      case "\r": escape = "\\r"
      case "\n": escape = "\\n"
      case "\t": escape = "\\t"
      case _ where scalar.value < 0x80:
        escape = "\\x" + TerminalText.hex(scalar.value, digits: 2)
      default:
        escape = "\\u{" + TerminalText.hex(scalar.value, digits: 1) + "}"
      }
      appendEscape(escape, to: &result)
      column += escape.unicodeScalars.count
    }
    copyUnchanged(to: bytes.count)
    if pendingCarriageReturn { appendEscape("\\r", to: &result) }
  }

  private func appendEscape(_ escape: String, to result: inout [UInt8]) {
    result.append(contentsOf: escapePrefix.utf8)
    result.append(contentsOf: escape.utf8)
    result.append(contentsOf: escapeSuffix.utf8)
  }

  /// Upper-case hexadecimal, zero-padded to at least `digits` digits.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(digits - text.count, 0)) + text
  }
}
