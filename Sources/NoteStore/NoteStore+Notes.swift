import CalendarPaging
import Interchange
import NoteModel

/// The columns of a note, in the order `note(from:)` reads them.
let noteColumns = "id, uid, day, body, created, updated, ical"

extension NoteStore {
  /// Adds a note with `body` on `day`, and records the add for `undo`.
  ///
  /// - Returns: The new note.
  /// - Throws: `StoreError.emptyNote` for a body with no visible text; database errors.
  @discardableResult
  public func add(_ body: String, on day: Day) throws -> Note {
    try NoteStore.checkBody(body)
    return try writing { database in try NoteStore.insertNew(body, on: day, in: database) }
  }

  /// Replaces the body of note `id`, keeping the old version for `undo`; the same body is
  /// no change (see `change(id:body:day:)`).
  ///
  /// - Returns: The note as it is now.
  @discardableResult
  public func edit(id: Int, body: String) throws -> Note {
    try change(id: id, body: body).note
  }

  /// Moves note `id` to `day`, keeping the old version for `undo`; its own day is no change
  /// (see `change(id:body:day:)`).
  ///
  /// - Returns: The note as it is now.
  @discardableResult
  public func move(id: Int, to day: Day) throws -> Note {
    try change(id: id, day: day).note
  }

  /// Gives note `id` a new body or day (an `edit` or an `mv`), keeping the old version for
  /// `undo`.
  ///
  /// A change to what the note already holds is no change: nothing is written, `updated`
  /// keeps its time (a newer one would make a really newer version lose at import), and no
  /// undo step is added.
  ///
  /// - Parameters:
  ///   - id: The note's id.
  ///   - body: The new body; nil to keep it.
  ///   - day: The new day; nil to keep it.
  /// - Returns: The note as it is now, and whether it changed (false when it already had that
  ///   body and day).
  /// - Throws: `StoreError.noSuchNote`, `.emptyNote` for a body with no visible text; the
  ///   database's errors.
  @discardableResult
  public func change(id: Int, body: String? = nil, day: Day? = nil) throws -> (
    note: Note, changed: Bool
  ) {
    if let body { try NoteStore.checkBody(body) }
    return try writing { database in
      let old = try NoteStore.requireNote(id: id, in: database)
      var note = old
      note.body = body ?? old.body
      note.day = day ?? old.day
      guard note.body != old.body || note.day != old.day else {
        return (old, false)
      }
      let now = Clock.nowMilliseconds()
      note.updated = Timestamp(clamping: max(now, old.updated.millisecondsSinceEpoch))
      if note.day != old.day, old.ical != nil {
        // The move is written into the stored item now, in this zone: its day is never read
        // from the item again (see `ICalItem.moved`).
        do throws(SeriesMoveRefusal) {
          note.ical = try ICalItem.moved(note, from: old.day, zone: zone) ?? old.ical
        } catch {
          throw StoreError.cannotMoveSeries(id: id, reason: error.reason)
        }
      }
      let kind = body != nil ? "edit" : "mv"
      let action = try NoteStore.recordAction(kind, at: now, added: nil, in: database)
      try NoteStore.saveForUndo(old, action: action, in: database)
      try database.execute(
        "UPDATE notes SET day = ?, body = ?, updated = ?, ical = ? WHERE id = ?",
        [
          .int(note.day.dayNumber), .text(note.body), .int(note.updated.millisecondsSinceEpoch),
          .text(orNull: note.ical), .int(id),
        ])
      return (note, true)
    }
  }

  /// Removes note `id`, keeping it for `undo`.
  ///
  /// - Returns: The note as it was.
  @discardableResult
  public func remove(id: Int) throws -> Note {
    try writing { database in
      let note = try NoteStore.requireNote(id: id, in: database)
      let now = Clock.nowMilliseconds()
      let action = try NoteStore.recordAction("rm", at: now, added: nil, in: database)
      try NoteStore.saveForUndo(note, action: action, in: database)
      try database.execute("DELETE FROM notes WHERE id = ?", [.int(id)])
      return note
    }
  }

  /// The note with `id`, or nil.
  public func note(id: Int) throws -> Note? {
    try mappingErrors { try NoteStore.fetchNote(id: id, in: database) }
  }

  /// The notes of the days in `range`, by day and then in the order they were added.
  ///
  /// - Complexity: One indexed range query; O(log n + k) for k notes in the range.
  public func notes(in range: ClosedRange<Day>) throws -> [Note] {
    var notes: [Note] = []
    try mappingErrors {
      try database.prepare(
        "SELECT \(noteColumns) FROM notes WHERE day BETWEEN ? AND ? ORDER BY day, id"
      ).forEachRow([.int(range.lowerBound.dayNumber), .int(range.upperBound.dayNumber)]) {
        notes.append(NoteStore.note(from: $0))
      }
    }
    return notes
  }

  /// The number of notes on each day of `range`, the first day's first.
  ///
  /// - Complexity: One range query over `note_days`; O(log n + d) for d days with notes in
  ///   the range.
  public func noteCounts(in range: ClosedRange<Day>) throws -> [Int] {
    let first = range.lowerBound.dayNumber
    var counts = [Int](repeating: 0, count: range.upperBound.dayNumber - first + 1)
    try mappingErrors {
      try database.prepare(
        "SELECT day, notes FROM note_days WHERE day BETWEEN ? AND ?"
      ).forEachRow([.int(first), .int(range.upperBound.dayNumber)]) { row in
        counts[row.int(at: 0) - first] = row.int(at: 1)
      }
    }
    return counts
  }

  /// The nearest day after `day` (or before it, when `forward` is false) that has notes.
  public func nearestDayWithNotes(from day: Day, forward: Bool) throws -> Day? {
    let sql =
      forward
      ? "SELECT day FROM note_days WHERE day > ? ORDER BY day LIMIT 1"
      : "SELECT day FROM note_days WHERE day < ? ORDER BY day DESC LIMIT 1"
    return try mappingErrors {
      try database.scalarInt(sql, [.int(day.dayNumber)]).flatMap { Day(dayNumber: $0) }
    }
  }

  /// The number of notes stored.
  public func noteCount() throws -> Int {
    try mappingErrors { try database.scalarInt("SELECT count(*) FROM notes") ?? 0 }
  }
}

// MARK: - Rows

extension NoteStore {
  /// Checks what every note must be: some visible text, at most `Note.maximumBodySize`
  /// bytes.
  static func checkBody(_ body: String) throws {
    guard body.utf8.count <= Note.maximumBodySize else {
      throw StoreError.noteTooLong(bytes: body.utf8.count)
    }
    guard body.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      throw StoreError.emptyNote
    }
  }

  /// Hands out `count` consecutive note ids; ids are never reused, even after `undo`.
  static func takeNoteIDs(_ count: Int, in database: Database) throws -> Int {
    let first = try database.scalarInt("SELECT next_note_id FROM state WHERE singleton = 1") ?? 1
    try database.execute(
      "UPDATE state SET next_note_id = ? WHERE singleton = 1", [.int(first + count)])
    return first
  }

  /// Inserts `note` with `id`, adds it to the full-text indexes and, unless the caller
  /// counts the notes it inserts itself (an import, once at the end), to its day's count.
  ///
  /// There is no insert trigger (see the migrations). Call it inside a write transaction.
  static func insert(
    _ note: Note, id: Int, countingDay: Bool = true, in database: Database
  ) throws {
    try database.execute(
      "INSERT INTO notes (day, id, uid, body, created, updated, ical) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .int(note.day.dayNumber), .int(id), .text(note.uid), .text(note.body),
        .int(note.created.millisecondsSinceEpoch), .int(note.updated.millisecondsSinceEpoch),
        .text(orNull: note.ical),
      ])
    try database.execute(
      "INSERT INTO notes_fts (rowid, body) VALUES (?, ?)", [.int(id), .text(note.body)])
    try indexCJKText(of: note.body, id: id, in: database)
    if countingDay { try countNotes(1, on: note.day, in: database) }
  }

  /// Adds `count` notes to the count of `day` in `note_days` (see the migration: inserts are
  /// counted here, deletes and moves by triggers).
  static func countNotes(_ count: Int, on day: Day, in database: Database) throws {
    try database.execute(
      "INSERT INTO note_days (day, notes) VALUES (?, ?) "
        + "ON CONFLICT (day) DO UPDATE SET notes = notes + excluded.notes",
      [.int(day.dayNumber), .int(count)])
  }

  static func fetchNote(id: Int, in database: Database) throws -> Note? {
    let statement = try database.prepare("SELECT \(noteColumns) FROM notes WHERE id = ?")
    try statement.bind([.int(id)])
    defer { statement.reset() }
    return try statement.step() ? note(from: statement) : nil
  }

  static func requireNote(id: Int, in database: Database) throws -> Note {
    guard let note = try fetchNote(id: id, in: database) else {
      throw StoreError.noSuchNote(id: id)
    }
    return note
  }

  /// Reads a note from a row of `noteColumns`, starting at column `first`.
  static func note(from row: Statement, at first: Int32 = 0) -> Note {
    Note(
      id: row.int(at: first), uid: row.string(at: first + 1),
      day: Day(dayNumber: row.int(at: first + 2)) ?? .first, body: row.string(at: first + 3),
      created: Timestamp(clamping: row.int(at: first + 4)),
      updated: Timestamp(clamping: row.int(at: first + 5)),
      ical: row.optionalString(at: first + 6))
  }

  /// A random (version 4) UUID in lowercase hex, such as
  /// `0f8fad5b-d9cb-469f-a165-70867728950e`.
  static func makeUID() -> String {
    // Two 64-bit draws: SystemRandomNumberGenerator makes a getrandom(2) call per draw, and
    // sixteen one-byte draws were sixteen system calls per note.
    var generator = SystemRandomNumberGenerator()
    var random: (UInt64, UInt64) = (generator.next(), generator.next())
    return withUnsafeMutableBytes(of: &random) { bytes in
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      return String(unsafeUninitializedCapacity: 36) { text in
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
        var position = 0
        for index in 0..<16 {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[position] = UInt8(ascii: "-")
            position += 1
          }
          text[position] = hex(bytes[index] >> 4)
          text[position + 1] = hex(bytes[index] & 0x0F)
          position += 2
        }
        return position
      }
    }
  }
}
