import CalendarPaging
import Foundation
import NoteStore
import Testing

@testable import CalPagerCLI

/// `add`, `edit`, `rm`, `mv`, `list`, `search` and `undo`, run in this process on a real
/// database.
@Suite struct NoteCommandTests {
  @Test func addEditMoveAndRemoveANote() throws {
    let calpager = try InProcess()
    try calpager.run("goto 2024-05-01")
    #expect(try calpager.run("add Dentist at 10:00") == "Added #1 to Wednesday 1 May 2024\n")
    #expect(
      try calpager.run("add --day 2024-05-06 Lunch with Ana") == "Added #2 to Monday 6 May 2024\n")
    #expect(try calpager.run("edit 1 Dentist at 11:00") == "Edited #1 on Wednesday 1 May 2024\n")
    #expect(try calpager.store.note(id: 1)?.body == "Dentist at 11:00")
    #expect(try calpager.run("mv #1 +1") == "Moved #1 to Thursday 2 May 2024\n")
    #expect(try calpager.store.note(id: 1)?.day == Day("2024-05-02"))
    #expect(try calpager.run("rm 2") == "Removed #2 from Monday 6 May 2024\n")
    #expect(try calpager.store.note(id: 2) == nil)
    #expect(calpager.failure("rm 2")?.message == "There is no note #2")
    #expect(calpager.failure("edit 9 x")?.message == "There is no note #9")
  }

  @Test func aNoteCommandPrintsTheNoteAsJSON() throws {
    let calpager = try InProcess()
    let added = try calpager.json("add --day 2024-05-01 Buy flowers")
    #expect(added["id"] as? Int == 1)
    #expect(added["day"] as? String == "2024-05-01")
    #expect(added["body"] as? String == "Buy flowers")
    let removed = try calpager.json("rm 1")
    #expect(removed["body"] as? String == "Buy flowers")
  }

  @Test func listShowsTheSelectedMonthOrARange() throws {
    let calpager = try InProcess()
    try calpager.store.add("May note", on: Day("2024-05-03")!)
    try calpager.store.add("June note", on: Day("2024-06-01")!)
    try calpager.run("goto 2024-05-20")
    #expect(try calpager.run("list") == "Friday 3 May 2024\n  #1  May note\n")
    #expect(
      try calpager.run("list 2024-05..2024-06")
        == "Friday 3 May 2024\n  #1  May note\n\nSaturday 1 June 2024\n  #2  June note\n")
    #expect(
      try calpager.run("list 2024-07")
        == "No notes from Monday 1 July 2024 to Wednesday 31 July 2024\n")
    #expect(try calpager.run("list 2024-07-01") == "No notes on Monday 1 July 2024\n")
    let json = try calpager.json("list 2024")
    #expect(json["from"] as? String == "2024-01-01")
    #expect(json["to"] as? String == "2024-12-31")
    #expect((json["notes"] as? [Any])?.count == 2)
  }

  @Test func searchFindsWordsAndSaysWhenNothingMatches() throws {
    let calpager = try InProcess()
    try calpager.store.add("Call the bank about the mortgage", on: Day("2024-05-01")!)
    try calpager.store.add("Lunch with Ana", on: Day("2024-05-06")!)
    #expect(try calpager.run("search ana") == "#2  2024-05-06  Lunch with Ana\n")
    #expect(try calpager.run("search zebra") == "No notes match 'zebra'\n")
    let json = try calpager.json("search mortgage")
    #expect(json["query"] as? String == "mortgage")
    let hits = try #require(json["hits"] as? [[String: Any]])
    #expect(hits.count == 1)
    #expect((hits[0]["note"] as? [String: Any])?["id"] as? Int == 1)
  }

  @Test func undoRevertsTheLastChange() throws {
    let calpager = try InProcess()
    try calpager.run("add --day 2024-05-01 first")
    try calpager.run("edit 1 changed")
    #expect(try calpager.run("undo") == "Undid edit: restored #1\n")
    #expect(try calpager.store.note(id: 1)?.body == "first")
    #expect(try calpager.run("undo") == "Undid add: removed 1 note\n")
    #expect(try calpager.store.noteCount() == 0)
    #expect(calpager.failure("undo")?.message == "There is nothing to undo")
  }

  @Test func anEmptyNoteFromStandardInputOrTheEditorIsRefused() throws {
    let calpager = try InProcess(environment: ["EDITOR": "truncate -s 0"])
    #expect(calpager.failure("add")?.message == "The note is empty; nothing was added")
    try calpager.run("add --day 2024-05-01 x")
    #expect(
      calpager.failure("edit 1")?.message
        == "The note is empty; nothing was changed (use 'rm 1' to remove it)")
    #expect(try calpager.store.note(id: 1)?.body == "x")
  }
}
