/// A full-text index `search` reads.
public enum SearchIndex: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Whole words of every note, case and diacritics folded (`notes_fts`, migration 0001).
  case words = "notes_fts"
  /// Trigrams of the notes holding CJK text (`notes_cjk`, migration 0002).
  case cjk = "notes_cjk"

  /// The FTS5 table.
  public var table: String { rawValue }

  /// What the index holds, in a few words: `words`, `CJK text`.
  public var description: String {
    switch self {
    case .words: return "words"
    case .cjk: return "CJK text"
    }
  }

  /// The number of notes the index should hold.
  var expectedCountSQL: String {
    switch self {
    case .words: return "SELECT count(*) FROM notes"
    case .cjk: return "SELECT count(*) FROM notes_cjk_text"
    }
  }
}

extension NoteStore {
  /// Adds a new note to the CJK index when it holds CJK text.
  ///
  /// The explicit insert that stands for an insert trigger (see migration 0002); `insert`
  /// calls it inside its transaction.
  static func indexCJKText(of body: String, id: Int, in database: Database) throws {
    guard CJKText.contains(body) else { return }
    try database.execute(
      "INSERT INTO notes_cjk (rowid, body) VALUES (?, ?)", [.int(id), .text(body)])
  }
}
