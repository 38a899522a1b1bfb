import Testing

@testable import DisplayText

@Suite struct TerminalTextTests {
  /// A note that tries everything: colours, a title change, a hyperlink, the clipboard, a
  /// bell, backspaces over text, a carriage return overwriting a line, a one-byte CSI, a bidi
  /// override that reverses a file name, an isolate, zero-width characters, NUL and DEL.
  static let hostile =
    "Pay \u{1B}[31mnow\u{1B}[0m\u{1B}]0;pwned\u{7}\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\"
    + "\u{1B}]52;c;ZXZpbA==\u{7}secret\u{8}\u{8}\u{8}\u{8}\u{8}\u{8}public\rOVERWRITE\n"
    + "\u{9B}2J invoice\u{202E}fdp.exe\u{202C} \u{2066}x\u{2069} a\u{200B}b\u{FEFF}\u{0}\u{7F}"

  @Test func neutralisesEveryControlSequence() {
    let shown = TerminalText.multiline(TerminalTextTests.hostile)
    #expect(
      shown == #"Pay \e[31mnow\e[0m\e]0;pwned\x07\e]8;;http://evil\e\link\e]8;;\e\"#
        + #"\e]52;c;ZXZpbA==\x07secret\x08\x08\x08\x08\x08\x08public\rOVERWRITE"# + "\n"
        + #"\u{9B}2J invoice\u{202E}fdp.exe\u{202C} \u{2066}x\u{2069} a\u{200B}b\u{FEFF}\x00\x7F"#)
    for scalar in shown.unicodeScalars where scalar != "\n" {
      #expect(!TerminalText.mustEscape(scalar), "\(scalar.value)")
    }
  }

  @Test func singleLineAlsoEscapesNewlinesAndTabs() {
    #expect(TerminalText.singleLine("a\nb\tc\r\nd") == #"a\nb\tc\r\nd"#)
    let shown = TerminalText.singleLine(TerminalTextTests.hostile)
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || TerminalText.mustEscape($0) })
  }

  @Test func leavesOrdinaryTextAlone() {
    let texts = [
      "", "Dentist at 10:00", "C:\\path\\e", "multi\nline\n", "日本語のメモ", "café crème",
      "👩‍👩‍👧 family", "🏴󠁧󠁢󠁥󠁮󠁧󠁿 flag", "ZWNJ می‌خواهم", "emoji ☺️ with selector", "عربي", "\u{A0}nbsp",
    ]
    for text in texts {
      #expect(TerminalText.multiline(text) == text, "\(text)")
    }
  }

  @Test func turnsCRLFIntoNewlinesButShowsLoneCR() {
    #expect(TerminalText.multiline("a\r\nb\r\n") == "a\nb\n")
    #expect(TerminalText.multiline("a\rb") == #"a\rb"#)
    #expect(TerminalText.multiline("a\r") == #"a\r"#)
    #expect(TerminalText.multiline("a\r\r\n") == "a\\r\n")
  }

  @Test func expandsTabsToStops() {
    #expect(TerminalText.multiline("\tx") == "    x")
    #expect(TerminalText.multiline("ab\tx") == "ab  x")
    #expect(TerminalText.multiline("abcd\tx") == "abcd    x")
    #expect(TerminalText.multiline("ab\ncd\tx") == "ab\ncd  x")
    #expect(TerminalText.multiline("\u{7}\tx") == #"\x07"# + "    x")
    #expect(TerminalText(tabWidth: 8).multiline("ab\tx") == "ab      x")
    #expect(TerminalText(tabWidth: 0).multiline("\tx") == " x")
  }

  @Test func marksEscapesWhenAsked() {
    let marked = TerminalText(escapePrefix: "\u{1B}[7m", escapeSuffix: "\u{1B}[27m")
    #expect(marked.singleLine("a\u{1B}b") == "a\u{1B}[7m\\e\u{1B}[27mb")
    #expect(marked.multiline("plain") == "plain")
  }

  @Test func classifiesEveryScalarBelowU0100() {
    for value in UInt32(0)...0xFF {
      let scalar = Unicode.Scalar(value)!
      let control = value < 0x20 || (0x7F...0x9F).contains(value)
      #expect(TerminalText.mustEscape(scalar) == control, "\(value)")
    }
  }

  @Test func escapesInvisibleFormatCharacters() {
    let escaped: [UInt32] = [
      0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D,
      0x202E, 0x2060, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206A, 0x206F, 0xFEFF, 0xFFF9,
      0xFFFB, 0xE0001,
    ]
    for value in escaped {
      #expect(TerminalText.mustEscape(Unicode.Scalar(value)!), "\(value)")
    }
    let kept: [UInt32] = [0xAD, 0x200C, 0x200D, 0xFE0F, 0xE0020, 0xE007F, 0x1F600, 0x3000]
    for value in kept {
      #expect(!TerminalText.mustEscape(Unicode.Scalar(value)!), "\(value)")
    }
  }
}
