/// A full-text index `search` reads.
///
/// (The search branch adds a CJK index; this file holds what `check` needs of the one every
/// database has, with the same API.)
public enum SearchIndex: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Whole words of every note, case and diacritics folded (`notes_fts`, migration 0001).
  case words = "notes_fts"

  /// The FTS5 table.
  public var table: String { rawValue }

  /// What the index holds, in a few words: `words`.
  public var description: String {
    switch self {
    case .words: return "words"
    }
  }

  /// The number of notes the index should hold.
  var expectedCountSQL: String {
    switch self {
    case .words: return "SELECT count(*) FROM notes"
    }
  }
}

/// What checking one search index found.
public struct SearchIndexStatus: Sendable, Equatable {
  /// The index.
  public let index: SearchIndex
  /// The notes it holds.
  public let indexedNotes: Int
  /// The notes it should hold.
  public let expectedNotes: Int
  /// What is wrong with it, in words (nil when nothing is): out of step with the notes, or
  /// damaged.
  public let problem: String?
  /// Whether FTS5's own integrity-check ran (not on a read-only database: it takes the write
  /// lock).
  public let integrityChecked: Bool

  /// Whether the index can be trusted.
  public var isHealthy: Bool { problem == nil }
}

extension NoteStore {
  /// Checks every search index: it holds one entry per note, and FTS5's `integrity-check`
  /// finds its data sound and in step with the notes' text (counting entries alone misses
  /// an index whose data rows are gone, which `search` then reports as damaged).
  ///
  /// - Complexity: O(*n*) in the notes' text: FTS5 tokenizes every note again.
  /// - Returns: One status per index.
  /// - Throws: `StoreError.busy` when another process holds the database.
  public func checkSearchIndexes() throws -> [SearchIndexStatus] {
    try SearchIndex.allCases.map { try checkSearchIndex($0) }
  }

  private func checkSearchIndex(_ index: SearchIndex) throws -> SearchIndexStatus {
    func status(_ indexed: Int, _ expected: Int, _ problem: String?, checked: Bool)
      -> SearchIndexStatus
    {
      SearchIndexStatus(
        index: index, indexedNotes: indexed, expectedNotes: expected, problem: problem,
        integrityChecked: checked)
    }
    let indexed: Int
    let expected: Int
    do {
      indexed = try database.scalarInt("SELECT count(*) FROM \(index.table)_docsize") ?? 0
      expected = try database.scalarInt(index.expectedCountSQL) ?? 0
    } catch {
      if error.isBusy { throw StoreError(error, path: location.path) }
      return status(0, 0, "unreadable: \(error.message)", checked: false)
    }
    var failure: String?
    var checked = true
    do {
      // rank 1: compare the index with the notes' text too; without it SQLite 3.40 checks
      // only the index's own structure. An INSERT: it needs a write transaction, or inside
      // the line mode's open one a savepoint of it.
      let sql = "INSERT INTO \(index.table) (\(index.table), rank) VALUES ('integrity-check', 1)"
      if database.isAutocommit {
        try database.write { try $0.execute(sql) }
      } else {
        try database.inSavepoint { try $0.execute(sql) }
      }
    } catch let error as DatabaseError {
      switch error.primaryCode {
      case .busy, .locked: throw StoreError(error, path: location.path)
      case .readOnly: checked = false
      case .corrupt: failure = "damaged (FTS5's integrity-check failed)"
      default: failure = "damaged (FTS5's integrity-check failed: \(error.message))"
      }
    }
    if indexed != expected {
      return status(
        indexed, expected, "out of step with the notes (it holds \(indexed) of \(expected))",
        checked: checked)
    }
    return status(indexed, expected, failure, checked: checked)
  }

  /// Rebuilds every search index that `checkSearchIndexes` finds unhealthy (all of them when
  /// `all` is true) from the notes, with FTS5's `rebuild`, then checks them again.
  ///
  /// - Complexity: O(*n*) in the notes' text for each index rebuilt.
  /// - Parameter all: Whether to rebuild the healthy indexes too.
  /// - Returns: The indexes rebuilt and the status of every index afterwards.
  /// - Throws: `StoreError` when SQLite cannot rebuild an index.
  public func repairSearchIndexes(all: Bool = false) throws -> (
    rebuilt: [SearchIndex], after: [SearchIndexStatus]
  ) {
    let before = try checkSearchIndexes()
    let rebuilt = before.filter { all || !$0.isHealthy }.map(\.index)
    if !rebuilt.isEmpty {
      try write {
        for index in rebuilt {
          try database.execute("INSERT INTO \(index.table) (\(index.table)) VALUES ('rebuild')")
        }
      }
    }
    return (rebuilt, try checkSearchIndexes())
  }
}
