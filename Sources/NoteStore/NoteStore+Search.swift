import CalendarPaging
import Interchange
import NoteModel

/// One note that matched a search, with a snippet of its text around the match.
public struct SearchHit: Sendable, Equatable {
  /// The note.
  public let note: Note
  /// A few words around the match; each matched term is wrapped in `SearchHit.matchStart` and
  /// `SearchHit.matchEnd`.
  public let snippet: String

  /// Marks the start of a matched term in `snippet` (U+0002, never shown as is).
  public static let matchStart: Character = "\u{2}"
  /// Marks the end of a matched term in `snippet` (U+0003, never shown as is).
  public static let matchEnd: Character = "\u{3}"
}

/// What a search found: the best hits, up to the limit, and how many notes matched in all.
public struct SearchResults: Sendable, Equatable {
  /// The hits, best first: by bm25, then the newest day, then the newest note.
  public let hits: [SearchHit]
  /// The number of notes that matched, `hits` included.
  public let total: Int

  /// The number of matching notes the limit left out.
  public var remaining: Int { total - hits.count }
}

extension NoteStore {
  /// The notes that match `query`, best first, with the number of matches.
  ///
  /// Ranked by FTS5's bm25 (a note holding the words more often, in less text, comes first),
  /// then by the newest day and the newest note. A CJK phrase of one or two characters scans
  /// the bodies of the days searched, scoring by how often a note holds it.
  ///
  /// - Parameters:
  ///   - query: What to look for.
  ///   - limit: The most hits to return (nil for all); `total` counts them all anyway.
  ///   - from: The first day to search (nil: from 0001-01-01).
  ///   - to: The last day to search (nil: to 9999-12-31).
  /// - Returns: The hits and the number of matches; none for an empty query or when `from` is
  ///   after `to`.
  /// - Throws: `SearchQueryError.refusedByIndex` if FTS5 refuses the query;
  ///   `StoreError.damaged` naming `check --repair` for a damaged search index; other
  ///   `StoreError`s when SQLite fails.
  public func search(_ query: SearchQuery, limit: Int? = 50, from: Day? = nil, to: Day? = nil)
    throws -> SearchResults
  {
    let first = from ?? .first
    let last = to ?? .last
    guard let expression = query.expression, first <= last else {
      return SearchResults(hits: [], total: 0)
    }
    let plan = SearchPlan(expression, days: first...last)
    return try read { () throws -> SearchResults in
      // SQLite's failures are told as search errors (a damaged index names its repair).
      do {
        let database = self.database
        var ids: [Int] = []
        var total = 0
        let ranked = plan.rankedIDs(limit: limit)
        // A query of words has one SQL text whatever the words: cache it. Other queries have
        // one per shape: prepare those afresh rather than fill the cache.
        let statement =
          plan.isWordsOnly
          ? try database.prepare(ranked.sql) : try database.prepareUncached(ranked.sql)
        try statement.forEachRow(ranked.values) { row in
          ids.append(row.int(at: 0))
          total = row.int(at: 1)
        }
        if ids.isEmpty, limit == 0 {
          let count = plan.count()
          total = try database.scalarInt(count.sql, count.values) ?? 0
        }
        var hits: [SearchHit] = []
        hits.reserveCapacity(ids.count)
        for id in ids {
          guard let note = try NoteStore.fetchNote(id: id, in: database) else { continue }
          let snippet = try NoteStore.snippet(of: note, id: id, for: expression, in: database)
          hits.append(SearchHit(note: note, snippet: snippet))
        }
        return SearchResults(hits: hits, total: total)
      } catch let error as DatabaseError {
        throw searchError(error)
      }
    }
  }

  /// The notes matching `query` read as one text (see `SearchQuery.init(_:)`), best first.
  ///
  /// - Parameters:
  ///   - query: The words to look for, literal or in FTS5's syntax.
  ///   - limit: The most hits to return.
  /// - Returns: The hits, best first; empty when the query has nothing to search for.
  /// - Throws: `SearchQueryError` for a malformed query; `StoreError` when SQLite fails.
  public func search(_ query: String, limit: Int = 50) throws -> [SearchHit] {
    try search(SearchQuery(query), limit: limit).hits
  }

  /// The error a user sees for SQLite's failure in a search.
  private func searchError(_ error: DatabaseError) -> Error {
    switch error.primaryCode {
    case .corrupt:
      return StoreError.damaged(
        path: location.path,
        detail: "its search index is damaged; 'calpager check --repair' rebuilds it")
    case .error where error.message.hasPrefix("fts5"):
      // The parser writes every MATCH itself, so this is a query FTS5 still refuses.
      return SearchQueryError.refusedByIndex
    default:
      return StoreError(error, path: location.path)
    }
  }

  /// The snippet of a hit: FTS5's, around the words the query found; for CJK text, the text
  /// around the first phrase found; else the start of the note.
  private static func snippet(
    of note: Note, id: Int, for expression: SearchExpression, in database: Database
  ) throws -> String {
    let phrases = expression.foundPhrases
    let words = phrases.filter { !$0.isCJK }
    if !words.isEmpty {
      // Any of the words the query looks for: the note matched the query, so it holds some.
      let match = words.map(\.description).joined(separator: " OR ")
      let statement = try database.prepare(
        """
        SELECT snippet(notes_fts, 0, char(2), char(3), '…', 12) FROM notes_fts
        WHERE notes_fts MATCH ? AND rowid = ?
        """)
      try statement.bind([.text(match), .int(id)])
      defer { statement.reset() }
      if try statement.step() { return statement.string(at: 0) }
    }
    return SearchSnippet.around(phrases.filter(\.isCJK).map(\.text), in: note.body)
  }
}
