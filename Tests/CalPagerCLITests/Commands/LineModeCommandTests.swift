import CalendarPaging
import CommandLanguage
import Foundation
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// `shell`, `begin`, `commit`, `rollback` and `quit`, run in this process on a real database.
@Suite struct LineModeCommandTests {
  @Test func beginCommitKeepsAndBeginRollbackDrops() throws {
    let calpager = try InProcess()
    calpager.session.savesEveryMove = false
    try calpager.run("begin", mode: .shellLine)
    #expect(calpager.store.isBatchOpen)
    try calpager.run("add --day 2024-05-01 kept", mode: .shellLine)
    try calpager.run("commit", mode: .shellLine)
    #expect(!calpager.store.isBatchOpen)
    try calpager.run("begin", mode: .shellLine)
    try calpager.run("add --day 2024-05-01 dropped", mode: .shellLine)
    try calpager.run("rollback", mode: .shellLine)
    #expect(
      try calpager.store.notes(in: Day("2024-05-01")!...Day("2024-05-01")!).map(\.body) == ["kept"])
    #expect(calpager.failure("commit", mode: .shellLine)?.message == "No transaction is open")
  }

  @Test func aFailedLineMakesCommitRollBack() throws {
    let calpager = try InProcess()
    calpager.session.savesEveryMove = false
    calpager.session.lineNumber = 1
    try calpager.run("begin", mode: .shellLine)
    try calpager.run("add --day 2024-05-01 x", mode: .shellLine)
    calpager.session.transaction?.failedLine = 3
    let report = try #require(calpager.failure("commit", mode: .shellLine))
    #expect(report.message == "Line 3 failed, so the transaction begun on line 1 was rolled back")
    #expect(try calpager.store.noteCount() == 0)
    try calpager.run("begin", mode: .shellLine)
    #expect(
      calpager.failure("begin", mode: .shellLine)?.message
        == "A transaction is already open (begun on line 1)")
  }

  @Test func shellRunsLinesUntilQuit() throws {
    let calpager = try InProcess()
    var pipe: [Int32] = [0, 0]
    #expect(Glibc.pipe(&pipe) == 0)
    let script = "goto 2024-05-01\nadd --day 2024-05-01 x\nbogus\nquit\nadd never\n"
    _ = script.withCString { write(pipe[1], $0, strlen($0)) }
    close(pipe[1])
    let errors = calpager.directory.file("stderr")
    let errorDescriptor = open(errors, O_WRONLY | O_CREAT, 0o600)
    defer { close(errorDescriptor) }
    var mode = LineMode(session: calpager.session, options: GlobalOptions())
    mode.input = pipe[0]
    mode.errors = Output(descriptor: errorDescriptor)
    let status = mode.run()
    close(pipe[0])
    #expect(status == 1)
    #expect(try calpager.store.noteCount() == 1)
    #expect(try calpager.store.selectedDay() == Day("2024-05-01"))
    let stderr = String(decoding: contentsOfFile(errors) ?? [], as: UTF8.self)
    #expect(stderr == "line 3: Error: Unknown command 'bogus'\n")
  }
}
