import Testing

@testable import CalPagerCLI

@Suite struct LineEditorStateTests {
  /// A state on a new line with `history`.
  func editor(history: [String] = []) -> LineEditorState {
    var state = LineEditorState()
    state.startLine(history: history)
    return state
  }

  /// The keys of `text`, one character each.
  func typing(_ text: String) -> [Key] { text.map { .character($0) } }

  /// Applies `keys`; returns the last outcome.
  @discardableResult
  func press(_ keys: [Key], on state: inout LineEditorState) -> LineEditorState.Outcome {
    var outcome = LineEditorState.Outcome.editing
    for key in keys { outcome = state.handle(key) }
    return outcome
  }

  @Test func typedKeysEditAtTheCursorAndEnterAcceptsTheLine() {
    var state = editor()
    press(typing("add hello wrld") + [.left, .left, .left] + typing("o"), on: &state)
    #expect(state.buffer.text == "add hello world")
    press([.control("a")] + typing("> ") + [.control("e")] + typing("!"), on: &state)
    press([.home, .delete, .end, .backspace, .control("b"), .control("f")], on: &state)
    #expect(press([.enter], on: &state) == .accepted(" add hello world"))
  }

  @Test func altAndCtrlArrowsMoveByWords() {
    var state = editor()
    press(typing("one two three"), on: &state)
    // Alt-B as a terminal sends it (Escape, then b), and Ctrl-Left.
    press([.escape, .character("b"), .modified(.left, .control)] + typing("<"), on: &state)
    #expect(state.buffer.text == "one <two three")
    press([.escape, .character("f"), .modified(.right, .alt)] + typing(">"), on: &state)
    #expect(state.buffer.text == "one <two three>")
    // Shift-Left is Left.
    press([.modified(.left, .shift)] + typing("."), on: &state)
    #expect(state.buffer.text == "one <two three.>")
  }

  @Test func killsGoToTheKillRingAndCtrlYYanksThemBack() {
    var state = editor()
    press(typing("goto 2024-05-01 now"), on: &state)
    // Two Ctrl-W in a row: one kill of both words, yanked back as it was.
    press([.control("w"), .control("w")], on: &state)
    #expect(state.buffer.text == "goto ")
    press([.control("y")], on: &state)
    #expect(state.buffer.text == "goto 2024-05-01 now")
    press([.control("a"), .control("k")], on: &state)
    #expect(state.buffer.isEmpty)
    press(typing("x "), on: &state)
    press([.control("y")], on: &state)
    #expect(state.buffer.text == "x goto 2024-05-01 now")
    // Alt-Y right after a yank replaces it with the kill before.
    press([.escape, .character("y")], on: &state)
    #expect(state.buffer.text == "x 2024-05-01 now")
    // Ctrl-U, Alt-D and Alt-Backspace kill too.
    press([.control("u")], on: &state)
    #expect(state.buffer.isEmpty)
    press(typing("one two") + [.escape, .backspace], on: &state)
    #expect(state.buffer.text == "one ")
    press([.control("a"), .escape, .character("d"), .control("e"), .control("y")], on: &state)
    #expect(state.buffer.text == " one")
  }

  @Test func theKillRingOutlivesTheLine() {
    var state = editor()
    press(typing("keep me") + [.control("u")], on: &state)
    state.startLine(history: [])
    press([.control("y")], on: &state)
    #expect(state.buffer.text == "keep me")
  }

  @Test func ctrlDEndsTheInputOnlyOnAnEmptyLine() {
    var state = editor()
    press(typing("abc") + [.left], on: &state)
    #expect(press([.control("d")], on: &state) == .editing)
    #expect(state.buffer.text == "ab")
    press([.control("u")], on: &state)
    #expect(press([.control("d")], on: &state) == .endOfInput)
  }

  @Test func controlKeysAskTheTerminalSide() {
    var state = editor()
    press(typing("draft"), on: &state)
    #expect(state.handle(.control("c")) == .cancelled)
    #expect(state.handle(.control("l")) == .clearScreen)
    #expect(state.handle(.control("z")) == .suspend)
    // Keys with no binding insert nothing.
    press([.control("o"), .insert, .pageUp, .backTab], on: &state)
    #expect(state.buffer.text == "draft")
  }

  @Test func upAndDownGoThroughTheHistoryKeepingEdits() {
    var state = editor(history: ["goto 2024-05-01", "next"])
    press(typing("draft"), on: &state)
    press([.up], on: &state)
    #expect(state.buffer.text == "next")
    press([.control("p")], on: &state)
    #expect(state.buffer.text == "goto 2024-05-01")
    #expect(press([.up], on: &state) == .bell, "nothing older")
    press([.down] + typing(" 2"), on: &state)
    #expect(state.buffer.text == "next 2")
    press([.control("n")], on: &state)
    #expect(state.buffer.text == "draft", "the line typed before comes back")
    #expect(press([.down], on: &state) == .bell)
    press([.up], on: &state)
    #expect(state.buffer.text == "next 2", "an edit lasts until the line is accepted")
    state.startLine(history: ["goto 2024-05-01", "next"])
    press([.up], on: &state)
    #expect(state.buffer.text == "next")
  }

  @Test func ctrlRSearchesBackAndEnterRunsTheMatch() {
    var state = editor(history: ["goto 2024-05-01", "next", "add 2024 plans", "list"])
    press([.control("r")] + typing("2024"), on: &state)
    #expect(state.search?.query == "2024")
    #expect(state.shown.text == "add 2024 plans")
    #expect(state.shown.cursor == 4, "the cursor where the match starts")
    press([.control("r")], on: &state)
    #expect(state.shown.text == "goto 2024-05-01")
    #expect(press([.control("r")], on: &state) == .bell, "no older match")
    #expect(state.shown.text == "goto 2024-05-01")
    #expect(press([.enter], on: &state) == .accepted("goto 2024-05-01"))
  }

  @Test func ctrlGPutsBackTheLineAndOtherKeysEditTheMatch() {
    var state = editor(history: ["goto 2024-05-01", "next", "list"])
    press(typing("typed"), on: &state)
    press([.control("r")] + typing("ne") + [.control("g")], on: &state)
    #expect(state.search == nil)
    #expect(state.buffer.text == "typed")
    // An editing key ends the search on the match and then acts on it.
    press([.control("r")] + typing("ne") + [.control("e")] + typing(" 3"), on: &state)
    #expect(state.buffer.text == "next 3")
    // Up then goes on from the match.
    press([.up], on: &state)
    #expect(state.buffer.text == "goto 2024-05-01")
    // Backspace in the search takes back a character of the query; Ctrl-R with an empty
    // query searches for the last one again.
    state.startLine(history: ["goto 2024-05-01", "next", "list"])
    press([.control("r")] + typing("lx") + [.backspace], on: &state)
    #expect(state.shown.text == "list")
    press([.escape], on: &state)
    #expect(state.search == nil)
    #expect(state.buffer.text == "list")
    state.startLine(history: ["goto 2024-05-01", "next", "list"])
    press([.control("r"), .control("r")], on: &state)
    #expect(state.shown.text == "list")
  }

  @Test func aPasteIsTextAndRunsNothing() {
    var state = editor()
    press(typing("# "), on: &state)
    // Ctrl-C, Enter and Escape inside a paste are text, not keys.
    let outcome = state.handle(.paste("add Lunch with Ana\nadd \u{3}\u{1B}x"))
    #expect(outcome == .editing)
    #expect(state.buffer.text == "# add Lunch with Ana\nadd \u{3}\u{1B}x")
    #expect(press([.enter], on: &state) == .accepted("# add Lunch with Ana\nadd \u{3}\u{1B}x"))
    // In a search a paste is more of the query.
    state = editor(history: ["add Lunch with Ana", "next"])
    press([.control("r"), .paste("with\nAna")], on: &state)
    #expect(state.search?.query == "with Ana")
    #expect(state.shown.text == "add Lunch with Ana")
  }

  @Test func tabCompletesTheWordBeforeTheCursor() {
    var state = editor()
    var asked: [String] = []
    state.completion = { before in
      asked.append(before)
      return ["goto", "today", "tomorrow"]
    }
    press(typing("go") + [.tab], on: &state)
    #expect(state.buffer.text == "goto ")
    press(typing("t") + [.tab], on: &state)
    #expect(state.buffer.text == "goto to")
    #expect(press([.tab], on: &state) == .listing(["today", "tomorrow"]))
    #expect(press(typing("x") + [.tab], on: &state) == .bell)
    // Only the cursor's line of a pasted text is completed.
    state.startLine(history: [])
    press([.paste("next\ngo"), .tab], on: &state)
    #expect(asked.last == "go")
    #expect(state.buffer.text == "next\ngoto ")
    state.completion = nil
    #expect(state.handle(.tab) == .bell)
  }

  @Test func wideAndCombiningCharactersAreEditedWhole() {
    var state = editor()
    press(typing("add 会議😀メモ") + [.left, .left, .backspace] + typing("の"), on: &state)
    #expect(state.buffer.text == "add 会議のメモ")
    press([.end, .character("e"), .character("\u{301}"), .left, .backspace], on: &state)
    #expect(state.buffer.text == "add 会議のメé")
  }
}
