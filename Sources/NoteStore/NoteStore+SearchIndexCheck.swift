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
  /// Checks every search index: it holds one entry per note it should, and FTS5's
  /// `integrity-check` finds its data sound and in step with the notes' text.
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
    do {
      indexed = try database.scalarInt("SELECT count(*) FROM \(index.table)_docsize") ?? 0
    } catch {
      if error.isBusy { throw StoreError(error, path: location.path) }
      return status(0, 0, "unreadable: \(error.message)", checked: false)
    }
    var failure: String?
    var checked = true
    do {
      // Each index in a unit of its own (a savepoint inside an open one): a failed check
      // undoes what it ran.
      try writing { database in
        // rank 1: compare the index with the notes' text too; without it SQLite 3.40 checks
        // only the index's own structure, and an index missing a note passes.
        try database.execute(
          "INSERT INTO \(index.table) (\(index.table), rank) VALUES ('integrity-check', 1)")
      }
    } catch let error as StoreError {
      switch error {
      case .busy: throw error
      case .readOnly: checked = false
      case .damaged: failure = "damaged (FTS5's integrity-check failed)"
      default: failure = "damaged (FTS5's integrity-check failed: \(error))"
      }
    } catch let error as DatabaseError {
      switch error.primaryCode {
      case .busy, .locked: throw StoreError(error, path: location.path)
      case .readOnly: checked = false
      case .corrupt: failure = "damaged (FTS5's integrity-check failed)"
      default: failure = "damaged (FTS5's integrity-check failed: \(error.message))"
      }
    }
    // A passing check compared the index with every note it should hold; only otherwise is
    // it worth reading the notes again (a scan of every body for the CJK index) to say how.
    if checked && failure == nil {
      return status(indexed, indexed, nil, checked: true)
    }
    let expected: Int
    do {
      expected = try database.scalarInt(index.expectedCountSQL) ?? 0
    } catch {
      if error.isBusy { throw StoreError(error, path: location.path) }
      return status(indexed, 0, failure ?? "unreadable: \(error.message)", checked: checked)
    }
    if indexed != expected {
      return status(
        indexed, expected, "out of step with the notes (it holds \(indexed) of \(expected))",
        checked: checked)
    }
    return status(indexed, expected, failure, checked: checked)
  }

  /// Rebuilds every search index that `checkSearchIndexes` finds unhealthy (all of them when
  /// `all` is true) from the notes, with FTS5's `rebuild`, or, when that fails, by dropping
  /// and creating the index again (`SearchIndex.rebuild(in:)`); then checks them again.
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
      try writing { database in
        for index in rebuilt { _ = try index.rebuild(in: database) }
      }
    }
    return (rebuilt, try checkSearchIndexes())
  }
}
