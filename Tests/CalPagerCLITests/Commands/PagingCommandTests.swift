import CalendarPaging
import Foundation
import NoteStore
import Testing

@testable import CalPagerCLI

/// `show`, `next`, `prev`, `goto` and `today`, run in this process on a real database.
@Suite struct PagingCommandTests {
  @Test func showStartsOnTodayAndMovesSaveTheSelection() throws {
    let calpager = try InProcess()
    #expect(try calpager.run("show").contains("Saturday 15 June 2030 · today · no notes"))
    #expect(try calpager.store.selectedDay() == nil)
    #expect(try calpager.run("goto 2024-05-01").contains("Wednesday 1 May 2024 · no notes"))
    #expect(try calpager.store.selectedDay() == Day("2024-05-01"))
    #expect(try calpager.run("next").contains("Thursday 2 May 2024"))
    #expect(try calpager.run("next 7").contains("Thursday 9 May 2024"))
    #expect(try calpager.run("prev 2").contains("Tuesday 7 May 2024"))
    #expect(try calpager.run("goto +3").contains("Friday 10 May 2024"))
    #expect(try calpager.store.selectedDay() == Day("2024-05-10"))
    #expect(try calpager.run("today").contains("Saturday 15 June 2030 · today"))
    #expect(try calpager.store.selectedDay() == Day("2030-06-15"))
  }

  @Test func withNotesJumpsToTheNearestDaysThatHaveNotes() throws {
    let calpager = try InProcess()
    try calpager.store.add("one", on: Day("2024-05-03")!)
    try calpager.store.add("two", on: Day("2024-05-20")!)
    try calpager.run("goto 2024-05-01")
    #expect(try calpager.run("next --with-notes").contains("Friday 3 May 2024 · 1 note"))
    #expect(try calpager.run("next --with-notes").contains("Monday 20 May 2024 · 1 note"))
    let report = try #require(calpager.failure("next --with-notes"))
    #expect(report.message == "No day after Monday 20 May 2024 has notes")
    #expect(report.status == 1)
    #expect(try calpager.store.selectedDay() == Day("2024-05-20"))
    #expect(try calpager.run("prev --with-notes").contains("Friday 3 May 2024"))
  }

  @Test func movesPastTheEdgesFailAndKeepTheSelection() throws {
    let calpager = try InProcess()
    try calpager.run("goto 9999-12-31")
    #expect(
      calpager.failure("next")?.message
        == "There is no day after 9999-12-31: days end at 9999-12-31")
    #expect(
      calpager.failure("next 5")?.message
        == "Cannot move 5 days after 9999-12-31: days end at 9999-12-31")
    #expect(try calpager.store.selectedDay() == .last)
    try calpager.run("goto 0001-01-01")
    #expect(
      calpager.failure("prev")?.message
        == "There is no day before 0001-01-01: days start at 0001-01-01")
    #expect(try calpager.store.selectedDay() == .first)
  }

  @Test func pagesShowTheNotesAndAsJSONKeepTheirKeysInOrder() throws {
    let calpager = try InProcess()
    try calpager.store.add("Dentist at 10:00", on: Day("2024-05-01")!)
    let text = try calpager.run("goto 2024-05-01 --width 80")
    #expect(text.contains("Wednesday 1 May 2024 · 1 note\n  #1  Dentist at 10:00\n"))
    #expect(text.hasPrefix("Sat 27   Sun 28   Mon 29   Tue 30   Wed 1  • Thu 2"))
    let json = try calpager.run("show --json")
    #expect(json.hasPrefix(#"{"selected":"2024-05-01","notes":[{"id":1,"uid":""#))
    #expect(json.contains(#""body":"Dentist at 10:00""#))
    #expect(
      json.hasSuffix(
        #""menu":["2024-04-27","2024-04-28","2024-04-29","2024-04-30","2024-05-01","2024-05-02","2024-05-03","2024-05-04","2024-05-05"]}"#
          + "\n"))
  }

  @Test func aPageShownAsTextThenAsJSONCarriesEveryField() throws {
    // Text reads only ids and bodies; the same page kept by the session and then shown as
    // JSON must read the uids and times too.
    let calpager = try InProcess()
    calpager.store.selectionSaving = .atNextWrite
    let note = try calpager.store.add("Dentist at 10:00", on: Day("2024-05-01")!)
    #expect(try calpager.run("goto 2024-05-01", mode: .shellLine).contains("#1  Dentist"))
    let page = try calpager.json("show --json")
    let notes = try #require(page["notes"] as? [[String: Any]])
    #expect(notes.first?["uid"] as? String == note.uid)
    #expect(notes.first?["created"] as? String == note.created.description)
    #expect(notes.first?["updated"] as? String == note.updated.description)
  }

  @Test func aPageSeesTheNotesAddedSinceTheLastCommand() throws {
    let calpager = try InProcess()
    try calpager.run("goto 2024-05-01")
    // Another connection writes: the session's change check sees it on the next command.
    let other = try calpager.otherConnection()
    try other.add("from elsewhere", on: Day("2024-05-01")!)
    #expect(try calpager.run("show").contains("#1  from elsewhere"))
  }
}

extension InProcess {
  /// A second store on the same database, as another process would open it.
  func otherConnection() throws -> NoteStore {
    try NoteStore(location: store.location)
  }
}
