import CalendarPaging
import CommandLanguage
import Foundation
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// `shell`, `begin`, `commit`, `rollback` and `quit`, run in this process on a real database.
@Suite struct LineModeCommandTests {
  /// Runs `script` through the line mode on `calpager`'s session; returns the exit status
  /// and what it wrote to stderr.
  func shell(_ calpager: InProcess, _ script: String) throws -> (status: Int32, stderr: String) {
    var pipe: [Int32] = [0, 0]
    #expect(Glibc.pipe(&pipe) == 0)
    _ = script.withCString { write(pipe[1], $0, strlen($0)) }
    close(pipe[1])
    let errors = calpager.directory.file("stderr-\(UInt32.random(in: 0...UInt32.max))")
    let errorDescriptor = open(errors, O_WRONLY | O_CREAT, 0o600)
    defer { close(errorDescriptor) }
    var mode = LineMode(session: calpager.session, options: GlobalOptions())
    mode.input = pipe[0]
    mode.errors = Output(descriptor: errorDescriptor)
    let status = mode.run()
    close(pipe[0])
    return (status, String(decoding: contentsOfFile(errors) ?? [], as: UTF8.self))
  }

  @Test func beginCommitKeepsAndBeginRollbackDrops() throws {
    let calpager = try InProcess()
    let (status, stderr) = try shell(
      calpager,
      """
      begin
      add --day 2024-05-01 kept
      commit
      begin
      add --day 2024-05-01 dropped
      rollback
      commit

      """)
    #expect(
      try calpager.store.notes(in: Day("2024-05-01")!...Day("2024-05-01")!).map(\.body) == ["kept"])
    #expect(stderr == "line 7: Error: No transaction is open\n")
    #expect(status == 1)
    #expect(!calpager.store.isInTransaction)
  }

  @Test func aFailedLineMakesCommitRollBack() throws {
    let calpager = try InProcess()
    let (_, stderr) = try shell(
      calpager,
      """
      begin
      add --day 2024-05-01 x
      rm 99
      commit
      begin
      begin
      rollback

      """)
    #expect(
      stderr.contains(
        "line 4: Error: Line 3 failed, so the transaction begun on line 1 was rolled back\n"))
    #expect(try calpager.store.noteCount() == 0)
    #expect(
      stderr.hasSuffix("line 6: Error: A transaction is already open (begun on line 5)\n"))
  }

  /// `begin` takes the write lock, the lines after it are not seen by others until `commit`,
  /// and `commit` lets the lock go: the shell runs on a thread, fed a line at a time.
  @Test func aTransactionHoldsTheWriteLockFromBeginToCommit() throws {
    let calpager = try InProcess()
    var commands: [Int32] = [0, 0]
    var answers: [Int32] = [0, 0]
    #expect(Glibc.pipe(&commands) == 0 && Glibc.pipe(&answers) == 0)
    let session = Session(
      store: calpager.store, environment: ["CALPAGER_TODAY": "2030-06-15"],
      output: Output(descriptor: answers[1]), selectionSaving: .withTheMove)
    var options = GlobalOptions()
    options.json = true
    var mode = LineMode(session: session, options: options)
    mode.input = commands[0]
    mode.errors = Output(descriptor: open("/dev/null", O_WRONLY))
    nonisolated(unsafe) let shell = mode
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var status: Int32 = -1
    Thread {
      status = shell.run()
      done.signal()
    }.start()
    let answerStream = fdopen(answers[0], "r")
    func send(_ line: String) -> String {
      _ = (line + "\n").withCString { write(commands[1], $0, strlen($0)) }
      var buffer: UnsafeMutablePointer<CChar>?
      var capacity = 0
      defer { free(buffer) }
      guard getline(&buffer, &capacity, answerStream) > 0, let buffer else { return "" }
      return String(cString: buffer)
    }
    let other = try calpager.otherConnection()
    #expect(send("begin") == #"{"transaction":"begun","line":1}"# + "\n")
    #expect(try !other.saveSelectedDayWithoutWaiting(Day("2024-05-03")!), "the lock is held")
    #expect(send("add --day 2024-05-01 inside").contains(#""body":"inside""#))
    #expect(try other.noteCount() == 0, "nothing is committed yet")
    #expect(send("commit") == #"{"transaction":"committed","line":3}"# + "\n")
    #expect(try other.noteCount() == 1)
    #expect(try other.saveSelectedDayWithoutWaiting(Day("2024-05-03")!), "the lock is free")
    close(commands[1])
    done.wait()
    fclose(answerStream)
    close(answers[1])
    #expect(status == 0)
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
