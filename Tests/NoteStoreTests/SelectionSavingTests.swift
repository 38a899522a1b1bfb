import CalendarPaging
import TestSupport
import Testing

@testable import NoteStore

/// `SelectionSaving`: when a move of the selection reaches the database, as another
/// connection sees it.
@Suite struct SelectionSavingTests {
  @Test func withTheMoveTheMoveIsSavedInThePagesOwnWrite() throws {
    try withStore { store, _ throws in
      let other = try NoteStore(location: store.location)
      store.selectionSaving = .withTheMove
      try store.readPage(moving: true) {
        try store.moveSelection(to: day("2024-05-01"))
        #expect(store.isInTransaction, "the page is read in the write that saves the move")
      }
      #expect(store.unsavedSelection == nil)
      #expect(try other.selectedDay() == day("2024-05-01"))
    }
  }

  @Test func atNextWriteTheMoveWaitsForAWriteAndGoesInIt() throws {
    try withStore { store, _ throws in
      let other = try NoteStore(location: store.location)
      store.selectionSaving = .atNextWrite
      try store.readPage(moving: true) {
        try store.moveSelection(to: day("2024-05-01"))
        #expect(store.isInTransaction)
      }
      #expect(store.unsavedSelection == day("2024-05-01"))
      #expect(try other.selectedDay() == nil, "a move alone commits nothing")
      // A write that fails keeps nothing, the move's save included: it is still to be saved.
      #expect(throws: StoreError.noSuchNote(id: 99)) { try store.remove(id: 99) }
      #expect(store.unsavedSelection == day("2024-05-01"))
      #expect(try other.selectedDay() == nil)
      try store.add("Lunch", on: day("2024-05-02"))
      #expect(store.unsavedSelection == nil)
      #expect(try other.selectedDay() == day("2024-05-01"))
    }
  }

  @Test func aUnitThatRollsBackTakesBackTheMovesMadeInIt() throws {
    try withStore { store, _ throws in
      store.selectionSaving = .atNextWrite
      try store.moveSelection(to: day("2024-05-01"))
      try store.inTransaction(.once) { () throws -> TransactionCompletion in
        // Saved in the unit's write: the unit holds the move now.
        #expect(store.unsavedSelection == nil)
        try store.moveSelection(to: day("2024-05-09"))
        try store.add("Kept?", on: day("2024-05-09"))
        return .rollback
      }
      #expect(store.unsavedSelection == day("2024-05-01"), "back to where the unit began")
      #expect(try store.selectedDay() == nil)
      #expect(try store.noteCount() == 0)
      try store.inTransaction(.once) { () throws -> TransactionCompletion in
        try store.moveSelection(to: day("2024-05-09"))
        return .commit
      }
      #expect(store.unsavedSelection == nil)
      #expect(try store.selectedDay() == day("2024-05-09"), "a move inside is saved at commit")
    }
  }

  @Test func theEndOfASessionSavesWhatIsLeft() throws {
    try withStore { store, _ throws in
      let other = try NoteStore(location: store.location)
      store.selectionSaving = .soonWithoutWaiting
      try store.moveSelection(to: day("2024-05-01"))
      #expect(try other.selectedDay() == nil)
      try store.saveSelection()
      #expect(try other.selectedDay() == day("2024-05-01"))
      #expect(store.unsavedSelection == nil)
    }
  }
}
