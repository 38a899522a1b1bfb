import CalendarPaging
import Interchange
import NoteModel

/// What `undo` reverted.
public struct UndoneAction: Sendable, Equatable {
  /// The kind of action: `add`, `edit`, `mv`, `rm`, `import` or `sync`.
  public let kind: String
  /// How many notes it had added (now removed again).
  public let removedCount: Int
  /// How many notes it had changed or removed (now restored).
  public let restoredCount: Int
  /// The notes as they are after the undo (the restored versions), by day and id.
  public let restored: [Note]
}

extension NoteStore {
  /// Records an action for `undo`: its kind, time and the ids of the notes it created; the
  /// history then keeps the last `undo-depth` actions (`trimHistory`).
  ///
  /// - Returns: The action's id, for `saveForUndo`.
  @discardableResult
  static func recordAction(
    _ kind: String, at time: Int, added: ClosedRange<Int>?, folder: String? = nil,
    in database: Database
  ) throws -> Int {
    try database.execute(
      "INSERT INTO actions (kind, at, first_added, last_added, folder) VALUES (?, ?, ?, ?, ?)",
      [
        .text(kind), .int(time), .int(added?.lowerBound), .int(added?.upperBound),
        .text(orNull: folder),
      ])
    let action = database.lastInsertedRowID
    try trimHistory(newest: action, in: database)
    return action
  }

  /// Keeps `note` as it is now, so undoing `action` can put it back.
  static func saveForUndo(_ note: Note, action: Int, in database: Database) throws {
    guard let id = note.id else { return }
    try database.execute(
      """
      INSERT OR IGNORE INTO action_notes (action, id, day, uid, body, created, updated, ical)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .int(action), .int(id), .int(note.day.dayNumber), .text(note.uid), .text(note.body),
        .int(note.created.millisecondsSinceEpoch), .int(note.updated.millisecondsSinceEpoch),
        .text(orNull: note.ical),
      ])
  }

  /// Reverts the most recent add, edit, mv, rm or import, or with `sync` the most recent
  /// sync; call again to go further back.
  ///
  /// A sync is the user's only when asked for: a sync run by a cron job would otherwise be
  /// what the next plain `undo` takes back, removing what another device sent. So a plain
  /// undo refuses a sync, and `sync` refuses anything else (the user meant that sync).
  ///
  /// - Returns: What was reverted.
  /// - Throws: `StoreError.nothingToUndo` when the history is empty,
  ///   `StoreError.lastChangeIsSync` when the last action is a sync and `sync` is false,
  ///   `StoreError.lastChangeIsNotSync` when it is not and `sync` is true.
  public func undo(sync: Bool = false) throws -> UndoneAction {
    try writing { database in
      let statement = try database.prepare(
        "SELECT id, kind, first_added, last_added, at, folder FROM actions ORDER BY id DESC LIMIT 1"
      )
      try statement.bind([])
      guard try statement.step() else {
        statement.reset()
        throw StoreError.nothingToUndo
      }
      let action = statement.int(at: 0)
      let kind = statement.string(at: 1)
      let added = statement.optionalInt(at: 2).flatMap { first in
        statement.optionalInt(at: 3).map { first...$0 }
      }
      let time = Timestamp(clamping: statement.int(at: 4))
      let folder = statement.optionalString(at: 5)
      statement.reset()
      if kind == "sync" && !sync {
        throw StoreError.lastChangeIsSync(folder: folder, at: time)
      }
      if kind != "sync" && sync { throw StoreError.lastChangeIsNotSync(kind: kind) }

      var removed = 0
      if let added {
        try database.execute(
          "DELETE FROM notes WHERE id BETWEEN ? AND ?",
          [.int(added.lowerBound), .int(added.upperBound)])
        removed = database.changes
      }
      // A sync records the notes it added one by one (see migration 0005).
      var addedOneByOne = Set<Int>()
      try database.prepare("SELECT id FROM action_added WHERE action = ?").forEachRow([
        .int(action)
      ]) { addedOneByOne.insert($0.int(at: 0)) }
      for id in addedOneByOne {
        try database.execute("DELETE FROM notes WHERE id = ?", [.int(id)])
        removed += database.changes
      }
      var restored: [Note] = []
      try database.prepare(
        "SELECT \(noteColumns) FROM action_notes WHERE action = ? ORDER BY day, id"
      ).forEachRow([.int(action)]) { restored.append(NoteStore.note(from: $0)) }
      // A note the action added and then changed (a sync's conflict copy) stays removed.
      restored.removeAll { note in
        guard let id = note.id else { return true }
        return added?.contains(id) == true || addedOneByOne.contains(id)
      }
      for note in restored {
        guard let id = note.id else { continue }
        try database.execute("DELETE FROM notes WHERE id = ?", [.int(id)])
        try NoteStore.insert(note, id: id, in: database)
      }
      try database.execute("DELETE FROM actions WHERE id = ?", [.int(action)])
      return UndoneAction(
        kind: kind, removedCount: removed, restoredCount: restored.count, restored: restored)
    }
  }

  /// The number of actions `undo` can revert.
  public func undoDepth() throws -> Int {
    try mappingErrors { try database.scalarInt("SELECT count(*) FROM actions") ?? 0 }
  }
}
