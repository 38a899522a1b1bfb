import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// `calpager shell`: the same grammar and output as the command line, one connection for the
/// whole session, per-line errors, and `begin` … `commit`/`rollback`.
@Suite struct LineModeEndToEndTests {
  /// A deterministic mix of paging, notes and query lines.
  func script(lines count: Int, seed: UInt64) -> [String] {
    var generator = SplitMix64(seed: seed)
    var lines: [String] = []
    for index in 0..<count {
      switch generator.next() % 100 {
      case 0..<35: lines.append("next")
      case 35..<60: lines.append("prev")
      case 60..<75:
        let day = Day(dayNumber: 19_000 + Int(generator.next() % 400))!
        lines.append("goto \(day)")
      case 75..<82: lines.append("next \(1 + generator.next() % 9)")
      case 82..<88: lines.append("list")
      case 88..<93: lines.append("search word\(generator.next() % 20)")
      default: lines.append("add \"note \(index) with word\(generator.next() % 20)\"")
      }
    }
    return lines
  }

  @Test func aHundredThousandLinesRunToTheEnd() throws {
    let calpager = Calpager()
    var lines = ["goto 2022-01-01"]
    // Adds in a transaction per thousand lines keep the run quick; the rest autocommits.
    for (offset, chunk) in script(lines: 100_000, seed: 7).chunked(1000).enumerated() {
      if offset % 2 == 0 {
        lines.append("begin")
        lines.append(contentsOf: chunk)
        lines.append("commit")
      } else {
        lines.append(contentsOf: chunk.filter { !$0.hasPrefix("add") })
      }
    }
    let expectedAdds = lines.filter { $0.hasPrefix("add") }.count
    let result = try calpager.run(["shell"], stdin: lines.joined(separator: "\n") + "\n")
    #expect(result.status == 0, "\(result.stderr.prefix(500))")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.components(separatedBy: "\nAdded #").count - 1 == expectedAdds)
    #expect(try calpager.store().noteCount() == expectedAdds)
  }

  @Test func outputEqualsTheSameCommandsRunOneProcessEach() throws {
    let lines = ["goto 2024-05-01"] + script(lines: 80, seed: 11)
    let shell = Calpager()
    let session = try shell.run(["shell"], stdin: lines.joined(separator: "\n") + "\n")
    #expect(session.status == 0, "\(session.stderr)")
    let separate = Calpager()
    var combined = ""
    for line in lines {
      let words =
        line.hasPrefix("add ")
        ? ["add", String(line.dropFirst(5).dropLast())]
        : line.split(separator: " ").map(String.init)
      let result = try separate.run(words)
      #expect(result.status == 0, "\(line): \(result.stderr)")
      combined += result.stdout
    }
    #expect(session.stdout == combined)
    let shellNotes = try shell.store().notes(in: Day.first...Day.last)
    let separateNotes = try separate.store().notes(in: Day.first...Day.last)
    #expect(shellNotes.map(\.body) == separateNotes.map(\.body))
    #expect(try shell.store().selectedDay() == separate.store().selectedDay())
  }

  @Test func beginThenRollbackLeavesNothing() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "kept"])
    let before = calpager.snapshot()
    let result = try calpager.run(
      ["shell"],
      stdin: "begin\nadd --day 2024-05-01 'gone 1'\nadd --day 2024-05-02 'gone 2'\nrm 1\nrollback\n"
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(calpager.snapshot() == before)
  }

  @Test func pagesFollowTheSettingsInTheDatabase() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let plain = try calpager.run(["show"]).stdout
    try calpager.run(["config", "set", "menu-spacing", "3"])
    let spaced = try calpager.run(["show"]).stdout
    try calpager.run(["config", "unset", "menu-spacing"])
    #expect(spaced != plain)
    // A `config set` rolled back: the next page is laid out as before it.
    let rolledBack = try calpager.run(
      ["shell"], stdin: "begin\nconfig set menu-spacing 3\nshow\nrollback\nshow\n")
    #expect(rolledBack.status == 0, "\(rolledBack.stderr)")
    #expect(rolledBack.stdout == "menu-spacing = 3\n" + spaced + plain)
  }

  @Test func aFailedReadOfTheScriptIsAnErrorNotItsEnd() throws {
    let calpager = Calpager()
    // A directory as standard input: read(2) fails with EISDIR.
    let result = try runProcess(
      "/bin/sh",
      ["-c", #"exec "$0" --db "$1" shell < /"#, Products.path("calpager"), calpager.database])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "line 1: Error: Cannot read standard input (Is a directory); nothing from here on was run\n"
    )
  }

  @Test func aFailingLineInsideATransactionRollsItAllBack() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["shell"], stdin: "begin\nadd --day 2024-05-01 a\nrm 99\nadd --day 2024-05-01 b\ncommit\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        line 3: Error: There is no note #99
        line 4: Error: skipped: line 3 failed
        line 5: Error: Line 3 failed, so the transaction begun on line 1 was rolled back

        """)
    #expect(try calpager.store().noteCount() == 0)
  }

  @Test func aTransactionLeftOpenIsRolledBack() throws {
    let calpager = Calpager()
    let result = try calpager.run(["shell"], stdin: "begin\nadd --day 2024-05-01 a\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("was never committed; it was rolled back"))
    #expect(try calpager.store().noteCount() == 0)
  }

  @Test func errorsNameTheLineAndTheSessionGoesOn() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["shell"],
      stdin:
        "goto 2024-05-01\nnxt\n\n# a comment\ngoto 2024-02-30\nadd 'unterminated\nadd fine\nquit\nadd never\n"
    )
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        line 2: Error: Unknown command 'nxt'; did you mean 'next'?
        line 5: Error: '2024-02-30' is not a date: February 2024 has 29 days, not 30
        line 6: Error: Unterminated single quote starting at column 5

        """)
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["fine"])
  }

  @Test func jsonErrorsCarryTheLine() throws {
    let calpager = Calpager()
    let result = try calpager.run(["--json", "shell"], stdin: "show\nrm 5\n")
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix(#"{"selected":"2030-06-15","#) == true)
    #expect(lines.last == #"{"error":"There is no note #5","exit":1,"line":2}"#)
  }

  @Test func theSelectionIsSavedAtTheEnd() throws {
    let calpager = Calpager()
    let result = try calpager.run(["shell"], stdin: "goto 2024-05-01\nnext\nnext\n")
    #expect(result.status == 0)
    #expect(try calpager.store().selectedDay() == Day("2024-05-03"))
  }
}

extension Array {
  /// The array cut into pieces of `size` elements (the last may be shorter).
  func chunked(_ size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}
