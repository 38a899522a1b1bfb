import CalendarPaging
import CommandLanguage
import Foundation
import NoteStore
import Testing

@testable import CalPagerCLI

/// `search`, read and run in this process on a real database.
@Suite struct SearchCommandTests {
  @Test func dashWordsAreWordsButOnlyForSearch() throws {
    #expect(
      try command(["search", "bank", "-mortgage"])
        == .command(AnyCommand(SearchCommand(words: ["bank", "-mortgage"]))))
    #expect(
      try command(["search", "-o", "bank", "--json"])
        == .command(AnyCommand(SearchCommand(words: ["-o", "bank"]))))
    #expect(try command(["search", "bank", "-h"]) == .help(.search))
    #expect(message(["search", "bank", "--mortgage"])?.hasPrefix("unknown option") == true)
    #expect(message(["add", "-mortgage"])?.hasPrefix("unknown option") == true)
    var limited = SearchCommand(words: ["bank"])
    limited.limit = 3
    limited.from = .month(Month(year: 2024, month: 1)!)
    #expect(
      try command(["search", "--limit", "3", "bank", "--from=2024-01"])
        == .command(AnyCommand(limited)))
    var all = SearchCommand(words: ["bank"])
    all.limit = nil
    #expect(try command(["search", "bank", "--all"]) == .command(AnyCommand(all)))
  }

  @Test func aMalformedQueryIsAUsageErrorOfSearch() throws {
    let calpager = try InProcess()
    let report = try #require(calpager.failure("search bank AND"))
    #expect(
      report.message
        == "The query cannot be searched: 'AND' needs something to search for after it, as in "
        + "'bank AND loan'")
    #expect(report.status == 64)
    #expect(report.usage?.hasPrefix("Usage: calpager search <query> ...") == true)
  }

  @Test func theLimitAndTheTotal() throws {
    let calpager = try InProcess()
    for day in 1...5 {
      try calpager.store.add("bank visit \(day)", on: Day(year: 2024, month: 5, day: day)!)
    }
    let text = try calpager.run("search bank --limit 2")
    #expect(text.split(separator: "\n").count == 3)
    #expect(text.hasSuffix("\n3 more notes matched: --all or --limit N shows them\n"))
    let json = try calpager.json("search bank --limit 2")
    #expect((json["hits"] as? [Any])?.count == 2)
    #expect(json["total"] as? Int == 5)
    #expect((try calpager.json("search bank --all")["hits"] as? [Any])?.count == 5)
    #expect((try calpager.json("search bank")["hits"] as? [Any])?.count == 5)
  }
}
