import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// `export` and `import` through the binary: lossless round trips, idempotence, one
/// transaction per import, atomic files.
@Suite struct ExportImportEndToEndTests {
  /// Note bodies that break naive writers and readers.
  static let bodies: [String] = [
    "plain",
    "multi\nline\nbody",
    "\"quoted\", with commas; semicolons: and \\backslashes\\",
    "tab\there and CR\rthere and CRLF\r\nthere",
    "emoji 🙂👩‍👩‍👧🇳🇴 and CJK 会議の日本語 and combining e\u{301}",
    "right to left: שלום עולם مرحبا",
    "BEGIN:VJOURNAL\nEND:VCALENDAR\n,\"\"\n",
    String(repeating: "10 kB body with some words ", count: 380),
    "  leading and trailing spaces  ",
    "\u{1B}[31m escape and bell \u{7}",
    "NUL \u{0} inside",
    "\u{3000}x\u{3000}",
    "\nafter a leading line break",
    "line separator \u{2028} paragraph separator \u{2029} NEL \u{85}",
    "ends with a backslash \\",
    "lone CR at the end\r",
  ]

  /// A JSON Lines file holding `bodies` on assorted days, two at the ends of the calendar.
  static func corpus() -> String {
    let days = ["0001-01-01", "2024-05-01", "2024-05-01", "1999-12-31", "9999-12-31"]
    var lines: [String] = []
    for (index, body) in bodies.enumerated() {
      lines.append(
        #"{"uid":"uid-\#(index)\#(index == 3 ? ",a;b\\\\c" : "")","day":"\#(days[index % days.count])","body":\#(jsonString(body)),"#
          + #""created":"2024-01-0\#(index % 9 + 1)T10:00:00.123Z","updated":"2024-02-01T00:00:00.001Z"}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as a JSON string, escaped by hand (Foundation's writer is not needed for this).
  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  @Test(arguments: ["jsonl", "json", "csv", "ics"])
  func exportImportExportIsByteIdentical(_ format: String) throws {
    let source = Calpager()
    let corpus = source.directory.file("corpus.jsonl")
    try writeFile(corpus, ExportImportEndToEndTests.corpus())
    let imported = try source.run(["import", corpus])
    #expect(imported.status == 0, "\(imported.stderr)")
    let first = try source.run(["export", "--format", format])
    #expect(first.status == 0, "\(first.stderr)")

    let target = Calpager()
    let file = target.directory.file("notes.\(format)")
    try writeFile(file, first.stdoutBytes)
    let reimported = try target.run(["import", file])
    #expect(reimported.status == 0, "\(reimported.stderr)")
    let second = try target.run(["export", "--format", format])
    #expect(second.stdoutBytes == first.stdoutBytes)

    let notes = try target.store().notes(in: Day.first...Day.last)
    #expect(Set(notes.map(\.body)) == Set(ExportImportEndToEndTests.bodies))
    #expect(notes.first?.day == .first && notes.last?.day == .last)
  }

  @Test func importingTheSameFileTwiceChangesNothing() throws {
    let calpager = Calpager()
    let corpus = calpager.directory.file("corpus.jsonl")
    try writeFile(corpus, ExportImportEndToEndTests.corpus())
    let first = try calpager.run(["import", corpus])
    #expect(
      first.stdout
        == "Imported \(corpus): \(Self.bodies.count) added, 0 updated, 0 unchanged, 0 skipped\n")
    let before = calpager.snapshot()
    let second = try calpager.run(["import", corpus])
    #expect(
      second.stdout
        == "Imported \(corpus): 0 added, 0 updated, \(Self.bodies.count) unchanged, 0 skipped\n")
    #expect(calpager.snapshot() == before)
  }

  @Test func aBadRecordInTheMiddleChangesNothingAndNamesItsLine() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-01-01", "existing"])
    var lines = ExportImportEndToEndTests.corpus().split(separator: "\n").map(String.init)
    lines[5] = #"{"uid":"bad","day":"2024-02-30","body":"x"}"#
    let file = calpager.directory.file("bad.jsonl")
    try writeFile(file, lines.joined(separator: "\n") + "\n")
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: Line 6: "), "\(result.stderr)")
    #expect(result.stderr.contains("2024-02-30"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(calpager.snapshot() == before)
  }

  @Test func anImportWhoseCommitFindsTheDatabaseBusyFailsAndChangesNothing() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-01-01", "existing"])
    let corpus = calpager.directory.file("corpus.jsonl")
    try writeFile(corpus, ExportImportEndToEndTests.corpus())
    let before = calpager.snapshot()
    // A reader in the middle of a read transaction: the import may begin and write, but its
    // commit waits for the reader, past the busy timeout. Run again, it would find its input
    // already read and import nothing, "successfully".
    let reader = try Database(path: calpager.database, mode: .readWrite)
    try reader.execute("BEGIN")
    _ = try reader.scalarInt("SELECT count(*) FROM notes")
    let result = try calpager.run(
      ["import", corpus], environment: ["CALPAGER_BUSY_TIMEOUT_MS": "100"])
    try reader.execute("ROLLBACK")
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(result.stderr.contains("is locked by another process; try again"), "\(result.stderr)")
    #expect(calpager.snapshot() == before)
    let again = try calpager.run(["import", corpus])
    #expect(
      again.stdout
        == "Imported \(corpus): \(Self.bodies.count) added, 0 updated, 0 unchanged, 0 skipped\n")
  }

  /// An empty or white-space body is refused with its line, as `add` refuses it (issue 12).
  @Test func anEmptyBodyIsRefusedWithItsLine() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("empty.jsonl")
    try writeFile(
      file,
      #"{"day":"2024-05-01","body":"x"}"# + "\n" + #"{"day":"2024-05-01","body":" \n"}"# + "\n")
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file])
    #expect(result.status == 1)
    #expect(
      result.stderr == "Error: Line 2: 'body' is empty or only white space: a note needs text\n")
    #expect(calpager.snapshot() == before)
  }

  @Test func aMarkdownFileIsNotImported() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    let file = calpager.directory.file("notes.md")
    try calpager.run(["export", "-o", file])
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: 'md' can be exported but not imported: import reads jsonl, json, csv, ics, jrnl "
        + "or jrnl-text\n")
    #expect(calpager.snapshot() == before)
  }

  @Test func aDryRunCountsAndChangesNothing() throws {
    let calpager = Calpager()
    let corpus = calpager.directory.file("corpus.jsonl")
    try writeFile(corpus, ExportImportEndToEndTests.corpus())
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let result = try calpager.run(["import", "--dry-run", corpus])
    #expect(result.stdout.contains("\(Self.bodies.count) added"))
    #expect(result.stdout.contains("dry run: nothing changed"))
    #expect(calpager.snapshot() == before)
  }

  @Test func aNewerRecordReplacesAndUndoRevertsTheWholeImport() throws {
    let calpager = Calpager()
    let corpus = calpager.directory.file("corpus.jsonl")
    try writeFile(corpus, ExportImportEndToEndTests.corpus())
    try calpager.run(["import", corpus])
    let newer = calpager.directory.file("newer.jsonl")
    try writeFile(
      newer,
      #"{"uid":"uid-0","day":"2024-05-05","body":"replaced","updated":"2025-01-01T00:00:00.000Z"}"#
        + "\n"
        + #"{"uid":"uid-1","day":"2024-05-05","body":"older","updated":"2020-01-01T00:00:00.000Z"}"#
        + "\n" + #"{"day":"2024-05-06","body":"no uid"}"# + "\n")
    let result = try calpager.run(["import", newer])
    #expect(
      result.stdout.hasSuffix(
        ": 1 added, 1 updated, 0 unchanged, 1 skipped\n"
          + "  skipped line 2 (uid 'uid-1'): older than the stored note, which was kept\n"))
    #expect(
      try calpager.store().notes(in: Day("2024-05-05")!...Day("2024-05-06")!).map(\.body) == [
        "replaced", "no uid",
      ])
    #expect(try calpager.run(["undo"]).stdout == "Undid import: removed 1 note, restored #1\n")
    #expect(try calpager.store().noteCount() == Self.bodies.count)
    #expect(try calpager.store().note(id: 1)?.body == "plain")
  }

  @Test func outputFilesAreWrittenWholeWithTheFormatFromTheExtension() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "one"])
    let file = calpager.directory.file("out.ics")
    try writeFile(file, "old contents")
    let result = try calpager.run(["export", "-o", file])
    #expect(result.status == 0)
    #expect(result.stdout == "Exported 1 note to \(file)\n")
    let text = try #require(contentsOfFile(file))
    #expect(String(decoding: text, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR\r\n"))
    // Nothing but the file itself is left in the directory.
    let names = try FileManager.default.contentsOfDirectory(atPath: calpager.directory.path)
    #expect(names.sorted() == ["calpager.db", "out.ics"])
    let missing = try calpager.run(["export", "-o", calpager.directory.file("no/such/dir/x.csv")])
    #expect(missing.status == 1 && missing.stderr.hasPrefix("Error: Cannot write"))
  }

  @Test func exportFiltersByDays() throws {
    let calpager = Calpager()
    for day in ["2024-04-30", "2024-05-01", "2024-05-31", "2024-06-01"] {
      try calpager.run(["add", "--day", day, "on \(day)"])
    }
    let result = try calpager.run([
      "export", "--from", "2024-05-01", "--to", "2024-05-31", "--format", "md",
    ])
    #expect(result.stdout.contains("on 2024-05-01") && result.stdout.contains("on 2024-05-31"))
    #expect(!result.stdout.contains("on 2024-04-30") && !result.stdout.contains("on 2024-06-01"))
  }

  @Test func aClosedPipeEndsQuietly() throws {
    let calpager = Calpager()
    let corpus = calpager.directory.file("many.jsonl")
    let lines = (0..<20_000).map { #"{"day":"2024-05-01","body":"note \#($0)"}"# }
    try writeFile(corpus, lines.joined(separator: "\n") + "\n")
    #expect(try calpager.run(["import", corpus]).status == 0)
    let result = try runProcess(
      "/bin/sh",
      ["-c", "\"$0\" --db \"$1\" export | head -n 1", Products.path("calpager"), calpager.database])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stderr.isEmpty)
  }
}
