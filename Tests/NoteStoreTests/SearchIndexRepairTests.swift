import CalendarPaging
import TestSupport
import Testing

@testable import NoteStore

/// `checkSearchIndexes` and `repairSearchIndexes` on indexes damaged in real database files,
/// through a second connection as another program would.
@Suite struct SearchIndexRepairTests {
  /// A store with words and CJK notes, and a second connection to its file.
  func withDamage(
    _ damage: String, _ body: (NoteStore, Database) throws -> Void
  ) throws {
    try withStore { store, directory throws in
      try store.add("Lunch with Ana", on: day("2024-05-01"))
      try store.add("日本語のメモ and the bank", on: day("2024-05-02"))
      try store.add("会議は東京で", on: day("2024-05-03"))
      let other = try Database(path: directory.file("notes.db"), mode: .readWrite)
      try other.execute(script: damage)
      try body(store, other)
    }
  }

  func problems(_ store: NoteStore) throws -> [SearchIndex: String] {
    var problems: [SearchIndex: String] = [:]
    for status in try store.checkSearchIndexes() {
      if let problem = status.problem { problems[status.index] = problem }
    }
    return problems
  }

  @Test func aHealthyStorePassesEveryCheck() throws {
    try withDamage("") { store, _ throws in
      let statuses = try store.checkSearchIndexes()
      #expect(statuses.allSatisfy { $0.isHealthy && $0.integrityChecked })
      #expect(statuses.map(\.indexedNotes) == [3, 2])
      #expect(statuses.map(\.expectedNotes) == [3, 2])
      let report = try store.check()
      #expect(report.searchIndexMatches && report.isHealthy)
      #expect(try store.repairSearchIndexes().rebuilt == [])
      #expect(try store.repairSearchIndexes(all: true).rebuilt == [.words, .cjk])
    }
  }

  /// Issue 12, item 15: with the word index's data rows gone, `check` said "ok" and `search`
  /// failed as "damaged".
  @Test func deletedDataRowsAreFoundAndRebuilt() throws {
    try withDamage("DELETE FROM notes_fts_data WHERE id > 10") { store, _ throws in
      #expect {
        try store.search("ana")
      } throws: { error in
        guard case .damaged(_, let detail) = error as? StoreError else { return false }
        return detail.contains("check --repair")
      }
      #expect(try problems(store) == [.words: "damaged (FTS5's integrity-check failed)"])
      let report = try store.check()
      #expect(!report.searchIndexMatches && !report.isHealthy)
      #expect(report.integrity == ["ok"])
      let repair = try store.repairSearchIndexes()
      #expect(repair.rebuilt == [.words])
      #expect(repair.after.allSatisfy { $0.isHealthy })
      #expect(try store.search("ana").map(\.note.id) == [1])
      #expect(try store.check().isHealthy)
    }
  }

  @Test func aNoteMissingFromTheIndexIsOutOfStep() throws {
    try withDamage(
      "INSERT INTO notes_fts (notes_fts, rowid, body) SELECT 'delete', id, body FROM notes "
        + "WHERE id = 1"
    ) { store, _ throws in
      #expect(try store.search("ana").isEmpty)
      #expect(try problems(store) == [.words: "out of step with the notes (it holds 2 of 3)"])
      #expect(try store.repairSearchIndexes().rebuilt == [.words])
      #expect(try store.search("ana").map(\.note.id) == [1])
    }
  }

  /// The same number of entries, but one for text the note no longer has: only FTS5's check
  /// against the notes' text (rank 1) sees it.
  @Test func anEntryForStaleTextIsFound() throws {
    try withDamage(
      """
      INSERT INTO notes_fts (notes_fts, rowid, body) SELECT 'delete', id, body FROM notes
        WHERE id = 1;
      INSERT INTO notes_fts (rowid, body) VALUES (1, 'Dinner with Bob');
      """
    ) { store, _ throws in
      #expect(try store.search("bob").map(\.note.body) == ["Lunch with Ana"])
      #expect(try problems(store) == [.words: "damaged (FTS5's integrity-check failed)"])
      #expect(try store.repairSearchIndexes().rebuilt == [.words])
      #expect(try store.search("bob").isEmpty)
      #expect(try store.search("ana").count == 1)
    }
  }

  @Test func theCJKIndexIsCheckedAndRebuiltToo() throws {
    try withDamage("DELETE FROM notes_cjk_data WHERE id > 10") { store, _ throws in
      #expect(throws: StoreError.self) { try store.search("東京で") }
      #expect(try problems(store) == [.cjk: "damaged (FTS5's integrity-check failed)"])
      #expect(try store.repairSearchIndexes().rebuilt == [.cjk])
      #expect(try store.search("東京で").map(\.note.id) == [3])
      #expect(try store.search("日本語").map(\.note.id) == [2])
    }
    try withDamage(
      "INSERT INTO notes_cjk (notes_cjk, rowid, body) SELECT 'delete', id, body FROM notes "
        + "WHERE id = 3"
    ) { store, _ throws in
      #expect(try problems(store) == [.cjk: "out of step with the notes (it holds 1 of 2)"])
      let repair = try store.repairSearchIndexes()
      #expect(repair.rebuilt == [.cjk] && repair.after.allSatisfy { $0.isHealthy })
    }
  }

  @Test func aMissingShadowTableIsReportedNotThrown() throws {
    try withDamage("DROP TABLE notes_cjk_docsize") { store, _ throws in
      let problem = try #require(try problems(store)[.cjk])
      #expect(problem.hasPrefix("unreadable: no such table"))
      #expect(try problems(store)[.words] == nil)
      #expect(!(try store.check().searchIndexMatches))
    }
  }
}

/// An index made again by `repairSearchIndexes` (when `rebuild` cannot run) has exactly the
/// schema the migrations gave it: `SearchIndex.definitions` repeats them.
@Suite struct SearchIndexRecreationTests {
  func schema(_ path: String) throws -> [String] {
    let database = try Database(path: path, mode: .readOnly)
    var rows: [String] = []
    try database.prepare(
      "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema "
        + "WHERE name LIKE 'notes_fts%' OR name LIKE 'notes_cjk%' ORDER BY type, name"
    ).forEachRow([]) { rows.append($0.string(at: 0)) }
    return rows
  }

  @Test func aRecreatedIndexHasTheMigratedSchema() throws {
    try withStore { store, directory throws in
      try store.add("会議は東京で", on: day("2024-05-03"))
      let path = directory.file("notes.db")
      let migrated = try schema(path)
      #expect(migrated.count == 15)
      let other = try Database(path: path, mode: .readWrite)
      try other.execute(
        script: "DELETE FROM notes_fts_data WHERE id = 10; DELETE FROM notes_cjk_data WHERE id = 10"
      )
      let repair = try store.repairSearchIndexes()
      #expect(repair.rebuilt == [.words, .cjk])
      #expect(repair.after.allSatisfy { $0.isHealthy })
      #expect(try schema(path) == migrated)
      #expect(try store.search("東京で").map(\.note.id) == [1])
    }
  }
}
