import Testing

@testable import CalPagerCLI

@Suite struct LinePromptTests {
  func typing(_ keys: [Key], into prompt: inout LinePrompt) -> LinePrompt.Outcome {
    var outcome = LinePrompt.Outcome.editing
    for key in keys { outcome = prompt.handle(key) }
    return outcome
  }

  func characters(_ text: String) -> [Key] { text.map { .character($0) } }

  @Test func typedTextIsAcceptedWithEnter() {
    var prompt = LinePrompt(label: "Go to: ")
    #expect(typing(characters("2024-05-01"), into: &prompt) == .editing)
    #expect(prompt.handle(.enter) == .accepted("2024-05-01"))
  }

  @Test func escapeCtrlCAndCtrlGCancel() {
    for key in [Key.escape, .control("c"), .control("g")] {
      var prompt = LinePrompt(label: "/", text: "abc")
      #expect(prompt.handle(key) == .cancelled)
    }
  }

  @Test func editingKeysMoveAndDeleteAtTheCursor() {
    var prompt = LinePrompt(label: "", text: "add hello wrld")
    _ = typing([.left, .left, .left, .character("o")], into: &prompt)
    #expect(prompt.text == "add hello world")
    _ = typing([.home, .delete, .character("A"), .end, .backspace], into: &prompt)
    #expect(prompt.text == "Add hello worl")
    _ = typing([.control("w")], into: &prompt)
    #expect(prompt.text == "Add hello ")
    _ = typing([.control("a"), .right, .control("k")], into: &prompt)
    #expect(prompt.text == "A")
    _ = typing(characters("xyz") + [.left, .control("u")], into: &prompt)
    #expect(prompt.text == "z")
    #expect(prompt.cursor == 0)
    _ = typing([.backspace, .left, .up, .tab], into: &prompt)
    #expect(prompt.text == "z")
  }

  @Test func lineShowsTheLabelAndPutsTheCursorAfterTheText() {
    let prompt = LinePrompt(label: "Go to: ", text: "漢字")
    let (line, column) = prompt.line(columns: 40)
    #expect(line.spans.map(\.text) == ["Go to: ", "漢字"])
    #expect(column == 11)
  }

  @Test func longTextScrollsToKeepTheCursorInView() {
    var prompt = LinePrompt(label: "> ", text: String(repeating: "x", count: 30) + "END")
    var (line, column) = prompt.line(columns: 20)
    #expect(line.spans.last?.text.hasSuffix("END") == true)
    #expect(column == 19)
    _ = prompt.handle(.home)
    (line, column) = prompt.line(columns: 20)
    #expect(column == 2)
    #expect(line.spans.last?.text.hasPrefix("xxx") == true)
  }
}
