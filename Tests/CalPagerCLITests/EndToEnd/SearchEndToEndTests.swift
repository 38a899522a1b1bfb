import Foundation
import TestSupport
import Testing

/// `search` as a user runs it: queries in FTS5 syntax or literal words, `-word` leaving
/// notes out, CJK found inside words, limits, day bounds, and malformed queries refused.
@Suite struct SearchEndToEndTests {
  static let notes = [
    ("2024-05-01", "Call the bank about the mortgage"),
    ("2024-05-02", "Dentist at 10:00"),
    ("2024-05-03", "Send the e-mail to the bank"),
    ("2024-05-04", "Coffee at the café with Ana"),
    ("2024-05-05", "日本語のメモ"),
    ("2024-05-06", "Learn c++ and don't give up"),
    ("2024-06-01", "Pay the bank"),
  ]

  /// A database holding `notes` (ids 1 to 7, in order).
  static func makeCalpager() throws -> Calpager {
    let calpager = Calpager()
    for (day, body) in notes {
      let result = try calpager.run(["add", "--day", day, body])
      guard result.status == 0 else { throw SearchFailure(result.stderr) }
    }
    return calpager
  }

  struct SearchFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  /// The ids `search words…` prints, in order.
  static func ids(_ calpager: Calpager, _ words: [String]) throws -> [Int] {
    let result = try calpager.run(["search"] + words)
    #expect(result.status == 0, "\(words): \(result.stderr)")
    return result.stdout.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("#") else { return nil }
      return Int(line.dropFirst().prefix { $0.isNumber })
    }
  }

  @Test(arguments: [
    (["bank", "AND", "mortgage"], [1]),
    (["bank", "OR", "dentist"], [7, 3, 1, 2]),
    (["(bank", "OR", "dentist)", "AND", "10:00"], [2]),
    (["(bank OR café)"], [7, 3, 1, 4]),
    (["\"the bank\""], [7, 3, 1]),
    (["\"bank about\""], [1]),
    (["bank", "NOT", "mortgage"], [7, 3]),
    (["bank", "-mortgage"], [7, 3]),
    (["bank", "-mortgage", "-e-mail"], [7]),
    (["bank", "--", "-mortgage"], [7, 3]),
    (["10:00"], [2]),
    (["e-mail"], [3]),
    (["don't"], [6]),
    (["c++"], [6]),
    (["cafe"], [4]),
    (["CAFÉ"], [4]),
    (["日本"], [5]),
    (["メモ"], [5]),
    (["語"], [5]),
    (["bank", "mortgage"], [1]),
    (["zebra"], []),
  ])
  func queriesFindWhatTheySay(words: [String], expected: [Int]) throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    let found = try SearchEndToEndTests.ids(calpager, words)
    // bm25 then the newest day: the order of equally good matches is by day, newest first.
    #expect(Set(found) == Set(expected), "\(words)")
    #expect(found.count == expected.count, "\(words)")
  }

  @Test func betterMatchesComeFirstThenTheNewest() throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    // bm25: the shorter note holding the word is the better match.
    #expect(try SearchEndToEndTests.ids(calpager, ["bank"]) == [7, 1, 3])
    try calpager.run(["add", "--day", "2023-01-01", "same words"])
    try calpager.run(["add", "--day", "2025-01-01", "same words"])
    try calpager.run(["add", "--day", "2024-01-01", "same words"])
    #expect(try SearchEndToEndTests.ids(calpager, ["same", "words"]) == [9, 10, 8])
  }

  @Test func cjkIsFoundInsideWords() throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    let result = try calpager.run(["search", "日本"])
    #expect(result.stdout == "#5  2024-05-05  日本語のメモ\n")
  }

  @Test(arguments: [
    (["bank", "AND"], "'AND' needs something to search for after it, as in 'bank AND loan'"),
    (["OR", "bank"], "'OR' needs something to search for before it, as in 'bank OR loan'"),
    (["(bank"], "'(' is not closed by ')'"),
    (["bank)"], "')' has no '(' to close"),
    (["\"bank"], "a double quote is not closed: write a phrase as \"two words\""),
    (["()"], "'()' holds nothing to search for"),
    (["-bank"], "'-bank' only leaves words out: add a word to search for, as in 'bank -bank'"),
  ])
  func malformedQueriesAreUsageErrorsNamingTheProblem(words: [String], problem: String) throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    let before = calpager.snapshot()
    let result = try calpager.run(["search"] + words)
    #expect(result.status == 64, "\(words)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.first == "Error: The query cannot be searched: \(problem)"[...], "\(words)")
    #expect(lines.dropFirst().first?.hasPrefix("Usage: calpager search") == true)
    let json = try calpager.run(["--json", "search"] + words)
    #expect(json.status == 64)
    #expect(json.stderr.hasPrefix(#"{"error":"The query cannot be searched: "#))
    #expect(calpager.snapshot() == before)
  }

  @Test func badOptionsAreUsageErrors() throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    for (words, message) in [
      (
        ["bank", "--limit", "0"],
        "'0' is not a valid limit: expected a whole number from 1 to 1000000"
      ),
      (
        ["bank", "--limit", "2", "--all"], "'--limit' and '--all' cannot be used together: give one"
      ),
      (
        ["bank", "--from", "2024-06", "--to", "2024-05"],
        "'--from' is after '--to': 2024-06-01 is after 2024-05-31"
      ),
      (["bank", "--frm", "2024"], "unknown option '--frm'; did you mean '--from'?"),
    ] {
      let result = try calpager.run(["search"] + words)
      #expect(result.status == 64, "\(words)")
      #expect(
        result.stderr.hasPrefix("Error: \(message.prefix(1).uppercased() + message.dropFirst())\n"),
        "\(result.stderr)")
    }
  }

  @Test func aCappedListSaysHowManyMoreMatched() throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    let capped = try calpager.run(["search", "bank", "--limit", "1"])
    #expect(
      capped.stdout == """
        #7  2024-06-01  Pay the bank
        2 more notes matched: --all or --limit N shows them

        """)
    let two = try calpager.run(["search", "bank", "--limit=2"])
    #expect(two.stdout.hasSuffix("1 more note matched: --all or --limit N shows it\n"))
    let all = try calpager.run(["search", "bank", "--all"])
    #expect(all.stdout.split(separator: "\n").count == 3)
    #expect(!all.stdout.contains("more"))
    let json = try calpager.run(["--json", "search", "bank", "--limit", "1"])
    #expect(
      json.stdout.hasPrefix(#"{"query":"bank","hits":[{"snippet":"Pay the bank","note":{"id":7,"#))
    #expect(json.stdout.hasSuffix(#"],"total":3}"# + "\n"))
    let none = try calpager.run(["--json", "search", "zebra"])
    #expect(none.stdout == #"{"query":"zebra","hits":[],"total":0}"# + "\n")
  }

  @Test func fromAndToBoundTheDaysSearched() throws {
    let calpager = try SearchEndToEndTests.makeCalpager()
    #expect(try SearchEndToEndTests.ids(calpager, ["bank", "--from", "2024-05-02"]) == [7, 3])
    #expect(try SearchEndToEndTests.ids(calpager, ["bank", "--to", "2024-05"]) == [1, 3])
    #expect(
      try SearchEndToEndTests.ids(calpager, ["bank", "--from", "2024-05-02", "--to", "2024-W18"])
        == [3])
  }
}
