import CalendarPaging
import Foundation
import Interchange
import TestSupport
import Testing

@testable import NoteStore

/// The counts per day the menu reads (`note_days`) stay equal to counting the notes, through
/// adds, edits, moves, removals, imports and undos, on a real database file.
@Suite struct NoteDaysTests {
  /// The counts `note_days` holds, and the counts of the notes themselves, by day.
  func counts(_ store: NoteStore) throws -> (kept: [Int: Int], actual: [Int: Int]) {
    var kept: [Int: Int] = [:]
    var actual: [Int: Int] = [:]
    try store.database.prepare("SELECT day, notes FROM note_days").forEachRow {
      kept[$0.int(at: 0)] = $0.int(at: 1)
    }
    try store.database.prepare("SELECT day, count(*) FROM notes GROUP BY day").forEachRow {
      actual[$0.int(at: 0)] = $0.int(at: 1)
    }
    return (kept, actual)
  }

  @Test func countsFollowEveryChange() throws {
    let directory = TemporaryDirectory("note-days")
    let store = try NoteStore(
      location: StoreLocation(path: directory.file("notes.db"), createsParentDirectories: false))
    let may1 = Day("2024-05-01")!
    let may2 = Day("2024-05-02")!
    var random = SplitMix64(seed: 7)
    for step in 0..<200 {
      let ids = try store.notes(in: Day("2024-04-01")!...Day("2024-06-30")!).compactMap(\.id)
      switch random.next(in: 0...5) {
      case 0, 1: try store.add("note \(step)", on: random.chance(0.5) ? may1 : may2)
      case 2: if let id = ids.randomElement(using: &random) { try store.remove(id: id) }
      case 3:
        if let id = ids.randomElement(using: &random) {
          try store.move(id: id, to: random.chance(0.5) ? may1 : Day("2024-06-0\(step % 9 + 1)")!)
        }
      case 4: _ = try? store.undo()
      default:
        let records = (0..<random.next(in: 1...4)).map { index in
          DecodedNote(
            uid: "import-\(step)-\(index)", day: random.chance(0.5) ? may1 : may2,
            body: "imported", created: nil, updated: nil, line: index + 1)
        }
        var iterator = records.makeIterator()
        _ = try store.importRecords { iterator.next() }
      }
      let (kept, actual) = try counts(store)
      #expect(kept == actual, "after step \(step)")
      if kept != actual { return }
    }
    #expect(
      try store.noteCounts(in: may1...may2) == [
        try store.notes(in: may1...may1).count, try store.notes(in: may2...may2).count,
      ])
  }

  @Test func theMigrationCountsAnExistingDatabase() throws {
    let directory = TemporaryDirectory("note-days")
    let path = directory.file("old.db")
    // A database at the first migration only, with notes: the second one fills note_days.
    do {
      let database = try Database(path: path)
      let first = try #require(Migration.all.first)
      try Migrator(migrations: [first]).migrate(database)
      try database.execute(
        script: """
          INSERT INTO notes (day, id, uid, body, created, updated) VALUES
            (19844, 1, 'a', 'x', 0, 0), (19844, 2, 'b', 'y', 0, 0), (19850, 3, 'c', 'z', 0, 0);
          """)
    }
    let store = try NoteStore(location: StoreLocation(path: path, createsParentDirectories: false))
    let (kept, actual) = try counts(store)
    #expect(kept == [19844: 2, 19850: 1])
    #expect(kept == actual)
  }
}
