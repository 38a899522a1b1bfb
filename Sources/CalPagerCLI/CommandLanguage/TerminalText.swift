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
struct TerminalText: Sendable {
  /// Tab stops, in characters from the start of each line of the text, for `multiline`.
  var tabWidth = 4
  /// Printed before each escape, such as an SGR sequence; empty by default.
  var escapePrefix = ""
  /// Printed after each escape, such as an SGR reset; empty by default.
  var escapeSuffix = ""

  /// Escapes `text` for a multi-line context (a note's body on a page).
  ///
  /// Newlines stay; CR LF becomes a newline; a lone CR is escaped. A tab becomes spaces up to
  /// the next tab stop, counted in Unicode scalars since the last newline (wide characters
  /// before a tab shift it; the stops are a convenience, not a layout promise).
  ///
  /// - Complexity: O(n) in the length of `text`.
  func multiline(_ text: String) -> String {
    escaped(text, keepingNewlines: true)
  }

  /// Escapes `text` for a single-line context (a menu, a message, a search snippet): as
  /// `multiline`, but newlines are shown as `\n` and tabs as `\t`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  func singleLine(_ text: String) -> String {
    escaped(text, keepingNewlines: false)
  }

  /// `TerminalText().multiline(text)`: tab stops every 4 characters, escapes unmarked.
  static func multiline(_ text: String) -> String {
    TerminalText().multiline(text)
  }

  /// `TerminalText().singleLine(text)`: escapes unmarked.
  static func singleLine(_ text: String) -> String {
    TerminalText().singleLine(text)
  }

  /// Whether `scalar` is shown as an escape rather than printed (newline and tab aside).
  static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
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

  private func escaped(_ text: String, keepingNewlines: Bool) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || ($0 == 0x0A && keepingNewlines) }) {
      return text
    }
    var result = String.UnicodeScalarView()
    var column = 0
    var pendingCarriageReturn = false
    for scalar in text.unicodeScalars {
      if pendingCarriageReturn {
        pendingCarriageReturn = false
        if scalar != "\n" {
          appendEscape("\\r", to: &result)
          column += 2
        }
      }
      switch scalar {
      case "\n" where keepingNewlines:
        result.append(scalar)
        column = 0
        continue
      case "\r" where keepingNewlines:
        pendingCarriageReturn = true
        continue
      case "\t" where keepingNewlines:
        let stop = max(tabWidth, 1)
        let spaces = stop - column % stop
        result.append(contentsOf: repeatElement(" ", count: spaces))
        column += spaces
        continue
      default:
        break
      }
      guard TerminalText.mustEscape(scalar) else {
        result.append(scalar)
        column += 1
        continue
      }
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
    if pendingCarriageReturn { appendEscape("\\r", to: &result) }
    return String(result)
  }

  private func appendEscape(_ escape: String, to result: inout String.UnicodeScalarView) {
    result.append(contentsOf: escapePrefix.unicodeScalars)
    result.append(contentsOf: escape.unicodeScalars)
    result.append(contentsOf: escapeSuffix.unicodeScalars)
  }

  /// Upper-case hexadecimal, zero-padded to at least `digits` digits.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(digits - text.count, 0)) + text
  }
}
