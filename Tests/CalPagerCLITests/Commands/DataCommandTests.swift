import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// `export`, `import`, `check` and `backup`, run in this process on a real database.
@Suite struct DataCommandTests {
  @Test func exportWritesEveryNoteToStandardOutputOrAFile() throws {
    let calpager = try InProcess()
    try calpager.store.add("one", on: Day("2024-05-01")!)
    try calpager.store.add("two", on: Day("2024-06-01")!)
    let lines = try calpager.run("export").split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains(#""day":"2024-05-01","body":"one""#))
    #expect(try calpager.run("export --from 2024-06-01").split(separator: "\n").count == 1)
    let file = calpager.directory.file("notes.csv")
    #expect(try calpager.run("export -o \(file)") == "Exported 2 notes to \(file)\n")
    let csv = String(decoding: contentsOfFile(file) ?? [], as: UTF8.self)
    #expect(csv.hasPrefix("uid,day,body,created,updated\r\n"))
    let json = try calpager.json("export --format jsonl -o \(calpager.directory.file("x"))")
    #expect(json["exported"] as? Int == 2)
    #expect(json["format"] as? String == "jsonl")
  }

  @Test func importAddsOnceAndADryRunChangesNothing() throws {
    let calpager = try InProcess()
    let file = calpager.directory.file("in.jsonl")
    try writeFile(
      file,
      #"{"uid":"a","day":"2024-05-01","body":"one","updated":"2024-05-01T10:00:00.000Z"}"# + "\n"
        + #"{"uid":"b","day":"2024-05-02","body":"two","updated":"2024-05-01T10:00:00.000Z"}"#
        + "\n")
    #expect(
      try calpager.run("import --dry-run \(file)")
        == "Would import \(file): 2 added, 0 updated, 0 unchanged, 0 skipped "
        + "(dry run: nothing changed)\n")
    #expect(try calpager.store.noteCount() == 0)
    #expect(
      try calpager.run("import \(file)")
        == "Imported \(file): 2 added, 0 updated, 0 unchanged, 0 skipped\n")
    #expect(try calpager.store.noteCount() == 2)
    let again = try calpager.json("import \(file)")
    #expect(again["unchanged"] as? Int == 2)
    #expect(again["added"] as? Int == 0)
    #expect(
      calpager.failure("import \(calpager.directory.path)")?.message.hasSuffix("it is a directory")
        == true)
  }

  @Test func checkReportsAHealthyDatabase() throws {
    let calpager = try InProcess()
    try calpager.store.add("one", on: Day("2024-05-01")!)
    let text = try calpager.run("check")
    #expect(text.hasPrefix("integrity:    ok\nsearch index: ok\nschema:       up to date"))
    #expect(text.contains("notes:        1 note on 1 day, 2024-05-01 to 2024-05-01\n"))
    let json = try calpager.json("check")
    #expect(json["ok"] as? Bool == true)
    #expect(json["notes"] as? Int == 1)
  }

  @Test func backupWritesACopyThatOpens() throws {
    let calpager = try InProcess()
    try calpager.store.add("one", on: Day("2024-05-01")!)
    let copy = calpager.directory.file("copy.db")
    #expect(try calpager.run("backup \(copy)") == "Backed up 1 note to \(copy)\n")
    let restored = try NoteStore(
      location: StoreLocation(path: copy, createsParentDirectories: false))
    #expect(try restored.noteCount() == 1)
  }
}
