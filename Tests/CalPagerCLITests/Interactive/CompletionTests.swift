import Testing

@testable import CalPagerCLI

@Suite struct CompletionTests {
  static let commands = ["goto", "today", "tomorrow", "export", "exit", "--format=json"]

  @Test func wordIsTheTextAfterTheLastSpace() {
    #expect(Completion.word(before: "") == "")
    #expect(Completion.word(before: "go") == "go")
    #expect(Completion.word(before: "export --for") == "--for")
    #expect(Completion.word(before: "add ") == "")
    #expect(Completion.word(before: "a\tb") == "b")
  }

  @Test func oneMatchIsInsertedWithASpace() {
    #expect(Completion.action(word: "go", candidates: Self.commands) == .insert("to "))
    #expect(Completion.action(word: "goto", candidates: Self.commands) == .insert(" "))
  }

  @Test func noSpaceAfterAnEqualsSignOrSlash() {
    #expect(Completion.action(word: "--fo", candidates: ["--format="]) == .insert("rmat="))
    #expect(Completion.action(word: "/tm", candidates: ["/tmp/"]) == .insert("p/"))
  }

  @Test func severalMatchesInsertTheirCommonPrefixThenList() {
    #expect(Completion.action(word: "t", candidates: Self.commands) == .insert("o"))
    #expect(
      Completion.action(word: "to", candidates: Self.commands) == .list(["today", "tomorrow"]))
    #expect(Completion.action(word: "ex", candidates: Self.commands) == .list(["exit", "export"]))
  }

  @Test func nothingMatchingRingsTheBell() {
    #expect(Completion.action(word: "zz", candidates: Self.commands) == .none)
    #expect(Completion.action(word: "", candidates: []) == .none)
  }

  @Test func duplicatesCountOnce() {
    #expect(Completion.action(word: "g", candidates: ["goto", "goto"]) == .insert("oto "))
  }

  @Test func prefixesAreComparedByScalars() {
    #expect(Completion.action(word: "漢", candidates: ["漢字", "漢語"]) == .list(["漢字", "漢語"]))
    #expect(Completion.action(word: "", candidates: ["漢字"]) == .insert("漢字 "))
  }

  @Test func listingRunsDownColumnsAndFitsTheWidth() {
    let items = ["a", "bb", "ccc", "dddd", "e"]
    // Columns of 6 (longest 4 + 2): three fit in 20, so two rows.
    #expect(Completion.listing(items, width: 20) == ["a     ccc   e", "bb    dddd"])
    #expect(Completion.listing(items, width: 5) == ["a", "bb", "ccc", "dddd", "e"])
    #expect(Completion.listing([], width: 80) == [])
  }

  @Test func listingEscapesControlCharactersAndCountsWideOnes() {
    #expect(Completion.listing(["a\u{1B}b", "漢字"], width: 80) == ["a\\eb  漢字"])
  }
}
