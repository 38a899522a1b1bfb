import CalendarPaging
import Interchange

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

extension NoteStore {
  /// The notes matching every word of `query`, best matches first (FTS5's bm25 rank).
  ///
  /// Words are matched as whole tokens, case and diacritics folded; a word ending in `*`
  /// matches as a prefix. The query is never passed to FTS5 as syntax, so quotes, dashes and
  /// operators in it are just text.
  ///
  /// - Parameters:
  ///   - query: The words to look for.
  ///   - limit: The most hits to return.
  /// - Returns: The hits, best first; empty when the query has no words.
  /// - Throws: `StoreError` when SQLite fails.
  public func search(_ query: String, limit: Int = 50) throws -> [SearchHit] {
    let match = NoteStore.ftsQuery(for: query)
    guard !match.isEmpty else { return [] }
    var hits: [SearchHit] = []
    try mappingErrors {
      try database.prepare(
        """
        SELECT n.id, n.uid, n.day, n.body, n.created, n.updated,
               snippet(notes_fts, 0, char(2), char(3), '…', 12)
        FROM notes_fts JOIN notes AS n ON n.id = notes_fts.rowid
        WHERE notes_fts MATCH ?
        ORDER BY rank, n.day, n.id
        LIMIT ?
        """
      ).forEachRow([.text(match), .int(limit)]) { row in
        hits.append(SearchHit(note: NoteStore.note(from: row), snippet: row.string(at: 6)))
      }
    }
    return hits
  }

  /// An FTS5 query matching every word of `query`: each word a quoted string (so nothing in
  /// it is FTS5 syntax), a trailing `*` kept as a prefix match.
  static func ftsQuery(for query: String) -> String {
    query.split(whereSeparator: { $0.isWhitespace }).compactMap { word -> String? in
      let prefix = word.hasSuffix("*")
      let text = prefix ? word.dropLast() : word[...]
      // Only letters and digits make tokens: a word of punctuation alone matches nothing.
      guard
        text.unicodeScalars.contains(where: {
          $0.properties.isAlphabetic || $0.properties.numericType != nil
        })
      else { return nil }
      let quoted = "\"" + text.replacingQuotes() + "\""
      return prefix ? quoted + "*" : quoted
    }.joined(separator: " ")
  }
}

extension Substring {
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self {
      result.append(character)
      if character == "\"" { result.append("\"") }
    }
    return result
  }
}
