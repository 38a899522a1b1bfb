import Testing

@testable import DisplayText

@Suite struct TextFitTests {
  @Test func wrapsAtSpacesAndCutsAWordWiderThanTheLine() {
    #expect(TextFit.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(TextFit.wrap("a  b", width: 10) == ["a b"])
    #expect(
      TextFit.wrap("see $XDG_DATA_HOME/calpager/calpager.db", width: 20) == [
        "see", "$XDG_DATA_HOME/calp…",
      ])
    #expect(TextFit.wrap("one two", width: 10, indent: 4) == ["    one", "    two"])
    #expect(TextFit.wrap("one two", width: 10, indent: 2, firstIndent: 0) == ["one two"])
    #expect(TextFit.wrap("日本語のメモです", width: 9) == ["日本語の…"])
    #expect(TextFit.wrap("", width: 5) == [""])
  }

  @Test func cutsByDisplayWidth() {
    #expect(TextFit.cut("abcdef", toFit: 6) == "abcdef")
    #expect(TextFit.cut("abcdef", toFit: 4) == "abc…")
    #expect(TextFit.cut("日本語", toFit: 5) == "日本…")
    #expect(TextFit.cut("日本語", toFit: 4) == "日…")
    #expect(TextFit.cut("e\u{301}e\u{301}e\u{301}", toFit: 2) == "e\u{301}…")
    #expect(TextFit.cut("abc", toFit: 0) == "")
  }

  @Test func joinsPartsAtTheirSeparators() {
    let parts = ["Wednesday 18 September 2024", "today", "12 notes"]
    #expect(TextFit.join(parts, width: 80) == ["Wednesday 18 September 2024 · today · 12 notes"])
    #expect(TextFit.join(parts, width: 40) == ["Wednesday 18 September 2024 · today", "12 notes"])
    #expect(
      TextFit.join(parts, width: 20) == ["Wednesday 18", "September 2024", "today · 12 notes"])
  }
}
