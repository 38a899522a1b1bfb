import Testing

@testable import CalPagerCLI

@Suite struct LineBufferTests {
  /// A buffer holding `text`, the cursor before the character at `cursor`.
  func buffer(_ text: String, cursor: Int? = nil) -> LineBuffer {
    var buffer = LineBuffer(text)
    if let cursor { buffer.moveCursor(to: cursor) }
    return buffer
  }

  @Test func insertsAtTheCursorAndMovesPastTheText() {
    var line = buffer("add hello wrld", cursor: 11)
    line.insert("o")
    #expect(line.text == "add hello world")
    #expect(line.cursor == 12)
    line.moveToLineStart()
    line.insert("> ")
    #expect(line.text == "> add hello world")
    #expect(line.cursor == 2)
  }

  @Test func wideAndCombiningCharactersAreOneStepEach() {
    var line = LineBuffer()
    // An accent typed after its letter joins it: one character, one cursor step.
    for typed in ["漢", "😀", "e", "\u{301}", "👍🏽"] { line.insert(typed) }
    #expect(line.characters == ["漢", "😀", "e\u{301}", "👍🏽"])
    line.moveLeft()
    line.moveLeft()
    #expect(line.cursor == 2)
    line.deleteBackward()
    #expect(line.text == "漢e\u{301}👍🏽")
    line.deleteForward()
    #expect(line.text == "漢👍🏽")
  }

  @Test func wordMovesStopAtLettersAndDigits() {
    var line = buffer("[one two three]")
    line.moveWordBackward()
    #expect(line.cursor == 9, "before 'three'")
    line.moveWordBackward()
    line.moveWordBackward()
    #expect(line.cursor == 1, "before 'one'")
    line.moveWordBackward()
    #expect(line.cursor == 0)
    line.moveWordForward()
    #expect(line.cursor == 4, "after 'one'")
    line.moveToLineEnd()
    line.moveWordForward()
    #expect(line.cursor == 15)
  }

  @Test func killsReturnWhatTheyDelete() {
    var line = buffer("goto 2024-05-01 now", cursor: 15)
    #expect(line.killToLineEnd() == " now")
    #expect(line.killWordBackward() == "01")
    #expect(line.killWordBeforeCursor() == "2024-05-")
    #expect(line.text == "goto ")
    #expect(line.killToLineStart() == "goto ")
    #expect(line.isEmpty)
    line = buffer("one two", cursor: 0)
    #expect(line.killWordForward() == "one")
    #expect(line.text == " two")
  }

  @Test func theLineIsTheOneTheCursorIsOnInAPastedText() {
    var line = buffer("add one\nadd two\nadd three", cursor: 10)
    #expect(line.lineBeforeCursor == "ad")
    line.moveToLineStart()
    #expect(line.cursor == 8)
    line.moveToLineEnd()
    #expect(line.cursor == 15)
    // Ctrl-K at a line's end joins the next line.
    #expect(line.killToLineEnd() == "\n")
    #expect(line.text == "add one\nadd twoadd three")
    #expect(line.killToLineStart() == "add two")
    #expect(line.text == "add one\nadd three")
  }

  @Test func transposeSwapsTheCharactersAtTheCursor() {
    var line = buffer("gotp", cursor: 3)
    var swapped = line.transpose()
    #expect(swapped)
    #expect(line.text == "gopt")
    #expect(line.cursor == 4)
    swapped = line.transpose()
    #expect(swapped, "at the end: the last two")
    #expect(line.text == "gotp")
    line = buffer("a")
    swapped = line.transpose()
    #expect(!swapped)
  }

  @Test func movesAndDeletesStopAtTheEnds() {
    var line = buffer("ab", cursor: 0)
    let moves = [line.moveLeft(), line.deleteBackward()]
    line.moveToLineEnd()
    let ends = [line.moveRight(), line.deleteForward()]
    #expect(moves == [false, false])
    #expect(ends == [false, false])
    #expect(line.text == "ab")
  }
}
