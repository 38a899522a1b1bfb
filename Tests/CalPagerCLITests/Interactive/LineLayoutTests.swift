import Testing

@testable import CalPagerCLI

@Suite struct LineLayoutTests {
  typealias Position = LineLayout.Position

  func layout(
    _ text: String, cursor: Int? = nil, prompt: String = "> ", columns: Int = 10,
    suffix: String = "", status: String? = nil
  ) -> LineLayout {
    var buffer = LineBuffer(text)
    if let cursor { buffer.moveCursor(to: cursor) }
    return LineLayout(
      prompt: prompt, buffer: buffer, columns: columns, suffix: suffix, status: status)
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func aShortLineIsThePromptAndTheText() {
    let line = layout("abc", cursor: 1)
    #expect(text(line.bytes) == "> abc")
    #expect(line.cursor == Position(row: 0, column: 3))
    #expect(line.end == Position(row: 0, column: 5))
    #expect(line.rows == 1)
  }

  @Test func aLongLineWrapsWhereTheTerminalWrapsIt() {
    // "> " and 12 letters in 10 columns: 10 on the first row, 4 on the second, written in one
    // run for the terminal to wrap.
    let line = layout("abcdefghijkl", cursor: 8)
    #expect(text(line.bytes) == "> abcdefghijkl")
    #expect(line.cursor == Position(row: 1, column: 0), "before 'i', the second row's first")
    #expect(line.end == Position(row: 1, column: 4))
    #expect(line.rows == 2)
  }

  @Test func aFullRowEndsOnTheNextRowForReal() {
    // The terminal's cursor would wait in the last column; a space and CR take it down.
    let line = layout("abcdefgh")
    #expect(text(line.bytes) == "> abcdefgh \r")
    #expect(line.end == Position(row: 1, column: 0))
    #expect(line.cursor == line.end)
    #expect(line.endsOnFreshRow)
  }

  @Test func wideCharactersTakeTwoColumnsAndNeverSplit() {
    var line = layout("漢字x", cursor: 2)
    #expect(line.cursor == Position(row: 0, column: 6))
    // At column 9 of 10, a wide character goes to the next row; the skipped cell is cleared.
    line = layout("abcdefg漢", cursor: 7)
    #expect(text(line.bytes) == "> abcdefg\u{1B}[K漢")
    #expect(line.cursor == Position(row: 1, column: 0))
    #expect(line.end == Position(row: 1, column: 2))
    line = layout("😀e\u{301}x", cursor: 2)
    #expect(line.cursor == Position(row: 0, column: 5), "the emoji 2, the accented e 1")
  }

  @Test func controlCharactersAreDrawnAsEscapes() {
    let line = layout("a\u{7}\u{1B}b", cursor: 3, columns: 40)
    #expect(text(line.bytes) == "> a\\x07\\eb")
    #expect(!line.bytes.contains(0x07) && !line.bytes.contains(0x1B))
    #expect(line.cursor == Position(row: 0, column: 9))
    // The prompt too.
    #expect(text(layout("", prompt: "\u{1B}[31m> ").bytes) == "\\e[31m> ")
  }

  @Test func aLineBreakInTheTextStartsARow() {
    let line = layout("ab\ncd", cursor: 4)
    #expect(text(line.bytes) == "> ab\u{1B}[K\r\ncd")
    #expect(line.cursor == Position(row: 1, column: 1))
    #expect(line.end == Position(row: 1, column: 2))
  }

  @Test func theSuffixFollowsTheTextAndTheStatusHasARowOfItsOwn() {
    let cancelled = layout("draft", suffix: "^C")
    #expect(text(cancelled.bytes) == "> draft^C")
    #expect(cancelled.cursor == Position(row: 0, column: 7), "the cursor stays at the text")
    let searching = layout("next", cursor: 0, columns: 20, status: "search history: ne")
    #expect(text(searching.bytes) == "> next\u{1B}[K\r\nsearch history: ne")
    #expect(searching.cursor == Position(row: 1, column: 18))
    // A status wider than the screen is cut so that it never wraps.
    let cut = layout("", columns: 10, status: "search history: 2024")
    #expect(cut.end == Position(row: 1, column: 9))
  }

  @Test func eachDrawingStartsAtTheAreasFirstRowAndClearsBelow() {
    var display = LineDisplay()
    let first = layout("abcdefghijkl", cursor: 12)
    #expect(text(display.draw(first)) == "\r> abcdefghijkl\u{1B}[J")
    #expect(display.cursorRow == 1)
    // The cursor back on the first row: up one, then to its column.
    let second = layout("abcdefghijkl", cursor: 2)
    #expect(text(display.draw(second)) == "\u{1B}[1A\r> abcdefghijkl\u{1B}[J\u{1B}[1A\r\u{1B}[4C")
    #expect(display.cursorRow == 0)
    // Leaving: drawn once more, then below it.
    let last = LineLayout(
      prompt: "> ", buffer: LineBuffer("abc"), columns: 10, cursorAtEnd: true)
    #expect(text(display.finish(last)) == "\r> abc\u{1B}[J\r\n")
    #expect(display.cursorRow == 0)
  }

  @Test func aResizeTakesTheAreaAsReflowed() {
    var display = LineDisplay()
    _ = display.draw(layout("abcdefghijkl", cursor: 12, columns: 20))
    #expect(display.cursorRow == 0)
    display.reflow(to: layout("abcdefghijkl", cursor: 12, columns: 5))
    // "> abc" "defgh" "ijkl": the cursor after 'l' is on the third row.
    #expect(display.cursorRow == 2)
  }
}
