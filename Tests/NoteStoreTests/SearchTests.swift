import CalendarPaging
import Interchange
import TestSupport
import Testing

@testable import NoteStore

/// `search` over real database files: operators, literal words, CJK text, ranking, limits,
/// day bounds, and the indexes kept in step with every change.
@Suite struct SearchTests {
  /// The bodies `query` finds, best first.
  func bodies(_ store: NoteStore, _ query: String) throws -> [String] {
    try store.search(SearchQuery(query), limit: nil).hits.map(\.note.body)
  }

  /// Adds each body on its own day, 2024-05-01 onwards, in order.
  func add(_ bodies: [String], to store: NoteStore) throws {
    for (index, body) in bodies.enumerated() {
      try store.add(body, on: day("2024-05-01").adding(days: index)!)
    }
  }

  static let notes = [
    "Call the bank about the mortgage",  // 2024-05-01
    "Dentist at 10:00, then the bank",  // 05-02
    "Send the e-mail to Ana",  // 05-03
    "Lunch with Ana at the café",  // 05-04
    "Don't forget: c++ book for the naïve reader",  // 05-05
    "Bank holiday, nothing open",  // 05-06
  ]

  @Test func operatorsParenthesesQuotesAndExclusions() throws {
    try withStore { store, _ throws in
      try add(Self.notes, to: store)
      #expect(try bodies(store, "bank AND mortgage") == [Self.notes[0]])
      #expect(Set(try bodies(store, "mortgage OR café")) == [Self.notes[0], Self.notes[3]])
      #expect(
        Set(try bodies(store, "(dentist OR holiday) bank")) == [Self.notes[1], Self.notes[5]])
      #expect(Set(try bodies(store, "bank NOT mortgage")) == [Self.notes[1], Self.notes[5]])
      #expect(Set(try bodies(store, "bank -mortgage")) == [Self.notes[1], Self.notes[5]])
      #expect(try bodies(store, "bank -mortgage -holiday") == [Self.notes[1]])
      #expect(try bodies(store, "bank -(mortgage OR holiday)") == [Self.notes[1]])
      #expect(try bodies(store, #""the bank about""#) == [Self.notes[0]])
      #expect(try bodies(store, #""about the bank""#).isEmpty)
      #expect(try bodies(store, "NEAR(dentist bank, 5)") == [Self.notes[1]])
      #expect(try bodies(store, "NEAR(dentist bank, 4)").isEmpty)
      #expect(try bodies(store, "NEAR(call mortgage, 2)").isEmpty)
      #expect(try bodies(store, "mort*") == [Self.notes[0]])
      #expect(try bodies(store, "bank OR +").count == 3)
    }
  }

  @Test func malformedQueriesFailBeforeSQLiteSeesThem() throws {
    try withStore { store, _ throws in
      try add(Self.notes, to: store)
      let cases: [(String, SearchQueryError)] = [
        ("\"bank", .unclosedQuote), ("(bank", .unclosedParenthesis),
        ("bank)", .unopenedParenthesis),
        ("bank OR", .missingOperand(operator: "OR", before: false)),
        ("-bank", .onlyExclusions("-bank")),
        ("NEAR(bank", .malformedNear("is not closed by ')'")), ("()", .emptyGroup),
      ]
      for (query, error) in cases {
        #expect(throws: error) { try store.search(query) }
      }
    }
  }

  @Test func literalWordsKeepTheirPunctuation() throws {
    try withStore { store, _ throws in
      try add(Self.notes, to: store)
      #expect(try bodies(store, "10:00") == [Self.notes[1]])
      #expect(try bodies(store, "11:00").isEmpty)
      #expect(try bodies(store, "e-mail") == [Self.notes[2]])
      #expect(try bodies(store, "don't") == [Self.notes[4]])
      #expect(try bodies(store, "c++") == [Self.notes[4]])
      #expect(try bodies(store, "forget:") == [Self.notes[4]])
      // Inside FTS5 syntax too.
      #expect(Set(try bodies(store, "(10:00 OR e-mail)")) == [Self.notes[1], Self.notes[2]])
      #expect(try store.search(SearchQuery("++ ---")).total == 0)
    }
  }

  @Test func diacriticsAndCaseAreFolded() throws {
    try withStore { store, _ throws in
      try add(Self.notes, to: store)
      #expect(try bodies(store, "cafe") == [Self.notes[3]])
      #expect(try bodies(store, "CAFÉ") == [Self.notes[3]])
      #expect(try bodies(store, "naive") == [Self.notes[4]])
      #expect(try bodies(store, "\"Cafe\" OR Naïve").count == 2)
    }
  }

  static let cjkNotes = [
    "日本語のメモ",  // 05-01
    "東京駅で待ち合わせ, then lunch",  // 05-02
    "会議は日本橋で",  // 05-03
    "학교에서 공부",  // 05-04
    "ｶﾀｶﾅ and 𠀋 (an Extension B ideograph)",  // 05-05
    "Nothing Asian here, only café",  // 05-06
  ]

  @Test func cjkTextIsFoundInsideWordsFromOneCharacter() throws {
    try withStore { store, _ throws in
      try add(Self.cjkNotes, to: store)
      // One character, two, three and more.
      #expect(Set(try bodies(store, "日")) == [Self.cjkNotes[0], Self.cjkNotes[2]])
      #expect(Set(try bodies(store, "日本")) == [Self.cjkNotes[0], Self.cjkNotes[2]])
      #expect(try bodies(store, "日本語") == [Self.cjkNotes[0]])
      #expect(try bodies(store, "日本語のメモ") == [Self.cjkNotes[0]])
      #expect(try bodies(store, "本語のメ") == [Self.cjkNotes[0]])
      #expect(try bodies(store, "メモ") == [Self.cjkNotes[0]])
      #expect(try bodies(store, "待ち合わせ") == [Self.cjkNotes[1]])
      #expect(try bodies(store, "학교") == [Self.cjkNotes[3]])
      #expect(try bodies(store, "공") == [Self.cjkNotes[3]])
      #expect(try bodies(store, "ｶﾀｶﾅ") == [Self.cjkNotes[4]])
      #expect(try bodies(store, "𠀋") == [Self.cjkNotes[4]])
      // ASCII letters in a short phrase fold their case, as in the trigram index.
      #expect(try bodies(store, "ANd 𠀋") == [Self.cjkNotes[4]])
      #expect(try bodies(store, "b𠀋").isEmpty)
      try store.add("abc日本def", on: day("2024-06-01"))
      #expect(try bodies(store, "C日") == ["abc日本def"])
      #expect(try bodies(store, "C日本D") == ["abc日本def"])
      #expect(try bodies(store, "%日").isEmpty)
      #expect(try store.remove(id: 7).body == "abc日本def")
      #expect(try bodies(store, "日本語です").isEmpty)
      #expect(try bodies(store, "語日").isEmpty)
      // With words and operators.
      #expect(try bodies(store, "東京 lunch") == [Self.cjkNotes[1]])
      #expect(try bodies(store, "日本 -会議") == [Self.cjkNotes[0]])
      #expect(try bodies(store, "日本 NOT 会議は") == [Self.cjkNotes[0]])
      #expect(
        Set(try bodies(store, "(メモ OR café OR 공부)"))
          == [Self.cjkNotes[0], Self.cjkNotes[3], Self.cjkNotes[5]])
      #expect(try bodies(store, "lunch -東京").isEmpty)
      #expect(try bodies(store, #""駅で待ち" AND then"#) == [Self.cjkNotes[1]])
      #expect(try bodies(store, "(日本 AND 橋) OR 학교").count == 2)
    }
  }

  @Test func cjkSnippetsMarkTheMatch() throws {
    try withStore { store, _ throws in
      try store.add("今日は" + String(repeating: "あ", count: 40) + "日本橋で会議", on: day("2024-05-01"))
      try store.add("短い日本のメモ", on: day("2024-05-02"))
      let hits = try store.search(SearchQuery("日本"), limit: nil).hits
      let snippets = Dictionary(uniqueKeysWithValues: hits.map { ($0.note.body.count, $0.snippet) })
      #expect(snippets[7] == "短い\u{2}日本\u{3}のメモ")
      let long = try #require(snippets[49])
      #expect(long.hasPrefix("…" + String(repeating: "あ", count: 10) + "\u{2}日本\u{3}橋で会議"))
      // Words keep FTS5's snippet.
      try store.add("Lunch with Ana", on: day("2024-05-03"))
      let word = try store.search(SearchQuery("ana OR 日本橋"), limit: nil).hits
      #expect(word.map(\.snippet).contains("Lunch with \u{2}Ana\u{3}"))
      #expect(word.map(\.snippet).contains { $0.contains("\u{2}日本橋\u{3}") })
    }
  }

  @Test func hitsRankByBM25ThenNewestDay() throws {
    try withStore { store, _ throws in
      try store.add("bank", on: day("2024-01-01"))  // 1: short, one hit
      try store.add("bank bank bank loan", on: day("2020-01-01"))  // 2: most hits
      try store.add("bank", on: day("2024-06-01"))  // 3: as 1, newer day
      try store.add("bank", on: day("2024-06-01"))  // 4: as 3, added later
      try store.add(
        "a long note that mentions the bank once among many words", on: day("2025-01-01"))
      let order = try store.search(SearchQuery("bank")).hits.map(\.note.id)
      #expect(order == [2, 4, 3, 1, 5])
      // CJK scans rank by how often a note holds the phrase.
      try store.add("日本", on: day("2024-01-01"))  // 6
      try store.add("日本と日本と日本", on: day("2020-01-01"))  // 7
      try store.add("日本", on: day("2024-06-01"))  // 8
      #expect(try store.search(SearchQuery("日本")).hits.map(\.note.id) == [7, 8, 6])
      #expect(try store.search(SearchQuery("日本と日")).hits.map(\.note.id) == [7])
    }
  }

  @Test func limitAndTotal() throws {
    try withStore { store, _ throws in
      for index in 0..<30 {
        try store.add("meeting 会議", on: day("2024-05-01").adding(days: index)!)
      }
      try store.add("something else", on: day("2024-05-01"))
      for query in ["meeting", "会議", "会", "meeting 会議"] {
        let results = try store.search(SearchQuery(query), limit: 10)
        #expect(results.hits.count == 10, "\(query)")
        #expect(results.total == 30)
        #expect(results.remaining == 20)
        #expect(results.hits.first?.note.day == day("2024-05-30"))
        #expect(try store.search(SearchQuery(query), limit: nil).hits.count == 30)
        #expect(
          try store.search(SearchQuery(query), limit: 0) == SearchResults(hits: [], total: 30))
        #expect(try store.search(SearchQuery(query), limit: 100).total == 30)
      }
      #expect(try store.search(SearchQuery("meeting")).hits.count == 30)
      #expect(try store.search(SearchQuery("nothing")) == SearchResults(hits: [], total: 0))
      #expect(try store.search("meeting", limit: 5).count == 5)
    }
  }

  @Test func fromAndToBoundTheDays() throws {
    try withStore { store, _ throws in
      for index in 0..<10 {
        try store.add("meeting 会議 \(index)", on: day("2024-05-01").adding(days: index)!)
      }
      for query in ["meeting", "会議", "会", "meeting -nothing", "(会議 OR meeting)"] {
        let within = try store.search(
          SearchQuery(query), from: day("2024-05-03"), to: day("2024-05-05"))
        #expect(within.total == 3, "\(query)")
        #expect(
          within.hits.map(\.note.day) == [day("2024-05-05"), day("2024-05-04"), day("2024-05-03")])
        #expect(try store.search(SearchQuery(query), from: day("2024-05-09")).total == 2)
        #expect(try store.search(SearchQuery(query), to: day("2024-05-01")).total == 1)
        #expect(
          try store.search(SearchQuery(query), from: day("2024-05-05"), to: day("2024-05-04"))
            .total == 0)
      }
      try store.add("meeting at the edge", on: .last)
      try store.add("meeting 会 at the start", on: .first)
      #expect(try store.search(SearchQuery("meeting"), from: .last).total == 1)
      #expect(try store.search(SearchQuery("会"), to: .first).total == 1)
    }
  }
}
