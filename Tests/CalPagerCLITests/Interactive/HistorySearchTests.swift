import Testing

@testable import CalPagerCLI

@Suite struct HistorySearchTests {
  static let history = [
    "goto 2024-05-01", "next", "add 2024 plans", "goto 2024-05-01", "list 2024-05", "show",
  ]

  func search(_ direction: HistorySearch.Direction = .backward, from origin: Int? = nil)
    -> HistorySearch
  {
    HistorySearch(entries: Self.history, from: origin ?? Self.history.count, direction: direction)
  }

  @Test func typingNarrowsToTheNewestMatch() {
    var search = search()
    search.type("2024")
    #expect(search.match?.entry == "list 2024-05")
    search.type("-05-")
    #expect(search.match?.entry == "goto 2024-05-01")
    #expect(search.match?.index == 3)
    #expect(search.match?.offset == 5)
    #expect(!search.isFailing)
  }

  @Test func nextStepsOverRepeatsOfTheSameLine() {
    var search = search()
    search.type("goto")
    #expect(search.match?.index == 3)
    search.next(.backward)
    // Index 0 holds the same line as index 3: nothing new, so the search fails there.
    #expect(search.match?.index == 3)
    #expect(search.isFailing)
    var plans = self.search()
    plans.type("2024")
    plans.next(.backward)
    #expect(plans.match?.entry == "goto 2024-05-01")
    plans.next(.backward)
    #expect(plans.match?.entry == "add 2024 plans")
    plans.next(.forward)
    #expect(plans.match?.entry == "goto 2024-05-01")
  }

  @Test func noMatchKeepsTheLastOneAndSaysSo() {
    var search = search()
    search.type("ne")
    #expect(search.match?.entry == "next")
    search.type("w")
    #expect(search.isFailing)
    #expect(search.match?.entry == "next")
    search.deleteBackward()
    #expect(!search.isFailing)
    #expect(search.query == "ne")
    search.deleteBackward()
    search.deleteBackward()
    #expect(search.match == nil, "an empty query matches nothing")
  }

  @Test func anEmptyQuerySearchesForThePreviousOne() {
    var search = search()
    search.next(.backward, previousQuery: "plans")
    #expect(search.query == "plans")
    #expect(search.match?.entry == "add 2024 plans")
    var empty = self.search()
    empty.next(.backward)
    #expect(empty.match == nil)
  }

  @Test func forwardSearchGoesFromTheOriginToNewerEntries() {
    var search = search(.forward, from: 1)
    search.type("2024")
    #expect(search.match?.entry == "add 2024 plans")
    #expect(search.match?.offset == 4)
  }
}
