import CalendarPaging
import Foundation
import TestSupport
import Testing

/// Issue 12, item 1: a write to standard output that fails is an error.
///
/// A full disk ends the command with `Error: …` and exit status 1; the line mode stops there
/// and rolls back its open transaction. A closed pipe still ends the process quietly (`aClosedPipeEndsQuietly`).
@Suite struct OutputFailureEndToEndTests {
  static let full = "No space left on device"

  @Test(arguments: [
    "show", "list 2024", "--json show", "help", "export", "--version", "check",
    "search Dentist",
  ])
  func aCommandWritingToAFullDiskFails(command: String) throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    let result = try calpager.shell(#"exec "$CALPAGER" --db "$DB" "# + command + " > /dev/full")
    #expect(result.status == 1, "\(command)")
    let expected = "Cannot write to standard output: \(Self.full); the output is incomplete"
    #expect(
      result.stderr == "Error: \(expected)\n"
        || result.stderr == #"{"error":""# + expected + #"","exit":1}"# + "\n",
      "\(command): \(result.stderr)")
  }

  @Test func aBigExportToAFullDiskStopsAtTheFirstFailedWrite() throws {
    let calpager = Calpager()
    let lines = (0..<5000).map { #"{"day":"2024-05-01","body":"note \#($0) with some text"}"# }
    let file = calpager.directory.file("many.jsonl")
    try writeFile(file, lines.joined(separator: "\n") + "\n")
    #expect(try calpager.run(["import", file]).status == 0)
    let result = try calpager.shell(#"exec "$CALPAGER" --db "$DB" export > /dev/full"#)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Cannot write to standard output: \(Self.full); the output is incomplete\n")
  }

  @Test func aShellWritingToAFullDiskFails() throws {
    let calpager = Calpager()
    let result = try calpager.shell(
      #"exec "$CALPAGER" --db "$DB" shell > /dev/full"#, stdin: "add kept\nshow\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Cannot write to standard output: \(Self.full); the output is incomplete\n")
    // What ran before the failure was found stays: only its answer was lost.
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["kept"])
  }

  @Test func aFailedWriteStopsTheShellAndRollsBackItsTransaction() throws {
    let calpager = Calpager()
    // Enough pages to fill the output buffer inside the transaction: its first write fails,
    // the session stops there, and neither the transaction nor the lines after it are kept.
    let script =
      "add before\nbegin\nadd inside\n" + String(repeating: "show\n", count: 400)
      + "commit\nadd after\n"
    let result = try calpager.shell(
      #"exec "$CALPAGER" --db "$DB" shell > /dev/full"#, stdin: script)
    #expect(result.status == 1)
    #expect(
      result.stderr == "Error: Cannot write to standard output: \(Self.full); the output is "
        + "incomplete, and the transaction begun on line 2 was rolled back\n")
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["before"])
  }

  @Test func aJSONShellWritingToAFullDiskFailsAndSaysSoOnStandardError() throws {
    let calpager = Calpager()
    let result = try calpager.shell(
      #"exec "$CALPAGER" --db "$DB" shell --json > /dev/full"#, stdin: "show\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains(#""exit":1"#), "\(result.stderr)")
    #expect(result.stderr.contains("Cannot write to standard output: \(Self.full)"))
  }
}
