import CalendarPaging
import Foundation
import Interchange
import NoteModel
import NoteStore
import TestSupport
import Testing

/// Issue 12, items 11–14: re-imports, empty bodies, unchanged edits and empty inputs.
///
/// A record without a uid gets one from its content, so a second import finds it; a record
/// without `updated` is never rewritten; skipped records and conflicts are named; one rule
/// for empty bodies and one for empty inputs in every format; an edit or move that changes
/// nothing says so and changes nothing.
@Suite struct ImportRulesEndToEndTests {
  /// Every note stored, by day then id.
  static func notes(_ calpager: Calpager) throws -> [Note] {
    try calpager.store().notes(in: Day.first...Day.last)
  }

  // MARK: - Item 11

  @Test(arguments: [
    (
      "jsonl",
      #"{"day":"2024-05-01","body":"Lunch"}"# + "\n" + #"{"day":"2024-05-01","body":"Lunch"}"#
        + "\n" + #"{"day":"2024-05-02","body":"Dentist"}"# + "\n"
    ),
    ("csv", "day,body\n2024-05-01,Lunch\n2024-05-01,Lunch\n2024-05-02,Dentist\n"),
    (
      "json",
      #"[{"day":"2024-05-01","body":"Lunch"},{"day":"2024-05-01","body":"Lunch"},"#
        + #"{"day":"2024-05-02","body":"Dentist"}]"#
    ),
  ])
  func aFileWithoutUIDsImportedTwiceAddsItsNotesOnce(format: String, text: String) throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.\(format)")
    try writeFile(file, text)
    let first = try calpager.run(["import", file])
    #expect(first.stdout == "Imported \(file): 3 added, 0 updated, 0 unchanged, 0 skipped\n")
    let second = try calpager.run(["import", file])
    #expect(second.status == 0)
    #expect(second.stdout == "Imported \(file): 0 added, 0 updated, 3 unchanged, 0 skipped\n")
    // Two identical lines stay two notes.
    let notes = try Self.notes(calpager)
    #expect(notes.map(\.body) == ["Lunch", "Lunch", "Dentist"])
    #expect(Set(notes.map(\.uid)).count == 3)
  }

  @Test func theDerivedUIDIsTheDocumentedUUID5() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.jsonl")
    try writeFile(
      file, String(repeating: #"{"day":"2024-05-01","body":"Lunch with Ana"}"# + "\n", count: 2))
    #expect(try calpager.run(["import", file]).status == 0)
    // Python: uuid.uuid5(uuid.UUID('74a41d25-dcd4-5565-aeae-fd4ea2f0bd6b'),
    //   '2024-05-01\n1\nLunch with Ana'), then '…\n2\n…'.
    #expect(
      try Self.notes(calpager).map(\.uid) == [
        "9b8d5e24-e28b-5356-85d9-586f9e439734", "d6b1a443-83fa-51a5-8ddb-0ecd56815e2c",
      ])
  }

  @Test func aRecordWithAUIDButNoUpdatedIsNotRewrittenAtEveryImport() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.jsonl")
    try writeFile(file, #"{"uid":"a","day":"2024-05-01","body":"Lunch"}"# + "\n")
    #expect(try calpager.run(["import", file]).status == 0)
    let before = try Self.notes(calpager)
    let again = try calpager.run(["import", file])
    #expect(again.stdout == "Imported \(file): 0 added, 0 updated, 1 unchanged, 0 skipped\n")
    #expect(try Self.notes(calpager) == before, "the note was rewritten")
    #expect(try calpager.run(["undo"]).stdout == "Undid import: removed 1 note\n")
  }

  @Test func skippedRecordsAndConflictsAreNamedAndTheImportSucceeds() throws {
    let calpager = Calpager()
    let stored = calpager.directory.file("stored.jsonl")
    let time = "2024-02-01T00:00:00.000Z"
    try writeFile(
      stored,
      [
        #"{"uid":"a","day":"2024-05-01","body":"one","updated":"\#(time)"}"#,
        #"{"uid":"b","day":"2024-05-01","body":"two","updated":"\#(time)"}"#,
        #"{"uid":"c","day":"2024-05-01","body":"three","updated":"\#(time)"}"#,
      ].joined(separator: "\n") + "\n")
    #expect(try calpager.run(["import", stored]).status == 0)
    let incoming = calpager.directory.file("incoming.jsonl")
    try writeFile(
      incoming,
      [
        #"{"uid":"a","day":"2024-05-01","body":"one, older","updated":"2020-01-01T00:00:00.000Z"}"#,
        #"{"uid":"b","day":"2024-05-01","body":"two, other","updated":"\#(time)"}"#,
        #"{"uid":"c","day":"2024-05-01","body":"three, no time"}"#,
        #"{"uid":"d","day":"2024-05-01","body":"four"}"#,
      ].joined(separator: "\n") + "\n")
    let result = try calpager.run(["import", incoming])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Imported \(incoming): 1 added, 0 updated, 0 unchanged, 2 skipped, 1 conflict
          skipped line 1 (uid 'a'): older than the stored note, which was kept
          conflict on line 2 (uid 'b'): the stored note has the same 'updated' but other \
        content; it was kept
          skipped line 3 (uid 'c'): it has no 'updated' to show it is newer than the stored \
        note, which was kept

        """)
    #expect(try Self.notes(calpager).map(\.body) == ["one", "two", "three", "four"])
    let json = try calpager.run(["--json", "import", incoming])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["skipped"] as? Int == 2 && object["conflicts"] as? Int == 1)
    let conflicts = try #require(object["conflictRecords"] as? [[String: Any]])
    #expect(conflicts.count == 1 && conflicts.first?["uid"] as? String == "b")
    #expect(conflicts.first?["line"] as? Int == 2)
    let skipped = try #require(object["skippedRecords"] as? [[String: Any]])
    #expect(skipped.map { $0["uid"] as? String } == ["a", "c"])
  }

  // MARK: - Item 12

  @Test(arguments: [
    (
      "jsonl",
      #"{"day":"2024-05-01","body":"fine"}"# + "\n" + #"{"day":"2024-05-01","body":" \t"}"# + "\n",
      2
    ),
    (
      "json",
      "[\n" + #"{"day":"2024-05-01","body":"fine"},"# + "\n" + #"{"day":"2024-05-01","body":""}]"#,
      3
    ),
    ("csv", "day,body\n2024-05-01,fine\n2024-05-01,\n", 3),
  ])
  func anEmptyBodyFailsTheImportWithItsLine(format: String, text: String, line: Int) throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.\(format)")
    try writeFile(file, text)
    let result = try calpager.run(["import", file])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Line \(line): 'body' is empty or only white space: a note needs text\n")
    #expect(try Self.notes(calpager).isEmpty)
  }

  @Test func aJournalWithNoTextIsSkippedAndNamedNotImported() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("journals.ics")
    let lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
      "BEGIN:VJOURNAL", "UID:kept", "DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501",
      "SUMMARY:Lunch", "END:VJOURNAL",
      "BEGIN:VJOURNAL", "UID:empty", "DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240502",
      "SUMMARY: ", "END:VJOURNAL",
      "END:VCALENDAR",
    ]
    try writeFile(file, lines.joined(separator: "\r\n") + "\r\n")
    let result = try calpager.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Imported \(file): 1 added, 0 updated, 0 unchanged, 1 skipped
          skipped line 10 (uid 'empty'): a journal with no text (no SUMMARY or DESCRIPTION \
        with text)

        """)
    #expect(try Self.notes(calpager).map(\.body) == ["Lunch"])
    let json = try calpager.run(["--json", "import", "--dry-run", file])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let skipped = try #require(object["skippedRecords"] as? [[String: Any]])
    #expect(skipped.first?["uid"] as? String == "empty" && skipped.first?["line"] as? Int == 10)
  }

  @Test func addAndEditRefuseAnEmptyBody() throws {
    let calpager = Calpager()
    #expect(try calpager.run(["add", " "]).stderr.hasPrefix("Error: The note text is empty"))
    try calpager.run(["add", "kept"])
    #expect(
      try calpager.run(["edit", "1", "\t"]).stderr.hasPrefix("Error: The note text is empty"))
    #expect(try Self.notes(calpager).map(\.body) == ["kept"])
  }

  // MARK: - Item 13

  @Test func anEditOrMoveThatChangesNothingSaysUnchangedAndChangesNothing() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Lunch"])
    let before = try Self.notes(calpager)
    let edit = try calpager.run(["edit", "1", "Lunch"])
    #expect(edit.status == 0)
    #expect(edit.stdout == "Unchanged #1: it already has that text\n")
    let move = try calpager.run(["mv", "1", "2024-05-01"])
    #expect(move.stdout == "Unchanged #1: it is on Wednesday 1 May 2024 already\n")
    let json = try calpager.run(["--json", "edit", "1", "Lunch"])
    #expect(json.stdout.hasSuffix(#","unchanged":true}"# + "\n"), "\(json.stdout)")
    // The editor saving the text it was given changes nothing either.
    let editor = try calpager.run(["edit", "1"], environment: ["EDITOR": "true"])
    #expect(editor.stdout == "Unchanged #1: it already has that text\n")
    #expect(try Self.notes(calpager) == before, "updated was bumped")
    // Nothing to undo but the add.
    #expect(try calpager.run(["undo"]).stdout == "Undid add: removed 1 note\n")
  }

  // MARK: - Item 14

  @Test(arguments: ["jsonl", "json", "csv", "ics"])
  func anEmptyInputHoldsNoNotesInEveryFormat(format: String) throws {
    let calpager = Calpager()
    for (name, bytes) in [
      ("empty", [UInt8]()), ("blank", Array(" \n\t\r\n".utf8)), ("mark", [0xEF, 0xBB, 0xBF, 10]),
    ] {
      let file = calpager.directory.file("\(name).\(format)")
      try writeFile(file, bytes)
      let result = try calpager.run(["import", file])
      #expect(result.status == 0, "\(name).\(format): \(result.stderr)")
      #expect(result.stdout == "Imported \(file): 0 added, 0 updated, 0 unchanged, 0 skipped\n")
    }
  }
}
