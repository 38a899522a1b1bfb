import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

@Suite struct SuggestionTests {
  let commands = CommandName.available(in: .commandLine).map(\.rawValue)

  @Test(arguments: [
    ("nxt", "next"), ("nexy", "next"), ("shwo", "show"), ("lsit", "list"), ("udno", "undo"),
    ("exprot", "export"), ("improt", "import"), ("confg", "config"), ("serch", "search"),
    ("bakcup", "backup"), ("hlep", "help"), ("Next", "next"), ("GOTO", "goto"), ("tody", "today"),
    ("sea", "search"), ("imp", "import"), ("shel", "shell"), ("ex", "export"), ("ne", "next"),
  ])
  func suggestsTheNearestCommand(typed: String, expected: String) {
    #expect(Suggestion.nearest(to: typed, among: commands) == expected)
  }

  @Test(arguments: ["", "x", "zz", "sh", "re", "frobnicate", "calendar", "-", "--"])
  func staysQuietWhenNothingIsClose(typed: String) {
    #expect(Suggestion.nearest(to: typed, among: commands) == nil)
  }

  @Test func suggestsOptions() {
    let options = OptionName.allCases.flatMap(\.spellings)
    #expect(Suggestion.nearest(to: "--colour", among: options) == "--color")
    #expect(Suggestion.nearest(to: "--with-note", among: options) == "--with-notes")
    #expect(Suggestion.nearest(to: "--withnotes", among: options) == "--with-notes")
    #expect(Suggestion.nearest(to: "-help", among: options) == "--help")
    #expect(Suggestion.nearest(to: "--versoin", among: options) == "--version")
    #expect(Suggestion.nearest(to: "--dry", among: options) == "--dry-run")
    #expect(Suggestion.nearest(to: "-x", among: options) == nil)
    #expect(Suggestion.nearest(to: "--d", among: options) == nil)
  }

  @Test func measuresOptimalStringAlignment() {
    func distance(_ a: String, _ b: String) -> Int {
      Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
    #expect(distance("", "") == 0)
    #expect(distance("", "abc") == 3)
    #expect(distance("abc", "") == 3)
    #expect(distance("next", "next") == 0)
    #expect(distance("nxt", "next") == 1)
    #expect(distance("nxet", "next") == 1)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("ca", "abc") == 3)
    #expect(distance("日本", "日本語") == 1)
  }

  @Test func costsLittleOnHugeInput() {
    let huge = String(repeating: "a", count: 100_000)
    #expect(Suggestion.nearest(to: huge, among: commands) == nil)
  }
}
