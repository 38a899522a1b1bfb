import Foundation
import TestSupport
import Testing

@testable import NoteStore

@Suite struct MigratorTests {
  let directory = TemporaryDirectory("migrator")

  func location(_ name: String) -> StoreLocation {
    StoreLocation(path: directory.file(name), createsParentDirectories: false)
  }

  /// Every file in `directory`, with its bytes.
  func snapshot() -> [String: [UInt8]] {
    directory.snapshot()
  }

  @Test func migrationsApplyToANewFileAndASecondRunIsANoOp() throws {
    let store = try NoteStore(location: location("new.db"))
    let applied = try Migrator().appliedMigrations(store.database)
    #expect(applied == Migration.all.map(\.name))
    #expect(try store.database.scalarInt("PRAGMA application_id") == Migrator.applicationID)
    #expect(try store.database.scalarInt("PRAGMA user_version") == Migration.all.count)
    #expect(try store.database.scalarString("PRAGMA integrity_check") == "ok")
    let before = contentsOfFile(directory.file("new.db"))
    #expect(try Migrator().migrate(store.database) == [])
    let again = try NoteStore(location: location("new.db"))
    #expect(try Migrator().migrate(again.database) == [])
    #expect(contentsOfFile(directory.file("new.db")) == before)
  }

  @Test func aZeroLengthFileIsTreatedAsNew() throws {
    try writeFile(directory.file("empty.db"), [UInt8]())
    let store = try NoteStore(location: location("empty.db"))
    #expect(try Migrator().appliedMigrations(store.database) == Migration.all.map(\.name))
  }

  @Test func migrationsApplyInOrderEachRecordedByName() throws {
    let migrations = [
      Migration(name: "0001_a", sql: "CREATE TABLE a (x);"),
      Migration(name: "0002_b", sql: "CREATE TABLE b (y); INSERT INTO a VALUES (1);"),
    ]
    let database = try Database(path: directory.file("ordered.db"))
    #expect(try Migrator(migrations: [migrations[0]]).migrate(database) == ["0001_a"])
    #expect(try Migrator(migrations: migrations).migrate(database) == ["0002_b"])
    #expect(
      try Migrator(migrations: migrations).appliedMigrations(database) == ["0001_a", "0002_b"])
    #expect(try database.scalarInt("SELECT count(*) FROM a") == 1)
  }

  @Test func aFailingMigrationLeavesNothingOfItself() throws {
    let migrations = [
      Migration(name: "0001_a", sql: "CREATE TABLE a (x);"),
      Migration(name: "0002_bad", sql: "CREATE TABLE b (y); INSERT INTO nowhere VALUES (1);"),
    ]
    let database = try Database(path: directory.file("failing.db"))
    #expect(throws: DatabaseError.self) { try Migrator(migrations: migrations).migrate(database) }
    #expect(try Migrator(migrations: migrations).appliedMigrations(database) == ["0001_a"])
    #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == 0)
  }

  @Test func aDatabaseFromANewerCalpagerIsRefusedAndUntouched() throws {
    do {
      let store = try NoteStore(location: location("newer.db"))
      try store.database.execute(
        "INSERT INTO calpager_migrations (name, applied) VALUES ('0999_future', 0)")
    }
    let before = snapshot()
    let error = #expect(throws: StoreError.self) { try NoteStore(location: location("newer.db")) }
    #expect(error == .newerSchema(path: directory.file("newer.db"), unknown: ["0999_future"]))
    #expect(error?.description.contains("newer calpager") == true)
    #expect(snapshot() == before)
  }

  @Test func randomBytesAreRefusedAndUntouched() throws {
    var generator = SystemRandomNumberGenerator()
    try writeFile(
      directory.file("random.db"),
      (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let before = snapshot()
    let error = #expect(throws: StoreError.self) { try NoteStore(location: location("random.db")) }
    #expect(error == .notADatabase(path: directory.file("random.db")))
    #expect(snapshot() == before)
  }

  @Test func aTruncatedDatabaseIsRefusedAndUntouched() throws {
    do {
      let store = try NoteStore(location: location("full.db"))
      try store.database.write { database in
        for number in 0..<2000 {
          try database.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)",
            [.text("key \(number)"), .text(String(repeating: "x", count: 200))])
        }
      }
    }
    let bytes = try #require(contentsOfFile(directory.file("full.db")))
    try writeFile(directory.file("truncated.db"), Array(bytes.prefix(bytes.count / 2)))
    let before = snapshot()
    let error = #expect(throws: StoreError.self) {
      try NoteStore(location: location("truncated.db"))
    }
    guard case .damaged(let path, _) = error else {
      Issue.record("expected .damaged, got \(String(describing: error))")
      return
    }
    #expect(path == directory.file("truncated.db"))
    #expect(snapshot() == before)
  }

  @Test func aDatabaseGrownInItsWriteAheadLogIsNotTakenForTruncated() throws {
    _ = try NoteStore(location: location("wal.db"))
    // Another connection in WAL mode grows the database without a checkpoint, and stays open
    // (closing would checkpoint): the new pages are only in the -wal file.
    let writer = try Database(path: directory.file("wal.db"), mode: .readWrite)
    try writer.execute(script: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
    try writer.write { database in
      for index in 0..<200 {
        try database.execute(
          "INSERT INTO settings (key, value) VALUES (?, ?)",
          [.text("filler.\(index)"), .text(String(repeating: "x", count: 1_000))])
      }
    }
    let pages = try writer.scalarInt("PRAGMA page_count") ?? 0
    let fileSize =
      (try FileManager.default.attributesOfItem(atPath: directory.file("wal.db"))[
        .size] as? Int) ?? 0
    #expect(fileSize < pages * 4096, "the pages are in the log, not yet in the file")
    let reader = try Database(path: directory.file("wal.db"), mode: .readWrite)
    #expect(try Migrator().migrate(reader) == [])
    withExtendedLifetime(writer) {}
  }

  @Test func anotherApplicationsDatabaseIsRefusedAndUntouched() throws {
    do {
      let other = try Database(path: directory.file("other.db"))
      try other.execute(
        script: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ana');")
    }
    let before = snapshot()
    let error = #expect(throws: StoreError.self) { try NoteStore(location: location("other.db")) }
    #expect(error == .foreignDatabase(path: directory.file("other.db")))
    #expect(snapshot() == before)
  }

  @Test func aDirectoryIsRefused() throws {
    try FileManager.default.createDirectory(
      atPath: directory.file("dir.db"), withIntermediateDirectories: false)
    let error = #expect(throws: StoreError.self) { try NoteStore(location: location("dir.db")) }
    #expect(error == .isDirectory(path: directory.file("dir.db")))
  }

  @Test func aMissingParentDirectoryIsRefusedUnlessItIsTheDefaultPath() throws {
    let typed = StoreLocation(
      path: directory.file("nope/deeper/x.db"), createsParentDirectories: false)
    let error = #expect(throws: StoreError.self) { try NoteStore(location: typed) }
    #expect(error == .missingDirectory(path: typed.path, directory: directory.file("nope/deeper")))
    #expect(!FileManager.default.fileExists(atPath: directory.file("nope")))

    let defaulted = StoreLocation(
      path: directory.file("made/deeper/x.db"), createsParentDirectories: true)
    _ = try NoteStore(location: defaulted)
    #expect(FileManager.default.fileExists(atPath: defaulted.path))
  }

  @Test func theDefaultLocationFollowsTheEnvironment() throws {
    #expect(
      try StoreLocation.resolve(explicitPath: "/a.db", environment: ["CALPAGER_DB": "/b.db"]).path
        == "/a.db")
    #expect(
      try StoreLocation.resolve(explicitPath: nil, environment: ["CALPAGER_DB": "/b.db"]).path
        == "/b.db")
    let xdg = try StoreLocation.resolve(
      explicitPath: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
    #expect(xdg == StoreLocation(path: "/x/calpager/calpager.db", createsParentDirectories: true))
    let home = try StoreLocation.resolve(
      explicitPath: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
    #expect(home.path == "/h/.local/share/calpager/calpager.db")
  }

  @Test(arguments: [["HOME": ""], [:], ["HOME": "relative"], ["XDG_DATA_HOME": "relative"]])
  func noAbsoluteHomeAndNoDataHomeIsAnError(environment: [String: String]) {
    #expect(throws: StoreError.noDataDirectory(home: environment["HOME"])) {
      try StoreLocation.resolve(explicitPath: nil, environment: environment)
    }
  }

  @Test func theEmbeddedMigrationsEqualTheFilesInMigrations() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Migrations")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".sql") }.sorted()
    #expect(!names.isEmpty)
    let files = try names.map { name in
      Migration(
        name: String(name.dropLast(4)),
        sql: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
    #expect(Migration.all == files)
  }
}
