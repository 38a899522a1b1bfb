import Testing

@testable import CalPagerCLI

@Suite struct ScreenTests {
  let screen = Screen(size: TerminalSize(columns: 10, rows: 3))

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func frameMovesToEachRowAndClearsWhatTheTextDoesNotCover() {
    let frame = text(screen.frame([ScreenLine("hello"), ScreenLine("0123456789")]))
    #expect(
      frame
        == "\u{1B}[?25l\u{1B}[1;1Hhello\u{1B}[K\u{1B}[2;1H0123456789\u{1B}[3;1H\u{1B}[K")
  }

  @Test func textIsClippedAtTheWidth() {
    let frame = text(screen.frame([ScreenLine("0123456789abc")]))
    #expect(frame.contains("\u{1B}[1;1H0123456789\u{1B}[2;1H"))
  }

  @Test func wideCharactersCountTwoAndOneThatDoesNotFitIsLeftOut() {
    // 漢字漢字 is 8 columns; a fifth wide character would need 10 from column 8: "a" fills 9.
    let frame = text(screen.frame([ScreenLine("a漢字漢字漢")]))
    #expect(frame.contains("\u{1B}[1;1Ha漢字漢字\u{1B}[K"))
  }

  @Test func combiningMarksTakeNoColumn() {
    let frame = text(screen.frame([ScreenLine("e\u{301}e\u{301}e\u{301}0123456789")]))
    #expect(frame.contains("e\u{301}e\u{301}e\u{301}0123456\u{1B}[2;1H"))
  }

  @Test func controlCharactersAreShownNotSent() {
    let wide = Screen(size: TerminalSize(columns: 40, rows: 1))
    let frame = text(wide.frame([ScreenLine("a\u{1B}[2Jb\u{7}")]))
    #expect(frame.contains("a\\e[2Jb\\x07"))
    #expect(!frame.contains("\u{1B}[2J"))
    #expect(!frame.contains("\u{7}"))
  }

  @Test func linesPastTheLastRowAreDropped() {
    let frame = text(screen.frame((1...5).map { ScreenLine("row \($0)") }))
    #expect(frame.contains("row 3"))
    #expect(!frame.contains("row 4"))
  }

  @Test func stylesAreSetAndResetAroundTheirSpan() {
    var line = ScreenLine("a")
    line.append("b", style: ScreenStyle(bold: true, reverse: true, foreground: .blue))
    let frame = text(screen.frame([line]))
    #expect(frame.contains("a\u{1B}[1;7;34mb\u{1B}[0m\u{1B}[K"))
    let plain = Screen(size: screen.size, colors: false)
    #expect(text(plain.frame([line])).contains("a\u{1B}[1;7mb\u{1B}[0m"))
  }

  @Test func fillCarriesTheStyleToTheEndOfTheRow() {
    let line = ScreenLine("ab", style: ScreenStyle(reverse: true), fill: ScreenStyle(reverse: true))
    let frame = text(screen.frame([line]))
    #expect(frame.contains("\u{1B}[7mab\u{1B}[0m\u{1B}[7m        \u{1B}[0m\u{1B}[2;1H"))
  }

  @Test func cursorIsShownWhereAsked() {
    let frame = text(screen.frame([], cursor: Screen.Position(row: 2, column: 4)))
    #expect(frame.hasPrefix("\u{1B}[?25l"))
    #expect(frame.hasSuffix("\u{1B}[3;5H\u{1B}[?25h"))
    #expect(!text(screen.frame([])).contains("\u{1B}[?25h"))
  }

  @Test func emptyScreenDrawsNothingButTheCursorState() {
    let tiny = Screen(size: TerminalSize(columns: 0, rows: 0))
    #expect(text(tiny.frame([ScreenLine("x")])) == "\u{1B}[?25l")
  }
}
