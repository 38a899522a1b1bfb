import CalendarPaging
import Foundation
import Glibc
import TestSupport
import Testing

/// Issue 12, items 5–7 and 16: the line mode's transactions and its JSON protocol.
///
/// The selection is part of a transaction; once a line inside one fails the rest are skipped
/// up to `commit` or `rollback`; with `--json` every command line gets exactly one object on
/// stdout, in order.
@Suite struct LineModeProtocolEndToEndTests {
  /// The JSON objects of `text`, one a line.
  static func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(object as? [String: Any], "\(line)")
    }
  }

  // MARK: - Item 5: the selection rolls back with the transaction

  @Test func aRollbackReturnsTheSelection() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let result = try calpager.run(["shell"], stdin: "begin\ngoto 2020-01-01\nrollback\nshow\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("Wednesday 1 May 2024 · no notes\n"), "\(result.stdout)")
    #expect(try calpager.store().selectedDay() == Day("2024-05-01"))
  }

  @Test func inputEndingInsideATransactionLeavesTheSelection() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let result = try calpager.run(["shell"], stdin: "begin\ngoto 2020-01-01\nnext\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: The transaction begun on line 1 was never committed; it was rolled back\n")
    #expect(try calpager.store().selectedDay() == Day("2024-05-01"))
  }

  @Test func aCommitRolledBackForAFailedLineReturnsTheSelection() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let result = try calpager.run(
      ["shell"], stdin: "begin\ngoto 2020-01-01\nrm 42\ncommit\nshow\n")
    #expect(result.status == 1)
    #expect(result.stdout.hasSuffix("Wednesday 1 May 2024 · no notes\n"), "\(result.stdout)")
    #expect(try calpager.store().selectedDay() == Day("2024-05-01"))
  }

  @Test func aCommittedMoveIsSaved() throws {
    let calpager = Calpager()
    let result = try calpager.run(["shell"], stdin: "begin\ngoto 2020-01-01\ncommit\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try calpager.store().selectedDay() == Day("2020-01-01"))
  }

  // MARK: - Item 6: after a failed line, the rest of the transaction is skipped

  @Test func linesAfterAFailedOneAreSkippedNotReportedAsDone() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["shell"],
      stdin: "begin\nadd --day 2024-05-01 a\nrm 99\nadd --day 2024-05-01 b\nnxt\ncommit\n"
        + "add --day 2024-05-01 after\n")
    #expect(result.status == 1)
    // Only the add before the failure and the one after the transaction say "Added"; the
    // rolled-back add's id is handed out again.
    #expect(result.stdout == "Added #1 to Wednesday 1 May 2024\nAdded #1 to Wednesday 1 May 2024\n")
    #expect(
      result.stderr == """
        line 3: Error: There is no note #99
        line 4: Error: skipped: line 3 failed
        line 5: Error: skipped: line 3 failed
        line 6: Error: Line 3 failed, so the transaction begun on line 1 was rolled back

        """)
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["after"])
  }

  @Test func aRollbackAfterAFailedLineEndsTheTransactionQuietly() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["shell"], stdin: "begin\nrm 99\nadd skipped\nrollback\nadd kept\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        line 2: Error: There is no note #99
        line 3: Error: skipped: line 2 failed

        """)
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["kept"])
  }

  // MARK: - Item 7: one JSON object per command line

  @Test func everyCommandLineGetsExactlyOneObjectInOrder() throws {
    let calpager = Calpager()
    // The export's file goes in the test's own directory, not the one the tests run in.
    let exported = calpager.directory.file("notes.jsonl")
    let script = """
      goto 2024-05-01

      # a comment
      begin
      add Lunch
      rm 99
      add skipped
      commit
      help next
      frobnicate
      --version
      begin
      rollback
      export --format csv
      export -o \(exported)
      quit
      show
      """
    let result = try calpager.run(["shell", "--json"], stdin: script + "\n")
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let answers = try Self.objects(result.stdout)
    #expect(answers.count == 14, "\(result.stdout)")
    guard answers.count == 14 else { return }
    #expect(answers[0]["selected"] as? String == "2024-05-01")
    #expect(answers[1]["transaction"] as? String == "begun" && answers[1]["line"] as? Int == 4)
    #expect(answers[2]["body"] as? String == "Lunch")
    #expect(answers[3]["error"] as? String == "There is no note #99")
    #expect(answers[3]["line"] as? Int == 6 && answers[3]["exit"] as? Int == 1)
    #expect(answers[4]["error"] as? String == "skipped: line 6 failed")
    #expect(answers[4]["line"] as? Int == 7 && answers[4]["exit"] as? Int == 1)
    #expect((answers[5]["error"] as? String)?.hasPrefix("Line 6 failed") == true)
    #expect((answers[6]["help"] as? String)?.hasPrefix("OVERVIEW: Move the selection") == true)
    #expect(answers[7]["line"] as? Int == 10 && answers[7]["exit"] as? Int == 64)
    #expect(answers[8]["version"] as? String == "0.1.0")
    #expect(answers[9]["transaction"] as? String == "begun")
    #expect(answers[10]["transaction"] as? String == "rolled back")
    #expect(answers[10]["line"] as? Int == 13)
    #expect(answers[11]["exit"] as? Int == 64 && answers[11]["line"] as? Int == 14)
    #expect((answers[11]["error"] as? String)?.contains("-o <file>") == true)
    #expect(answers[12]["exported"] as? Int == 0)
    #expect(answers[13]["quit"] as? Bool == true)
  }

  @Test func aCommittedTransactionSaysSo() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["--json", "shell"], stdin: "begin\nadd --day 2024-05-01 x\ncommit\n")
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try Self.objects(result.stdout)
    #expect(answers.count == 3)
    #expect(answers.last?["transaction"] as? String == "committed")
    #expect(answers.last?["line"] as? Int == 3)
  }

  @Test func theEndOfInputInsideATransactionIsNotAnAnswer() throws {
    let calpager = Calpager()
    let result = try calpager.run(["shell", "--json"], stdin: "begin\nadd x\n")
    #expect(result.status == 1)
    #expect(try Self.objects(result.stdout).count == 2)
    #expect(result.stderr.contains("was never committed; it was rolled back"), "\(result.stderr)")
  }

  /// A program that sends one command and waits for its answer gets it: the session writes
  /// its answers out before it waits for more input.
  @Test func aClientGetsEachAnswerBeforeSendingTheNextCommand() throws {
    let calpager = Calpager()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path("calpager"))
    process.arguments = ["--db", calpager.database, "shell", "--json"]
    process.environment = ProcessInfo.processInfo.environment.merging([
      "CALPAGER_TODAY": Calpager.today, "TZ": "UTC",
    ]) { $1 }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    var received = ""
    for (index, command) in ["goto 2024-05-01", "add Lunch", "begin", "rollback"].enumerated() {
      input.fileHandleForWriting.write(Data((command + "\n").utf8))
      let deadline = Date().addingTimeInterval(10)
      while received.split(separator: "\n").count <= index && Date() < deadline {
        // Waits at most a second at a time, so that a session that never answers fails the
        // test instead of hanging it.
        var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: 1, revents: 0)
        guard poll(&ready, 1, 1000) > 0 else { continue }
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { break }
        received += String(decoding: data, as: UTF8.self)
      }
      #expect(received.split(separator: "\n").count == index + 1, "no answer to '\(command)'")
    }
  }

  // MARK: - Item 16: backup inside a transaction

  @Test func aBackupInsideATransactionSaysToCommitFirst() throws {
    let calpager = Calpager()
    let target = calpager.directory.file("copy.db")
    let result = try calpager.run(
      ["shell"], stdin: "begin\nadd x\nbackup \(target)\nrollback\nbackup \(target)\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "line 3: Error: Cannot back up inside the transaction begun on line 1: a backup "
        + "copies what is committed; commit or roll back first\n")
    #expect(result.stdout.hasSuffix("Backed up 0 notes to \(target)\n"), "\(result.stdout)")
  }
}
