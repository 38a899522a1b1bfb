import CalendarPaging
import Interchange
import NoteModel
import TestSupport
import Testing

@testable import NoteStore

/// Runs `body` with a store on a fresh file in its own temporary directory, which lives until
/// `body` returns.
func withStore<T>(_ body: (NoteStore, TemporaryDirectory) throws -> T) throws -> T {
  let directory = TemporaryDirectory("store")
  return try withExtendedLifetime(directory) {
    let store = try NoteStore(
      location: StoreLocation(path: directory.file("notes.db"), createsParentDirectories: false))
    return try body(store, directory)
  }
}

func day(_ text: String) -> Day {
  // Test data is written by hand and valid.
  Day(text)!
}

@Suite struct NoteStoreTests {
  @Test func addAssignsIncreasingIdsUniqueUIDsAndTimes() throws {
    try withStore { store, _ throws in
      let before = Clock.nowMilliseconds()
      let first = try store.add("Dentist at 10:00", on: day("2024-05-01"))
      let second = try store.add("Call the bank", on: day("2024-05-01"))
      #expect(first.id == 1 && second.id == 2)
      #expect(first.uid != second.uid)
      #expect(first.uid.count == 36)
      #expect(first.created == first.updated)
      #expect(first.created.millisecondsSinceEpoch >= before)
      #expect(try store.note(id: 1) == first)
    }
  }

  @Test func anEmptyBodyIsRefusedAndAddsNothing() throws {
    try withStore { store, _ throws in
      #expect(throws: StoreError.emptyNote) { try store.add(" \n\t", on: day("2024-05-01")) }
      #expect(try store.noteCount() == 0)
      #expect(try store.undoDepth() == 0)
    }
  }

  @Test func listReturnsARangeByDayThenOrderAdded() throws {
    try withStore { store, _ throws in
      // Added in random day order, as real use does.
      try store.add("c", on: day("2024-05-03"))
      try store.add("a1", on: day("2024-05-01"))
      try store.add("outside", on: day("2024-06-01"))
      try store.add("a2", on: day("2024-05-01"))
      let notes = try store.notes(in: day("2024-05-01")...day("2024-05-31"))
      #expect(notes.map(\.body) == ["a1", "a2", "c"])
      let counts = try store.noteCounts(in: day("2024-04-01")...day("2024-05-31"))
      #expect(counts.count == 61)
      #expect(counts[30] == 2 && counts[32] == 1)
      #expect(counts.reduce(0, +) == 3)
    }
  }

  @Test func readsReportSQLiteFailuresAsStoreErrors() throws {
    try withStore { store, directory in
      try store.add("a note", on: day("2024-05-01"))
      // Another connection takes the tables away: every read now fails in SQLite.
      let other = try Database(path: directory.file("notes.db"), mode: .readWrite)
      try other.execute(
        script: """
          DROP TRIGGER notes_fts_after_delete; DROP TRIGGER notes_fts_after_update;
          ALTER TABLE notes RENAME TO gone_notes; ALTER TABLE state RENAME TO gone_state;
          ALTER TABLE settings RENAME TO gone_settings; ALTER TABLE actions RENAME TO gone_actions;
          ALTER TABLE note_days RENAME TO gone_note_days;
          """)
      let reads: [(String, () throws -> Void)] = [
        ("selectedDay", { _ = try store.selectedDay() }),
        ("note(id:)", { _ = try store.note(id: 1) }),
        ("notes(in:)", { _ = try store.notes(in: day("2024-05-01")...day("2024-05-31")) }),
        ("dayNotes", { _ = try store.dayNotes(day("2024-05-01")) }),
        ("noteCounts", { _ = try store.noteCounts(in: day("2024-05-01")...day("2024-05-31")) }),
        ("nearestDayWithNotes", { _ = try store.nearestDayWithNotes(from: .first, forward: true) }),
        ("noteCount", { _ = try store.noteCount() }),
        ("search", { _ = try store.search("note") }),
        ("settings", { _ = try store.settings() }),
        ("undoDepth", { _ = try store.undoDepth() }),
      ]
      for (name, read) in reads {
        do {
          try read()
          Issue.record("\(name) did not fail")
        } catch {
          #expect(error is StoreError, "\(name) threw \(type(of: error)): \(error)")
        }
      }
    }
  }

  @Test func theEdgeDaysHoldNotes() throws {
    try withStore { store, _ throws in
      try store.add("first", on: .first)
      try store.add("last", on: .last)
      #expect(try store.notes(in: Day.first...Day.last).map(\.body) == ["first", "last"])
      #expect(try store.nearestDayWithNotes(from: .first, forward: true) == .last)
      #expect(try store.nearestDayWithNotes(from: .last, forward: false) == .first)
      #expect(try store.nearestDayWithNotes(from: .last, forward: true) == nil)
    }
  }

  @Test func editMoveAndRemoveChangeTheNote() throws {
    try withStore { store, _ throws in
      let note = try store.add("draft", on: day("2024-05-01"))
      let id = try #require(note.id)
      let edited = try store.edit(id: id, body: "final")
      #expect(edited.body == "final" && edited.uid == note.uid && edited.created == note.created)
      #expect(edited.updated >= note.updated)
      let moved = try store.move(id: id, to: day("2024-05-09"))
      #expect(moved.day == day("2024-05-09"))
      #expect(try store.notes(in: day("2024-05-01")...day("2024-05-01")).isEmpty)
      let removed = try store.remove(id: id)
      #expect(removed.body == "final")
      #expect(try store.note(id: id) == nil)
    }
  }

  @Test func aMissingNoteIsAnErrorAndChangesNothing() throws {
    try withStore { store, _ throws in
      try store.add("keep", on: day("2024-05-01"))
      #expect(throws: StoreError.noSuchNote(id: 7)) { try store.edit(id: 7, body: "x") }
      #expect(throws: StoreError.noSuchNote(id: 7)) { try store.move(id: 7, to: .first) }
      #expect(throws: StoreError.noSuchNote(id: 7)) { try store.remove(id: 7) }
      #expect(try store.undoDepth() == 1)
    }
  }

  @Test func undoRestoresEachEarlierStateInTurn() throws {
    try withStore { store, _ throws in
      let original = try store.add("one", on: day("2024-05-01"))
      let id = try #require(original.id)
      let states: [[Note]] = try {
        var states = [try store.notes(in: Day.first...Day.last)]
        try store.edit(id: id, body: "two")
        states.append(try store.notes(in: Day.first...Day.last))
        try store.move(id: id, to: day("2024-05-02"))
        states.append(try store.notes(in: Day.first...Day.last))
        try store.add("other", on: day("2024-05-02"))
        states.append(try store.notes(in: Day.first...Day.last))
        try store.remove(id: id)
        return states
      }()
      for expected in states.reversed() {
        _ = try store.undo()
        #expect(try store.notes(in: Day.first...Day.last) == expected)
      }
      let last = try store.undo()
      #expect(last.kind == "add" && last.removedCount == 1)
      #expect(try store.noteCount() == 0)
      #expect(throws: StoreError.nothingToUndo) { try store.undo() }
    }
  }

  @Test func idsAreNeverReusedAfterUndo() throws {
    try withStore { store, _ throws in
      try store.add("a", on: day("2024-05-01"))
      _ = try store.undo()
      #expect(try store.add("b", on: day("2024-05-01")).id == 2)
    }
  }

  @Test func searchFindsWordsBestFirstWithASnippet() throws {
    try withStore { store, _ throws in
      try store.add("Lunch with Ana at the café", on: day("2024-05-01"))
      try store.add("Ana Ana Ana birthday", on: day("2024-06-01"))
      try store.add("Nothing here", on: day("2024-07-01"))
      let hits = try store.search("ana")
      #expect(hits.map(\.note.body) == ["Ana Ana Ana birthday", "Lunch with Ana at the café"])
      #expect(hits[1].snippet.contains("\u{2}Ana\u{3}"))
      #expect(try store.search("cafe").count == 1)  // diacritics folded
      #expect(try store.search("bir*").count == 1)  // prefix
      #expect(try store.search("ana lunch").map(\.note.day) == [day("2024-05-01")])
      // Punctuation in literal words is text; FTS5 syntax is read as such, and a malformed
      // query is an error that names the problem (SearchQueryTests has them all).
      for query in ["a:b", "*", "c++", "10:00"] {
        _ = try store.search(query)
      }
      for query in ["\"", "ana OR", "NEAR(", "-ana", "(", "AND"] {
        #expect(throws: SearchQueryError.self) { try store.search(query) }
      }
    }
  }

  @Test func searchFollowsEditsAndRemovals() throws {
    try withStore { store, _ throws in
      let note = try store.add("apples", on: day("2024-05-01"))
      let id = try #require(note.id)
      try store.edit(id: id, body: "pears")
      #expect(try store.search("apples").isEmpty)
      #expect(try store.search("pears").count == 1)
      try store.remove(id: id)
      #expect(try store.search("pears").isEmpty)
      _ = try store.undo()
      #expect(try store.search("pears").count == 1)
      // The index holds exactly one document per note.
      #expect(try store.database.scalarInt("SELECT count(*) FROM notes_fts_docsize") == 1)
    }
  }

  @Test func theSelectionPersistsAcrossConnections() throws {
    try withStore { store, directory throws in
      #expect(try store.selectedDay() == nil)
      try store.setSelectedDay(day("2024-05-01"))
      let reopened = try NoteStore(
        location: StoreLocation(path: directory.file("notes.db"), createsParentDirectories: false))
      #expect(try reopened.selectedDay() == day("2024-05-01"))
    }
  }

  @Test func settingsAreStoredReplacedAndRemoved() throws {
    try withStore { store, _ throws in
      try store.setSetting("menu-spacing", to: "2")
      try store.setSetting("menu-spacing", to: "3")
      #expect(try store.settings() == ["menu-spacing": "3"])
      #expect(try store.removeSetting("menu-spacing"))
      #expect(try !store.removeSetting("menu-spacing"))
      #expect(try store.settings().isEmpty)
    }
  }
}
