import CalendarPaging
import Foundation
import Interchange
import NoteModel
import TestSupport
import Testing

@testable import NoteStore

/// The search indexes: kept in step with every change, built for databases made before
/// migration 0002, and agreeing with the migration on which text is CJK.
@Suite struct SearchIndexTests {
  func ids(_ store: NoteStore, _ query: String) throws -> [Int] {
    try store.search(SearchQuery(query), limit: nil).hits.compactMap(\.note.id).sorted()
  }

  func expectHealthy(_ store: NoteStore, _ step: String) throws {
    let statuses = try store.checkSearchIndexes()
    #expect(statuses.map(\.index) == [.words, .cjk])
    for status in statuses {
      #expect(status.isHealthy, "\(step): \(status.index) \(status.problem ?? "")")
      #expect(status.integrityChecked)
    }
  }

  @Test func theIndexesFollowAddEditMoveRemoveAndUndo() throws {
    try withStore { store, _ throws in
      let note = try store.add("日本語のメモ about lunch", on: day("2024-05-01"))
      let id = try #require(note.id)
      try store.add("unrelated", on: day("2024-05-02"))
      try expectHealthy(store, "add")
      #expect(try ids(store, "日本語") == [id] && ids(store, "日本") == [id])
      try store.edit(id: id, body: "no longer Japanese, about dinner")
      try expectHealthy(store, "edit to words")
      #expect(try ids(store, "日本語").isEmpty && ids(store, "lunch").isEmpty)
      #expect(try ids(store, "dinner") == [id])
      try store.edit(id: id, body: "東京駅で待ち合わせ")
      try expectHealthy(store, "edit to CJK")
      #expect(try ids(store, "待ち合わせ") == [id] && ids(store, "dinner").isEmpty)
      try store.move(id: id, to: day("2030-01-01"))
      try expectHealthy(store, "move")
      #expect(try store.search(SearchQuery("東京駅")).hits.map(\.note.day) == [day("2030-01-01")])
      try store.remove(id: id)
      try expectHealthy(store, "remove")
      #expect(try ids(store, "東京駅").isEmpty && ids(store, "東").isEmpty)
      for (step, expected) in [("rm", "東京駅"), ("mv", "東京駅"), ("edit", "dinner"), ("edit", "日本語")] {
        #expect(try store.undo().kind == step)
        try expectHealthy(store, "undo \(step)")
        #expect(try ids(store, expected) == [id], "undo \(step)")
      }
      #expect(try store.search(SearchQuery("日本語")).hits.map(\.note.day) == [day("2024-05-01")])
      _ = try store.undo()  // the second add
      _ = try store.undo()  // the first add
      try expectHealthy(store, "undo add")
      #expect(try ids(store, "日本").isEmpty && ids(store, "lunch").isEmpty)
    }
  }

  @Test func theIndexesFollowImportsAndTheirUndo() throws {
    try withStore { store, _ throws in
      var records = [
        DecodedNote(
          uid: "u1", day: day("2024-05-01"), body: "会議 with Ana",
          created: Timestamp(clamping: 1000),
          updated: Timestamp(clamping: 1000), line: 1),
        DecodedNote(
          uid: "u2", day: day("2024-05-02"), body: "plain words",
          created: Timestamp(clamping: 1000),
          updated: Timestamp(clamping: 1000), line: 2),
      ]
      func feed() -> () throws -> DecodedNote? {
        var iterator = records.makeIterator()
        return { iterator.next() }
      }
      #expect(try store.importRecords(feed()) == ImportSummary(added: 2))
      try expectHealthy(store, "import")
      #expect(try ids(store, "会議").count == 1 && ids(store, "ana").count == 1)
      // A newer version of each replaces it: CJK text becomes words and the other way round.
      records[0].body = "meeting with Ana"
      records[1].body = "平文の言葉"
      for index in records.indices { records[index].updated = Timestamp(clamping: 2000) }
      #expect(try store.importRecords(feed()) == ImportSummary(updated: 2))
      try expectHealthy(store, "import update")
      #expect(try ids(store, "会議").isEmpty && ids(store, "平文の").count == 1)
      #expect(try ids(store, "meeting").count == 1 && ids(store, "plain").isEmpty)
      _ = try store.undo()
      try expectHealthy(store, "undo import")
      #expect(try ids(store, "会議").count == 1 && ids(store, "平文").isEmpty)
    }
  }

  @Test func aTransactionOfAddsKeepsTheIndexesInStep() throws {
    try withStore { store, _ throws in
      try store.inTransaction(.once) { () throws -> TransactionCompletion in
        for index in 0..<50 {
          try store.add(
            index.isMultiple(of: 2) ? "会議 \(index)" : "meeting \(index)", on: day("2024-05-01"))
        }
        return .commit
      }
      try expectHealthy(store, "begin…commit")
      #expect(try ids(store, "会議").count == 25 && ids(store, "meeting").count == 25)
    }
  }

  /// A database made by a calpager that knew only migration 0001 gets its CJK index when a
  /// newer one opens it.
  @Test func aDatabaseFromBeforeTheCJKIndexIsMigratedAndBackfilled() throws {
    let directory = TemporaryDirectory("search-migration")
    let path = directory.file("old.db")
    do {
      let database = try Database(path: path)
      #expect(
        try Migrator(migrations: [Migration.all[0]]).migrate(database) == ["0001_create_notes"])
      // As the 0001-era NoteStore.insert wrote notes: the table, then the word index.
      let bodies = ["日本語のメモ", "Lunch with Ana", "학교에서 공부 and café"]
      try database.write { database in
        for (index, body) in bodies.enumerated() {
          try database.execute(
            "INSERT INTO notes (day, id, uid, body, created, updated) VALUES (?, ?, ?, ?, 0, 0)",
            [.int(19_844 + index), .int(index + 1), .text("uid-\(index)"), .text(body)])
          try database.execute(
            "INSERT INTO notes_fts (rowid, body) VALUES (?, ?)", [.int(index + 1), .text(body)])
        }
        try database.execute("UPDATE state SET next_note_id = 4")
      }
    }
    let store = try NoteStore(location: StoreLocation(path: path, createsParentDirectories: false))
    #expect(
      try Migrator().appliedMigrations(store.database) == Migration.all.map(\.name))
    #expect(try store.database.scalarInt("SELECT count(*) FROM notes_cjk_docsize") == 2)
    try expectHealthy(store, "migrated")
    #expect(try ids(store, "日本") == [1])
    #expect(try ids(store, "本語の") == [1])
    #expect(try ids(store, "학교") == [3])
    #expect(try ids(store, "cafe") == [3])
    #expect(try ids(store, "ana") == [2])
    #expect(try store.check().isHealthy)
  }

  /// The view and triggers of migration 0003 and `CJKText` agree on every scalar.
  @Test func theMigrationsGlobClassIsCJKText() throws {
    try withStore { store, _ throws in
      let view = try #require(
        try store.database.scalarString(
          "SELECT sql FROM sqlite_schema WHERE name = 'notes_cjk_text'"))
      // The view's condition on a body, as an expression of a bound value.
      let condition = try #require(view.components(separatedBy: "WHERE ").last)
        .replacingOccurrences(of: "body", with: "?1")
      let patterns = condition.components(separatedBy: "'").enumerated()
        .filter { $0.offset % 2 == 1 }.map(\.element)
      #expect(patterns.count == 2)
      let migration = try #require(Migration.all.first { $0.name == "0003_search_cjk" })
      for pattern in patterns {
        #expect(migration.sql.components(separatedBy: "GLOB '\(pattern)'").count - 1 == 4)
      }
      let statement = try store.database.prepare("SELECT " + condition)
      var checked = 0
      for value in UInt32(0x20)...0x3_2FFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        try statement.bind([.text("a" + String(Character(scalar)) + "b")])
        _ = try statement.step()
        let globbed = statement.int(at: 0) == 1
        statement.reset()
        if globbed != CJKText.isCJK(scalar) {
          Issue.record("U+\(String(value, radix: 16)): GLOB \(globbed), CJKText \(!globbed)")
          return
        }
        checked += 1
      }
      #expect(checked > 200_000)
      #expect(CJKText.contains("x日") && !CJKText.contains("café ﬁ —"))
    }
  }
}
