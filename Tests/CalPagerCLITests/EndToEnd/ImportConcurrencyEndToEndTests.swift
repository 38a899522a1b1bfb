import Foundation
import Glibc
import TestSupport
import Testing

/// Issue 20, item 13: readers never fail because of an import in progress, and an import
/// killed part-way leaves nothing of itself.
///
/// The import reads standard input from a pipe the test writes: once the first part's write
/// returned, the importer has read it (a pipe holds 64 KiB) and holds its notes as dirty
/// pages, far more than SQLite's 2 MiB page cache, while the rest has not been sent. So what
/// readers meet is fixed by the test, not by timing.
@Suite struct ImportConcurrencyEndToEndTests {
  /// `count` records of about 250 bytes, uids `prefix0`…, on days of May 2024.
  func records(_ range: Range<Int>, prefix: String = "bulk") -> Data {
    var text = ""
    for index in range {
      let day = String(format: "2024-05-%02d", index % 28 + 1)
      let body = "imported note \(index) " + String(repeating: "lorem ipsum dolor ", count: 12)
      text += #"{"uid":"\#(prefix)\#(index)","day":"\#(day)","body":"\#(body)"}"# + "\n"
    }
    return Data(text.utf8)
  }

  /// Starts `calpager import -` on the test's database, reading from the pipe returned.
  func startImport(_ calpager: Calpager) throws -> (Process, FileHandle) {
    // A write to an importer that died fails as an error, not as a signal to the tests.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path("calpager"))
    process.arguments = ["--db", calpager.database, "import", "-"]
    var environment = ProcessInfo.processInfo.environment
    environment["TZ"] = "UTC"
    environment["CALPAGER_BUSY_TIMEOUT_MS"] = nil
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, input.fileHandleForWriting)
  }

  /// The first part sent: 40,000 notes, about 10 MB of text.
  static let firstPart = 0..<40_000

  @Test func readersNeverFailWhileAnImportRuns() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at ten about the bank"])
    let (importer, input) = try startImport(calpager)
    try input.write(contentsOf: records(Self.firstPart))
    // The import holds its first 40,000 notes, uncommitted; every reader works, and sees
    // the database as it was before the import.
    for round in 0..<3 {
      let show = try calpager.run(["show"])
      #expect(show.status == 0, "round \(round): \(show.stderr)")
      let list = try calpager.run(["--json", "list", "2024-05"])
      #expect(list.status == 0, "round \(round): \(list.stderr)")
      #expect(!list.stdout.contains("imported note"))
      let search = try calpager.run(["search", "bank"])
      #expect(search.status == 0, "round \(round): \(search.stderr)")
      #expect(search.stdout.contains("Dentist at ten"))
    }
    // A paging command whose only write is the selection shows its page at once, then
    // waits to save the move; past the busy timeout it says it could not.
    let moved = try calpager.run(
      ["goto", "2024-05-02"], environment: ["CALPAGER_BUSY_TIMEOUT_MS": "300"])
    #expect(moved.stdout.contains("Thursday 2 May 2024"), "\(moved.stdout)")
    #expect(moved.status == 1)
    #expect(
      moved.stderr.contains("page above was shown, but the selected day was not saved: ")
        && moved.stderr.contains("is locked by another process"), "\(moved.stderr)")
    #expect(importer.isRunning)
    try input.write(contentsOf: records(40_000..<42_000))
    try input.close()
    importer.waitUntilExit()
    #expect(importer.terminationStatus == 0)
    let check = try calpager.run(["check"])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("notes:        42001 notes"), "\(check.stdout)")
    #expect(try calpager.run(["goto", "2024-05-02"]).status == 0)
    #expect(try calpager.run(["show"]).stdout.contains("Thursday 2 May 2024"))
  }

  @Test func anImportKilledPartWayLeavesNothingOfItself() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at ten"])
    let earlier = calpager.directory.file("earlier.jsonl")
    try writeFile(
      earlier,
      #"{"uid":"shared","day":"2024-05-02","body":"Original text","#
        + #""created":"2024-01-01T00:00:00.000Z","updated":"2024-01-01T00:00:00.000Z"}"# + "\n")
    #expect(try calpager.run(["import", earlier]).status == 0)
    let before = try calpager.run(["--json", "list", "2024"]).stdout
    let (importer, input) = try startImport(calpager)
    // An update by uid first, then the bulk of the import.
    try input.write(
      contentsOf: Data(
        (#"{"uid":"shared","day":"2024-05-03","body":"Replaced text","#
          + #""created":"2024-01-01T00:00:00.000Z","updated":"2024-06-01T00:00:00.000Z"}"#
          + "\n").utf8))
    try input.write(contentsOf: records(Self.firstPart))
    kill(importer.processIdentifier, SIGKILL)
    importer.waitUntilExit()
    try? input.close()
    #expect(importer.terminationReason == .uncaughtSignal)
    #expect(try calpager.run(["--json", "list", "2024"]).stdout == before)
    let check = try calpager.run(["check"])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("notes:        2 notes"), "\(check.stdout)")
    #expect(try calpager.run(["search", "Original"]).stdout.contains("Original text"))
    #expect(try calpager.run(["add", "--day", "2024-05-04", "After the kill"]).status == 0)
  }
}
