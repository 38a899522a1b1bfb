import CalendarPaging
import Interchange
import NoteModel

/// The sync state (migration 0005) and the changes a sync makes, for `calpager sync`.
///
/// A sync reads its sides in bounded pages (items by name, unsynced notes by uid) with no
/// transaction held while it reads or writes files, and applies each batch of changes in one
/// short write transaction (`applySync`), every change checked against the note as it is
/// then.
extension NoteStore {
  /// The id of the folder whose marker holds `token` in the sync state, and the path it was
  /// last synced at; nil when it was never synced (or has no marker).
  ///
  /// A folder is known by its marker's token, not its path: moved, renamed or reached
  /// through a bind mount, it is the same folder and continues its state (a first sync there
  /// would bring back the notes removed here since). A new folder at an old one's path has
  /// another token, or none.
  public func syncVdir(token: String?) throws -> (id: Int, path: String)? {
    guard let token else { return nil }
    return try mappingErrors {
      let statement = try database.prepare(
        "SELECT id, path FROM sync_vdirs WHERE token = ? ORDER BY id DESC LIMIT 1")
      try statement.bind([.text(token)])
      defer { statement.reset() }
      return try statement.step() ? (statement.int(at: 0), statement.string(at: 1)) : nil
    }
  }

  /// The number of notes the sync state of `vdir` holds items for.
  public func syncedNoteCount(vdir: Int) throws -> Int {
    try mappingErrors {
      try database.scalarInt(
        "SELECT count(*) FROM sync_items WHERE vdir = ? AND uid IS NOT NULL", [.int(vdir)]) ?? 0
    }
  }

  /// Up to `limit` items of `vdir` whose names sort after `name` (all when nil), by name,
  /// each with its note as it is now.
  ///
  /// A note whose version is the one recorded is not made into a value.
  ///
  /// - Complexity: One range query over the state and a lookup of each note by uid.
  public func syncedItems(vdir: Int, after name: String?, limit: Int) throws
    -> [(SyncedItem, NoteSinceSync)]
  {
    var items: [(SyncedItem, NoteSinceSync)] = []
    try read {
      try database.prepare(
        """
        SELECT s.name, s.uid, s.fingerprint, s.version, s.size, s.modified, s.inode, s.ignored,
          n.id, n.uid, n.day, n.body, n.created, n.updated, n.ical, s.changed
        FROM sync_items AS s LEFT JOIN notes AS n ON n.uid = s.uid
        WHERE s.vdir = ? AND s.name > ? ORDER BY s.name LIMIT ?
        """
      ).forEachRow([.int(vdir), .text(name ?? ""), .int(limit)]) { row in
        let item = NoteStore.syncedItem(from: row, changedAt: 15)
        guard !row.isNull(at: 8) else {
          items.append((item, .missing))
          return
        }
        let version = NoteStore.withFields(of: row, at: 8, NoteVersion.of)
        if version == item.version {
          items.append((item, .unchanged))
        } else {
          items.append((item, .changed(VersionedNote(NoteStore.note(from: row, at: 8)))))
        }
      }
    }
    return items
  }

  /// The item of `vdir` recorded for the note `uid`, if any.
  public func syncedItem(vdir: Int, uid: String) throws -> SyncedItem? {
    try mappingErrors {
      let statement = try database.prepare(
        """
        SELECT name, uid, fingerprint, version, size, modified, inode, ignored, changed
        FROM sync_items WHERE vdir = ? AND uid = ?
        """)
      try statement.bind([.int(vdir), .text(uid)])
      defer { statement.reset() }
      return try statement.step() ? NoteStore.syncedItem(from: statement, changedAt: 8) : nil
    }
  }

  /// The name of an item of `vdir` left alone (an event, a to-do) that carries the UID `uid`,
  /// if any.
  public func ignoredItem(vdir: Int, uid: String) throws -> String? {
    try mappingErrors {
      let statement = try database.prepare(
        "SELECT name FROM sync_items WHERE vdir = ? AND item_uid = ? ORDER BY name LIMIT 1")
      try statement.bind([.int(vdir), .text(uid)])
      defer { statement.reset() }
      return try statement.step() ? statement.string(at: 0) : nil
    }
  }

  /// Whether `vdir` has an item named `name` in the sync state.
  public func hasSyncedItem(vdir: Int, name: String) throws -> Bool {
    try mappingErrors {
      try database.scalarInt(
        "SELECT 1 FROM sync_items WHERE vdir = ? AND name = ?", [.int(vdir), .text(name)]) != nil
    }
  }

  /// The note with `uid` and its version, if there is one.
  public func versionedNote(uid: String) throws -> VersionedNote? {
    try mappingErrors { try NoteStore.versionedNote(uid: uid, in: database) }
  }

  static func versionedNote(uid: String, in database: Database) throws -> VersionedNote? {
    let statement = try database.prepare("SELECT \(noteColumns) FROM notes WHERE uid = ?")
    try statement.bind([.text(uid)])
    defer { statement.reset() }
    return try statement.step() ? VersionedNote(NoteStore.note(from: statement)) : nil
  }

  /// Up to `limit` notes with no item in `vdir` (every note when `vdir` is nil) whose uids
  /// sort after `uid`, by uid.
  ///
  /// - Complexity: A walk of the uid index with a lookup in the state for each note.
  public func unsyncedNotes(vdir: Int?, after uid: String, limit: Int) throws -> [VersionedNote] {
    var notes: [VersionedNote] = []
    try read {
      try database.prepare(
        """
        SELECT \(noteColumns) FROM notes AS n
        WHERE n.uid > ?
          AND NOT EXISTS (SELECT 1 FROM sync_items AS s WHERE s.vdir = ? AND s.uid = n.uid)
        ORDER BY n.uid LIMIT ?
        """
      ).forEachRow([.text(uid), .int(vdir ?? -1), .int(limit)]) { row in
        notes.append(VersionedNote(NoteStore.note(from: row)))
      }
    }
    return notes
  }

  /// Applies a sync's changes in one write transaction, each only while what it was planned
  /// from still holds.
  ///
  /// The first change registers the vdir; the first that adds, replaces or removes a note
  /// opens the sync's undo step, which every later batch of the same session joins, so that
  /// `undo` takes the whole sync back.
  ///
  /// - Returns: What became of each change, in order.
  /// - Throws: The store's errors; then nothing of the batch is kept.
  public func applySync(_ changes: [SyncChange], session: inout SyncSession) throws
    -> [SyncChangeOutcome]
  {
    guard !changes.isEmpty else { return [] }
    var updated = session
    let outcomes = try writing { database in
      var apply = SyncApplication(database: database, session: session)
      let outcomes = try changes.map { try apply.apply($0) }
      updated = apply.session
      return outcomes
    }
    session = updated
    return outcomes
  }

  /// Reads the state columns `name … ignored` at the start of `row`, and `changed` at
  /// `changedAt`.
  static func syncedItem(from row: Statement, changedAt: Int32) -> SyncedItem {
    SyncedItem(
      file: SyncFile(
        name: row.string(at: 0), fingerprint: row.string(at: 2),
        stat: FileStat(
          size: row.int(at: 4), modified: row.int(at: 5), inode: row.int(at: 6),
          changed: row.int(at: changedAt))),
      uid: row.optionalString(at: 1), version: row.isNull(at: 3) ? nil : row.int64(at: 3),
      ignoredReason: row.optionalString(at: 7))
  }

  /// Calls `body` with the fields of the note in `noteColumns` order from column `first`.
  static func withFields<R>(
    of row: Statement, at first: Int32, _ body: (NoteFields) throws -> R
  ) rethrows -> R {
    try row.withBytes(at: first + 1) { uid in
      try row.withBytes(at: first + 3) { text in
        try row.withOptionalBytes(at: first + 6) { ical in
          try body(
            NoteFields(
              id: row.int(at: first), uid: uid,
              day: Day(dayNumber: row.int(at: first + 2)) ?? .first, body: text,
              created: Timestamp(clamping: row.int(at: first + 4)),
              updated: Timestamp(clamping: row.int(at: first + 5)), ical: ical))
        }
      }
    }
  }
}

/// The changes of one batch, applied inside its write transaction.
private struct SyncApplication {
  let database: Database
  var session: SyncSession

  mutating func apply(_ change: SyncChange) throws -> SyncChangeOutcome {
    switch change {
    case .inStep(let file, let uid, let version, let item, let times):
      var recorded = version
      var noteID: Int?
      if let current = try note(uid: uid), current.version == version, let id = current.note.id {
        noteID = id
        var changed = current.note
        if case .set(let text) = item { changed.ical = text }
        if let times { changed.times = times }
        if changed != current.note {
          // Not an undo step: the note reads the same; its stored item and times follow the
          // file.
          try database.execute(
            "UPDATE notes SET ical = ?, created = ?, updated = ? WHERE id = ?",
            [
              .text(orNull: changed.ical), .int(changed.created.millisecondsSinceEpoch),
              .int(changed.updated.millisecondsSinceEpoch), .int(id),
            ])
          recorded = VersionedNote(changed).version
        }
      }
      guard try record(file, uid: uid, version: recorded) else { return .skipped }
      return .applied(noteID: noteID)

    case .take(let file, let incoming, let replacing, let copy):
      let current = try note(uid: incoming.uid)
      var stored = incoming
      if let replacing {
        guard let current, current.version == replacing, let id = current.note.id else {
          return .skipped
        }
        guard try canRecord(file.name, uid: incoming.uid) else { return .skipped }
        let action = try undoStep()
        try NoteStore.saveForUndo(current.note, action: action, in: database)
        if let copy, try note(uid: copy.uid) == nil { try add(copy) }
        try database.execute(
          "UPDATE notes SET day = ?, body = ?, created = ?, updated = ?, ical = ? WHERE id = ?",
          [
            .int(incoming.day.dayNumber), .text(incoming.body),
            .int(incoming.created.millisecondsSinceEpoch),
            .int(incoming.updated.millisecondsSinceEpoch), .text(orNull: incoming.ical), .int(id),
          ])
        stored.id = id
      } else {
        guard current == nil, try canRecord(file.name, uid: incoming.uid) else { return .skipped }
        stored.id = try add(incoming)
      }
      _ = try record(file, uid: incoming.uid, version: VersionedNote(stored).version)
      return .applied(noteID: stored.id)

    case .removeNote(let name, let uid, let version):
      guard let current = try note(uid: uid) else {
        try forget(name)
        return .applied(noteID: nil)
      }
      guard current.version == version, let id = current.note.id else { return .skipped }
      let action = try undoStep()
      try NoteStore.saveForUndo(current.note, action: action, in: database)
      try database.execute("DELETE FROM notes WHERE id = ?", [.int(id)])
      try forget(name)
      return .applied(noteID: id)

    case .forget(let name):
      try forget(name)
      return .applied(noteID: nil)

    case .restat(let name, let stat):
      guard let vdir = session.vdir else { return .skipped }
      try database.execute(
        """
        UPDATE sync_items SET size = ?, modified = ?, inode = ?, changed = ?
        WHERE vdir = ? AND name = ?
        """,
        [
          .int(stat.size), .int(stat.modified), .int(stat.inode), .int(stat.changed), .int(vdir),
          .text(name),
        ])
      return .applied(noteID: nil)

    case .ignore(let file, let reason, let itemUID):
      try upsert(file, uid: nil, version: nil, ignored: reason, itemUID: itemUID)
      return .applied(noteID: nil)

    case .reassign(let uid, let newUID, let version):
      guard let current = try note(uid: uid), current.version == version,
        let id = current.note.id, try note(uid: newUID) == nil
      else { return .skipped }
      let action = try undoStep()
      try NoteStore.saveForUndo(current.note, action: action, in: database)
      try database.execute("UPDATE notes SET uid = ? WHERE id = ?", [.text(newUID), .int(id)])
      return .applied(noteID: id)

    case .addCopy(let copy):
      guard try note(uid: copy.uid) == nil else { return .applied(noteID: nil) }
      return .applied(noteID: try add(copy))
    }
  }

  /// The note with `uid` and its version.
  func note(uid: String) throws -> VersionedNote? {
    try NoteStore.versionedNote(uid: uid, in: database)
  }

  /// Adds `note` with a new id as part of the sync's undo step; returns the id.
  @discardableResult
  mutating func add(_ note: Note) throws -> Int {
    let id = try NoteStore.takeNoteIDs(1, in: database)
    try NoteStore.insert(note, id: id, in: database)
    try database.execute(
      "INSERT INTO action_added (action, id) VALUES (?, ?)", [.int(try undoStep()), .int(id)])
    return id
  }

  /// The sync's undo step, opened at its first change to a note.
  mutating func undoStep() throws -> Int {
    if let action = session.action { return action }
    let action = try NoteStore.recordAction(
      "sync", at: Clock.nowMilliseconds(), added: nil, folder: session.path, in: database)
    session.action = action
    return action
  }

  /// The vdir's id, registered at the first change (the state of an older folder at the same
  /// path goes).
  mutating func vdir() throws -> Int {
    if let vdir = session.vdir {
      if session.recordedPath != session.path {
        // The folder moved: its state follows it, and takes the path from the state of a
        // folder that was there before (one folder per path, as for a new folder below).
        try database.execute(
          "DELETE FROM sync_vdirs WHERE path = ? AND id <> ?", [.text(session.path), .int(vdir)])
        try database.execute(
          "UPDATE sync_vdirs SET path = ? WHERE id = ?", [.text(session.path), .int(vdir)])
        session.recordedPath = session.path
      }
      return vdir
    }
    try database.execute("DELETE FROM sync_vdirs WHERE path = ?", [.text(session.path)])
    try database.execute(
      "INSERT INTO sync_vdirs (path, token) VALUES (?, ?)",
      [.text(session.path), .text(session.token)])
    let vdir = database.lastInsertedRowID
    session.vdir = vdir
    session.recordedPath = session.path
    return vdir
  }

  /// Whether the item `name` may be recorded for `uid`: no other item has that uid.
  mutating func canRecord(_ name: String, uid: String) throws -> Bool {
    try database.scalarInt(
      "SELECT 1 FROM sync_items WHERE vdir = ? AND uid = ? AND name <> ?",
      [.int(try vdir()), .text(uid), .text(name)]) == nil
  }

  /// Records `file` as in step with the note `uid` at `version`; false when another item
  /// has that uid.
  mutating func record(_ file: SyncFile, uid: String, version: Int64) throws -> Bool {
    guard try canRecord(file.name, uid: uid) else { return false }
    try upsert(file, uid: uid, version: version, ignored: nil)
    return true
  }

  mutating func upsert(
    _ file: SyncFile, uid: String?, version: Int64?, ignored: String?, itemUID: String? = nil
  ) throws {
    try database.execute(
      """
      INSERT INTO sync_items
        (vdir, name, uid, fingerprint, version, size, modified, inode, ignored, item_uid,
          changed)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (vdir, name) DO UPDATE SET uid = excluded.uid,
        fingerprint = excluded.fingerprint, version = excluded.version, size = excluded.size,
        modified = excluded.modified, inode = excluded.inode, ignored = excluded.ignored,
        item_uid = excluded.item_uid, changed = excluded.changed
      """,
      [
        .int(try vdir()), .text(file.name), .text(orNull: uid), .text(file.fingerprint),
        version.map { .integer($0) } ?? .null, .int(file.stat.size), .int(file.stat.modified),
        .int(file.stat.inode), .text(orNull: ignored), .text(orNull: itemUID),
        .int(file.stat.changed),
      ])
  }

  mutating func forget(_ name: String) throws {
    try database.execute(
      "DELETE FROM sync_items WHERE vdir = ? AND name = ?", [.int(try vdir()), .text(name)])
  }
}
