import Foundation
import TestSupport
import Testing

@testable import NoteStore

/// `Database.inTransaction` on real SQLite files: the connection owns the nesting, a body
/// answers how its unit ends, and busy retry follows the write mode.
@Suite struct DatabaseTransactionTests {
  let directory = TemporaryDirectory("transactions")

  /// A scratch database with a table `t`, in the rollback journal (SQLite's default; a
  /// reader's shared lock then keeps a writer's COMMIT waiting).
  func openScratch(busyTimeoutMilliseconds: Int = 3000) throws -> Database {
    let database = try Database(
      path: directory.file("scratch.db"), busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    try database.execute(script: "CREATE TABLE IF NOT EXISTS t (a INTEGER PRIMARY KEY, b)")
    #expect(try database.scalarString("PRAGMA journal_mode") == "delete")
    return database
  }

  /// The rows of `t` as another connection sees them: what was committed.
  func committedRows() throws -> [String] {
    let other = try Database(path: directory.file("scratch.db"))
    var rows: [String] = []
    try other.prepare("SELECT b FROM t ORDER BY a").forEachRow { rows.append($0.string(at: 0)) }
    return rows
  }

  @Test func aTransactionInsideATransactionIsASavepointOfIt() throws {
    let database = try openScratch()
    try database.inTransaction(.write(.retrying)) { database in
      try database.execute("INSERT INTO t (b) VALUES ('outer')")
      try database.inTransaction(.write(.retrying)) { database in
        try database.execute("INSERT INTO t (b) VALUES ('kept inner')")
        return .commit
      }
      // The inner commit was a RELEASE: nothing is committed until the outer one ends.
      #expect(try committedRows().isEmpty)
      #expect(!database.isAutocommit)
      try database.inTransaction(.write(.once)) { database in
        try database.execute("INSERT INTO t (b) VALUES ('dropped inner')")
        #expect(try database.scalarInt("SELECT count(*) FROM t") == 3)
        return .rollback
      }
      // The inner rollback undid its own insert and nothing else.
      #expect(try database.scalarInt("SELECT count(*) FROM t") == 2)
      #expect(database.isInTransaction)
      return .commit
    }
    #expect(!database.isInTransaction && database.isAutocommit)
    #expect(try committedRows() == ["outer", "kept inner"])
  }

  @Test func anOuterRollbackTakesBackWhatASavepointKept() throws {
    let database = try openScratch()
    try database.inTransaction(.write(.once)) { database in
      try database.write { try $0.execute("INSERT INTO t (b) VALUES ('released')") }
      return .rollback
    }
    #expect(try committedRows().isEmpty)
  }

  @Test func aBodyThatAnswersRollbackKeepsNothingAndThrowsNothing() throws {
    let database = try openScratch()
    try database.execute("INSERT INTO t (b) VALUES ('before')")
    for kind in [TransactionKind.write(.retrying), .write(.once), .write(.withoutWaiting)] {
      try database.inTransaction(kind) { database in
        try database.execute("INSERT INTO t (b) VALUES ('dropped')")
        try database.execute("DELETE FROM t WHERE b = 'before'")
        return .rollback
      }
      #expect(database.isAutocommit, "\(kind)")
    }
    #expect(try committedRows() == ["before"])
  }

  @Test func throwingRollsBackEveryLevelAndRethrowsTheFirstError() throws {
    let database = try openScratch()
    struct First: Error, Equatable { let token: Int }
    let thrown = #expect(throws: First.self) {
      try database.inTransaction(.write(.retrying)) { database in
        try database.execute("INSERT INTO t (b) VALUES ('outer')")
        try database.inTransaction(.write(.retrying)) { database in
          try database.execute("INSERT INTO t (b) VALUES ('inner')")
          throw First(token: 7)
        }
        Issue.record("the inner error went on up")
        return .commit
      }
    }
    #expect(thrown == First(token: 7))
    #expect(database.isAutocommit && !database.isInTransaction)
    #expect(try committedRows().isEmpty)
    // A failing statement is the error a body gets, and the one the caller gets.
    try database.execute("INSERT INTO t (a, b) VALUES (1, 'committed')")
    let failure = #expect(throws: DatabaseError.self) {
      try database.write { database in
        try database.execute("INSERT INTO t (b) VALUES ('dropped')")
        try database.execute("INSERT INTO t (a, b) VALUES (1, 'clash')")
      }
    }
    #expect(failure?.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    #expect(try committedRows() == ["committed"])
  }

  /// Another process reads (a shared lock): the first COMMIT waits it out past the busy
  /// timeout, the transaction is rolled back and run again, and the second attempt, which
  /// lets the reader go first, commits once.
  @Test func aRetryingBodyIsRunAgainWholeWhenAnotherProcessHoldsTheLock() throws {
    let database = try openScratch(busyTimeoutMilliseconds: 100)
    let holder = try LockHolder(path: directory.file("scratch.db"))
    defer { holder.finish() }
    var runs = 0
    try database.write { database in
      runs += 1
      try database.execute("INSERT INTO t (b) VALUES ('once')")
      // Only the database is touched on the first run; on the second the test lets the
      // reader go (a test's own bookkeeping, not the body's effect).
      if runs == 2 { try holder.release() }
    }
    #expect(runs == 2)
    #expect(try committedRows() == ["once"])
  }

  @Test func aBodyRunOnceIsNeverRetried() throws {
    let database = try openScratch(busyTimeoutMilliseconds: 100)
    let holder = try LockHolder(path: directory.file("scratch.db"))
    defer { holder.finish() }
    var runs = 0
    let failure = #expect(throws: DatabaseError.self) {
      try database.write(.once) { database in
        runs += 1
        try database.execute("INSERT INTO t (b) VALUES ('consumed')")
      }
    }
    #expect(failure?.isBusy == true)
    #expect(runs == 1)
    // A `.once` savepoint makes its retrying transaction run once too.
    var outerRuns = 0
    #expect(throws: DatabaseError.self) {
      try database.write { database in
        outerRuns += 1
        try database.write(.once) { try $0.execute("INSERT INTO t (b) VALUES ('nested')") }
      }
    }
    #expect(outerRuns == 1)
    #expect(database.isAutocommit)
    try holder.release()
    #expect(try committedRows().isEmpty)
  }

  @Test func aWriteWithoutWaitingAnswersBusyAtOnceAndRetriesNothing() throws {
    let database = try openScratch()
    let holder = try LockHolder(path: directory.file("scratch.db"))
    defer { holder.finish() }
    var runs = 0
    // The busy timeout is 3 s, and a waiting write would retry: this one runs once and
    // fails at its COMMIT without a wait (no bound on the time is asserted).
    let failure = #expect(throws: DatabaseError.self) {
      try database.write(.withoutWaiting) { database in
        runs += 1
        try database.execute("INSERT INTO t (b) VALUES ('not now')")
      }
    }
    #expect(failure?.isBusy == true)
    #expect(runs == 1)
    try holder.release()
    try database.write(.withoutWaiting) { try $0.execute("INSERT INTO t (b) VALUES ('now')") }
    #expect(try committedRows() == ["now"])
  }
}

/// `calpager-probe hold`: another process holding a shared lock on a database until told to
/// let it go.
final class LockHolder {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var released = false

  /// Starts the probe and waits until it holds the lock.
  init(path: String) throws {
    process.executableURL = URL(fileURLWithPath: Products.path("calpager-probe"))
    process.arguments = ["hold", path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let line = readLine()
    guard line == "held" else {
      finish()
      throw ProbeError(message: "the probe said '\(line)' instead of 'held'")
    }
  }

  /// Ends the probe's read and waits until it has.
  func release() throws {
    guard !released else { return }
    released = true
    input.fileHandleForWriting.write(Data("go\n".utf8))
    let line = readLine()
    guard line == "released" else {
      throw ProbeError(message: "the probe said '\(line)' instead of 'released'")
    }
  }

  /// Lets the probe go and waits for it to exit.
  func finish() {
    if !released { try? release() }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// The probe's next line of output (blocking: the probe writes each line whole).
  private func readLine() -> String {
    var bytes: [UInt8] = []
    while true {
      let chunk = output.fileHandleForReading.readData(ofLength: 1)
      guard let byte = chunk.first else { break }
      if byte == UInt8(ascii: "\n") { break }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  struct ProbeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
