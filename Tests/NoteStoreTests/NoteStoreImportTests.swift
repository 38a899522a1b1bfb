import CalendarPaging
import Interchange
import NoteModel
import TestSupport
import Testing

@testable import NoteStore

@Suite struct NoteStoreImportTests {
  /// A feed of records for `importRecords`, throwing at `failAt` (0-based) if given.
  func feed(_ records: [DecodedNote], failAt: Int? = nil) -> () throws -> DecodedNote? {
    var index = 0
    return {
      defer { index += 1 }
      if index == failAt { throw StoreError.emptyNote }
      return index < records.count ? records[index] : nil
    }
  }

  let records = [
    DecodedNote(
      uid: "u1", day: day("2024-05-01"), body: "one", created: Timestamp(clamping: 1000),
      updated: Timestamp(clamping: 2000), line: 1),
    DecodedNote(
      uid: "u2", day: day("2024-05-02"), body: "two", created: Timestamp(clamping: 1000),
      updated: Timestamp(clamping: 1000), line: 2),
  ]

  @Test func importAddsThenIsIdempotent() throws {
    try withStore { store, directory throws in
      #expect(try store.importRecords(feed(records)) == ImportSummary(added: 2))
      let notes = try store.notes(in: Day.first...Day.last)
      #expect(notes.map(\.uid) == ["u1", "u2"])
      #expect(
        notes[0].created.millisecondsSinceEpoch == 1000
          && notes[0].updated.millisecondsSinceEpoch == 2000)
      let before = contentsOfFile(directory.file("notes.db"))
      #expect(try store.importRecords(feed(records)) == ImportSummary(unchanged: 2))
      #expect(contentsOfFile(directory.file("notes.db")) == before)
    }
  }

  @Test func aNewerRecordReplacesAndAnOlderOneIsSkipped() throws {
    try withStore { store, _ throws in
      #expect(try store.importRecords(feed(records)) == ImportSummary(added: 2))
      var newer = records[0]
      newer.body = "one, edited"
      newer.updated = Timestamp(clamping: 3000)
      var older = records[1]
      older.body = "two, stale"
      older.updated = Timestamp(clamping: 500)
      let summary = try store.importRecords(feed([newer, older]))
      #expect(summary.description == ImportSummary(updated: 1, skipped: 1).description)
      #expect(summary.notImported.map(\.reason) == [.older])
      #expect(try store.notes(in: Day.first...Day.last).map(\.body) == ["one, edited", "two"])
      _ = try store.undo()
      #expect(try store.notes(in: Day.first...Day.last).map(\.body) == ["one", "two"])
    }
  }

  @Test func aFailingRecordLeavesTheFileByteIdentical() throws {
    try withStore { store, directory throws in
      try store.add("existing", on: day("2024-01-01"))
      let before = contentsOfFile(directory.file("notes.db"))
      #expect(throws: StoreError.emptyNote) {
        try store.importRecords(feed(records + records, failAt: 3))
      }
      #expect(contentsOfFile(directory.file("notes.db")) == before)
      #expect(try store.noteCount() == 1)
    }
  }

  @Test func aDryRunCountsAndChangesNothing() throws {
    try withStore { store, directory throws in
      let before = contentsOfFile(directory.file("notes.db"))
      #expect(try store.importRecords(dryRun: true, feed(records)) == ImportSummary(added: 2))
      #expect(contentsOfFile(directory.file("notes.db")) == before)
    }
  }

  @Test func recordsWithoutUIDOrTimesGetThem() throws {
    try withStore { store, _ throws in
      let before = Clock.nowMilliseconds()
      let bare = DecodedNote(
        uid: nil, day: day("2024-05-01"), body: "bare", created: nil, updated: nil, line: 1)
      #expect(try store.importRecords(feed([bare, bare])) == ImportSummary(added: 2))
      let notes = try store.notes(in: Day.first...Day.last)
      #expect(notes.count == 2 && notes[0].uid != notes[1].uid)
      #expect(
        notes[0].created.millisecondsSinceEpoch >= before && notes[0].created == notes[0].updated)
    }
  }

  @Test func undoRevertsAWholeImport() throws {
    try withStore { store, _ throws in
      try store.add("mine", on: day("2024-01-01"))
      #expect(try store.importRecords(feed(records)) == ImportSummary(added: 2))
      let undone = try store.undo()
      #expect(undone.kind == "import" && undone.removedCount == 2)
      #expect(try store.notes(in: Day.first...Day.last).map(\.body) == ["mine"])
    }
  }
}
