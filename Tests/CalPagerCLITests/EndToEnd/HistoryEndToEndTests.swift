import Foundation
import NoteStore
import TestSupport
import Testing

/// Issue 20, item 14: the undo history keeps the last `undo-depth` actions, and the text of
/// older ones leaves the database file and every later backup.
@Suite struct HistoryEndToEndTests {
  /// Whether `needle` occurs anywhere in the file's bytes.
  func fileHolds(_ path: String, _ needle: String) throws -> Bool {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    return bytes.range(of: Data(needle.utf8)) != nil
  }

  func fileSize(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.size] as? Int) ?? -1
  }

  /// A 1 KB body: `lead`, then filler words that differ from one version to the next.
  func body(_ lead: String, version: Int) -> String {
    let filler = (0..<250).map { "w\(($0 * 7 + version) % 1000)" }.joined(separator: " ")
    return String((lead + " " + filler).prefix(1024))
  }

  /// 3,000 edits of a 1 KB note, each its own action, the first 50 versions holding a marker
  /// word; with the default depth (100), the marker is in neither the file nor a backup.
  @Test func threeThousandEditsKeepOnlyTheLastHundredVersions() throws {
    let calpager = Calpager()
    #expect(try calpager.run(["config", "get", "undo-depth"]).stdout == "100\n")
    let first = try calpager.run(["add", "--day", "2024-05-01", body("zanzibarquux0", version: 0)])
    #expect(first.status == 0, "\(first.stderr)")
    var script = ""
    for version in 1..<3000 {
      let lead = version < 50 ? "zanzibarquux\(version)" : "plain\(version)"
      script += "edit 1 \(body(lead, version: version))\n"
    }
    let edits = try calpager.run(["shell"], stdin: script)
    #expect(edits.status == 0, "\(edits.stderr.prefix(500))")
    #expect(try calpager.run(["undo"]).status == 0)  // the 3,000th version back to the 2,999th
    let check = try calpager.run(["check"])
    #expect(check.stdout.contains("undo:         99 steps"), "\(check.stdout)")
    #expect(try !fileHolds(calpager.database, "zanzibarquux"))
    let copy = calpager.directory.file("copy.db")
    #expect(try calpager.run(["backup", copy]).status == 0)
    #expect(try !fileHolds(copy, "zanzibarquux"))
    // The last versions are still there for undo.
    #expect(try fileHolds(calpager.database, "plain2950"))
    let size = try fileSize(calpager.database)
    // 14 MB before the history was bounded; about 100 versions of 1 KB, and the indexes, now.
    #expect(size < 1_500_000, "the database is \(size) bytes")
    print("history: database of \(size) bytes after 3,000 edits of a 1 KB note")
  }

  @Test func aRemovedNotesTextLeavesTheFileWithinTheDepth() throws {
    let calpager = Calpager()
    #expect(try calpager.run(["config", "set", "undo-depth", "0005"]).stdout == "undo-depth = 5\n")
    try calpager.run(["add", "--day", "2024-05-01", "The safe code is marmalade42 tonight"])
    try calpager.run(["rm", "1"])
    for index in 0..<4 { try calpager.run(["add", "--day", "2024-05-02", "Note \(index)"]) }
    // The removal is still one of the last five actions: undo could bring it back.
    #expect(try fileHolds(calpager.database, "marmalade42"))
    try calpager.run(["add", "--day", "2024-05-02", "One more"])
    #expect(try !fileHolds(calpager.database, "marmalade42"))
    #expect(try calpager.run(["search", "marmalade42"]).stdout == "No notes match 'marmalade42'\n")
  }

  @Test(arguments: ["0", "-3", "100001", "ten", "", "1e3"])
  func anInvalidDepthIsRefusedAndChangesNothing(value: String) throws {
    let calpager = Calpager()
    try calpager.run(["config", "set", "undo-depth", "7"])
    let before = calpager.snapshot()
    let result = try calpager.run(["config", "set", "undo-depth", value])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: Invalid undo-depth '\(value)': expected a whole number from 1 to 100000\n"),
      "\(result.stderr)")
    #expect(calpager.snapshot() == before)
    #expect(try calpager.run(["config", "list"]).stdout.contains("undo-depth"))
    #expect(try calpager.run(["config", "unset", "undo-depth"]).stdout == "undo-depth = 100\n")
  }
}
