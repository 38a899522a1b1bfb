import CalendarPaging
import NoteModel

/// What saving the text of an editor opened on a note did (`NoteStore.save(_:over:)`).
public enum EditorSave: Sendable, Hashable {
  /// The note had not changed meanwhile and now has the editor's text.
  case edited(Note)
  /// The editor's text is what the note already holds: nothing was written.
  case unchanged(Note)
  /// The note changed while the editor was open: it keeps that change, and the editor's text
  /// became a new note (`added`) on the note's day, as sync keeps both sides of a conflict.
  case keptBoth(current: Note, added: Note)
  /// The note was removed while the editor was open: the editor's text became a new note on
  /// the day it was on.
  case removedMeanwhile(added: Note)
}

extension NoteStore {
  /// Saves `body`, written in an editor opened on `original`, without losing what changed
  /// while the editor was open.
  ///
  /// An editor can stay open for hours while a sync or another process changes the note;
  /// replacing that change with the editor's text would lose it without a word. So the check
  /// and the write are one transaction: the note is edited only when it is still `original`
  /// (same text, day and time of change); otherwise the editor's text is added as a new note
  /// beside it, and the caller says so.
  ///
  /// - Throws: `StoreError.emptyNote`, `.noteTooLong`; the database's errors.
  public func save(_ body: String, over original: Note) throws -> EditorSave {
    try NoteStore.checkBody(body)
    guard let id = original.id else { throw StoreError.noSuchNote(id: 0) }
    return try writing { database in
      guard let current = try NoteStore.fetchNote(id: id, in: database) else {
        return .removedMeanwhile(
          added: try NoteStore.insertNew(body, on: original.day, in: database))
      }
      if current.body == body { return .unchanged(current) }
      guard
        current.body == original.body && current.day == original.day
          && current.updated == original.updated
      else {
        return .keptBoth(
          current: current, added: try NoteStore.insertNew(body, on: current.day, in: database))
      }
      let now = Clock.nowMilliseconds()
      var note = current
      note.body = body
      note.updated = Timestamp(clamping: max(now, current.updated.millisecondsSinceEpoch))
      let action = try NoteStore.recordAction("edit", at: now, added: nil, in: database)
      try NoteStore.saveForUndo(current, action: action, in: database)
      try database.execute(
        "UPDATE notes SET body = ?, updated = ? WHERE id = ?",
        [.text(note.body), .int(note.updated.millisecondsSinceEpoch), .int(id)])
      return .edited(note)
    }
  }

  /// Inserts a new note with `body` on `day` and records the add for `undo`; call it inside
  /// a write transaction.
  static func insertNew(_ body: String, on day: Day, in database: Database) throws -> Note {
    let now = Clock.nowMilliseconds()
    let id = try takeNoteIDs(1, in: database)
    let note = Note(
      id: id, uid: makeUID(), day: day, body: body, created: Timestamp(clamping: now),
      updated: Timestamp(clamping: now))
    try insert(note, id: id, in: database)
    try recordAction("add", at: now, added: id...id, in: database)
    return note
  }
}
