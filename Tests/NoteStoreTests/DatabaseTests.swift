import Foundation
import TestSupport
import Testing

@testable import NoteStore

@Suite struct DatabaseTests {
  let directory = TemporaryDirectory("database")

  func openScratch() throws -> Database {
    let database = try Database(path: directory.file("scratch.db"))
    try database.execute(script: "CREATE TABLE t (a INTEGER PRIMARY KEY, b)")
    return database
  }

  @Test func everyValueKindRoundTrips() throws {
    let database = try openScratch()
    let values: [DatabaseValue] = [
      .null, .integer(Int64.min), .integer(Int64.max), .real(-0.5), .text(""),
      .text("é日本🙂\u{0}tail"), .blob([]), .blob([0, 255, 1]),
    ]
    for (index, value) in values.enumerated() {
      try database.execute("INSERT INTO t (a, b) VALUES (?, ?)", [.int(index), value])
    }
    var read: [DatabaseValue] = []
    try database.prepare("SELECT b FROM t ORDER BY a").forEachRow { read.append($0.value(at: 0)) }
    // An empty blob reads back as an empty blob, not NULL.
    #expect(read == values)
  }

  @Test func statementsArePreparedOnceAndCached() throws {
    let database = try openScratch()
    let first = try database.prepare("SELECT count(*) FROM t")
    let second = try database.prepare("SELECT count(*) FROM t")
    #expect(first === second)
  }

  @Test func multipleStatementsAreRefused() throws {
    let database = try openScratch()
    let error = #expect(throws: DatabaseError.self) {
      try database.prepare("INSERT INTO t (b) VALUES (1); DROP TABLE t")
    }
    #expect(error?.description.contains("more than one statement") == true)
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 0)
    // A trailing comment or blank is not a second statement.
    _ = try database.prepare("SELECT 1; -- done\n  ")
  }

  @Test func bindingTheWrongNumberOfValuesFails() throws {
    let database = try openScratch()
    #expect(throws: DatabaseError.self) {
      try database.execute("INSERT INTO t (a, b) VALUES (?, ?)", [.int(1)])
    }
  }

  @Test func aThrowInsideAWriteTransactionLeavesNothing() throws {
    let database = try openScratch()
    struct Abort: Error {}
    #expect(throws: Abort.self) {
      try database.write { database in
        try database.execute("INSERT INTO t (b) VALUES ('kept?')")
        try database.execute("INSERT INTO t (b) VALUES ('kept?')")
        throw Abort()
      }
    }
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 0)
    #expect(database.isAutocommit)
  }

  @Test func theFirstErrorIsRethrownAndCarriesCodeAndSQLButNotValues() throws {
    let database = try openScratch()
    try database.execute("INSERT INTO t (a, b) VALUES (1, 'x')")
    let secret = "my secret diary entry"
    let error = #expect(throws: DatabaseError.self) {
      try database.write { database in
        try database.execute("INSERT INTO t (b) VALUES ('first')")
        try database.execute("INSERT INTO t (a, b) VALUES (?, ?)", [.int(1), .text(secret)])
      }
    }
    let failure = try #require(error)
    #expect(failure.primaryCode == .constraint)
    #expect(failure.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    #expect(failure.sql == "INSERT INTO t (a, b) VALUES (?, ?)")
    #expect(failure.description.contains("INSERT INTO t (a, b) VALUES (?, ?)"))
    #expect(failure.description.contains("1555"))
    #expect(!failure.description.contains(secret))
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
  }

  @Test func aSavepointIsExplicitAndUndoesOnlyItsOwnChanges() throws {
    let database = try openScratch()
    struct Abort: Error {}
    try database.inTransaction(.write(.retrying)) { database in
      try database.execute("INSERT INTO t (b) VALUES ('outer kept')")
      try database.write { try $0.execute("INSERT INTO t (b) VALUES ('inner kept')") }
      _ = try? database.write { database in
        try database.execute("INSERT INTO t (b) VALUES ('inner dropped')")
        throw Abort()
      }
      #expect(try database.scalarInt("SELECT count(*) FROM t") == 2)
      return .rollback
    }
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 0)
  }

  @Test func writeOnceRollsBackWhatItsBodyDidWhenTheBodyThrows() throws {
    let database = try openScratch()
    struct Abort: Error {}
    _ = try? database.write(.once) { database in
      try database.execute("INSERT INTO t (b) VALUES ('dropped')")
      throw Abort()
    }
    try database.write(.once) { try $0.execute("INSERT INTO t (b) VALUES ('kept')") }
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
    #expect(database.isAutocommit)
  }

  @Test func openingAMissingDirectoryFailsAndClosesTheHandle() throws {
    let error = #expect(throws: DatabaseError.self) {
      try Database(path: directory.file("missing/dir/x.db"))
    }
    #expect(error?.primaryCode == .cannotOpen)
  }

  @Test func theJournalModeFollowsTheLibraryVersion() throws {
    let database = try openScratch()
    let mode = try JournalMode.apply(to: database)
    #expect(mode == JournalMode.chosen)
    let actual = try database.scalarString("PRAGMA journal_mode")
    #expect(actual == mode.pragmaValue)
    if Database.libraryVersionNumber < 3_051_003 {
      #expect(mode != .wal)
    }
  }
}
