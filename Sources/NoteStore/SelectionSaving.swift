/// When a move of the selected day is written to the database: the one rule for each way
/// calpager runs, which `NoteStore` applies.
///
/// A move is no change to the notes, and a commit costs a disk sync (about 4 ms with the
/// rollback journal), so only a one-shot command pays for its move at once; the line mode and
/// the full-screen view keep the move in memory (`NoteStore.unsavedSelection`) until a write
/// that commits anyway, or the end. Whatever the policy, every write saves a move not saved
/// yet in its own transaction, and a unit that rolls back takes back the moves made in it.
public enum SelectionSaving: Sendable, Hashable {
  /// In the write transaction of the move itself, with the page it reads (`calpager next`:
  /// one commit, and the page shown is the state saved).
  case withTheMove
  /// At the next write and when the session ends (`NoteStore.saveSelection()`): the line
  /// mode, where a script of paging lines commits nothing until it writes.
  case atNextWrite
  /// Soon, and never making a key wait: the full-screen view saves the move once the keys
  /// pause with `NoteStore.saveSelectionWithoutWaiting()` (no busy wait, no retry), tries
  /// again on its next tick when that found a lock, and saves at the end waiting as any
  /// command does; a note command's write saves it too.
  case soonWithoutWaiting

  /// Whether a move is written in the transaction that makes it.
  var savesWithTheMove: Bool { self == .withTheMove }
}
