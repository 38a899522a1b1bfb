import CalendarPaging
import Glibc
import TestSupport
import Testing

@testable import NoteStore

/// `saveSelectedDayWithoutWaiting`: the full-screen view's save, which must never wait.
@Suite struct SelectionSaveTests {
  @Test func savesAtOnceWhenNothingHoldsALock() throws {
    try withStore { store, _ throws in
      let before = try store.changeToken()
      #expect(try store.saveSelectedDayWithoutWaiting(day("2024-05-01")))
      #expect(try store.selectedDay() == day("2024-05-01"))
      // The selection is no cached data: the change token stays.
      #expect(try store.changeToken() == before)
    }
  }

  @Test func answersAtOnceWhileAnotherConnectionHoldsTheWriteLock() throws {
    try withStore { store, _ throws in
      let other = try NoteStore(location: store.location)
      // The other connection holds the write lock for as long as its body runs.
      try other.inTransaction(.once) { () throws -> TransactionCompletion in
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        #expect(try !store.saveSelectedDayWithoutWaiting(day("2024-05-01")))
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let milliseconds =
          (end.tv_sec - start.tv_sec) * 1000 + (end.tv_nsec - start.tv_nsec) / 1_000_000
        // About time: the busy timeout is 3 s, so a save that waited takes at least 3 s; one
        // that did not takes a few milliseconds, and 500 ms leaves a hundredfold margin for a
        // busy machine while staying far below the wait.
        #expect(milliseconds < 500)
        return .rollback
      }
      #expect(try store.selectedDay() == nil)
      // Once the lock is gone, the same save goes through, and a later wait is normal again.
      #expect(try store.saveSelectedDayWithoutWaiting(day("2024-05-01")))
      #expect(try other.selectedDay() == day("2024-05-01"))
      try store.setSelectedDay(day("2024-05-02"))
      #expect(try other.selectedDay() == day("2024-05-02"))
    }
  }

  @Test func aCommitThatFindsAReaderInTheWayIsRolledBack() throws {
    try withStore { store, _ throws in
      let other = try NoteStore(location: store.location)
      let saved = try other.read { () throws -> Bool in
        _ = try other.selectedDay()  // holds a shared lock until the read ends
        return try store.saveSelectedDayWithoutWaiting(day("2024-05-01"))
      }
      // With the rollback journal a reader keeps the commit out (WAL lets it through).
      #expect(try store.selectedDay() == (saved ? day("2024-05-01") : nil))
      #expect(try store.saveSelectedDayWithoutWaiting(day("2024-05-01")))
      #expect(try other.selectedDay() == day("2024-05-01"))
    }
  }
}
