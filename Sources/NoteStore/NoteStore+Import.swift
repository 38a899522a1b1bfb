import CalendarPaging
import Interchange

/// What an import did, or would do with `--dry-run`.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
  /// Notes that were not in the database.
  public var added = 0
  /// Notes replaced by a record with a newer `updated`.
  public var updated = 0
  /// Records equal to the note already stored.
  public var unchanged = 0
  /// Records older than the note already stored, left alone.
  public var skipped = 0

  /// Creates a summary.
  public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, skipped: Int = 0) {
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
    self.skipped = skipped
  }

  /// `3 added, 1 updated, 0 unchanged, 0 skipped`.
  public var description: String {
    "\(added) added, \(updated) updated, \(unchanged) unchanged, \(skipped) skipped"
  }
}

extension NoteStore {
  /// Imports records in one transaction, idempotently by `uid`.
  ///
  /// A record whose uid is not stored is added; one whose `updated` is newer than the stored
  /// note's replaces it (the old version kept for `undo`); an equal one is unchanged (unless it
  /// brings an iCalendar item the stored note lacks: then that item is stored); an older one is
  /// skipped. A record without an iCalendar item (`DecodedNote.ical`) keeps the one stored. A record without a uid gets a new one. If `next` throws (a
  /// malformed record), nothing is kept. The whole import is one `undo` step.
  ///
  /// - Parameters:
  ///   - dryRun: Roll back at the end: count, change nothing.
  ///   - next: Returns the next record, nil at the end, or throws for a malformed one.
  /// - Returns: The counts.
  /// - Throws: What `next` threw, or the store's error; either way nothing changed.
  public func importRecords(dryRun: Bool = false, _ next: () throws -> DecodedNote?) throws
    -> ImportSummary
  {
    // Rolling back also when nothing changed keeps a repeated import from touching the file
    // at all (a commit would still bump the header's change counter).
    struct RollBack: Error { let summary: ImportSummary }
    do {
      // Once: the records `next` has handed out cannot be read again, so a commit that finds
      // the database busy fails the import instead of running it over an input already
      // consumed (which would import nothing and report success).
      return try performWriteOnce { database in
        let summary = try NoteStore.importRecords(into: database, next)
        if dryRun || (summary.added == 0 && summary.updated == 0) {
          throw RollBack(summary: summary)
        }
        return summary
      }
    } catch let rollBack as RollBack {
      return rollBack.summary
    }
  }

  private static func importRecords(
    into database: Database, _ next: () throws -> DecodedNote?
  ) throws -> ImportSummary {
    var summary = ImportSummary()
    let now = Clock.nowMilliseconds()
    let action = try recordAction("import", at: now, added: nil, in: database)
    var firstAdded: Int?
    var nextID = try database.scalarInt("SELECT next_note_id FROM state WHERE singleton = 1") ?? 1
    let lookup = try database.prepare("SELECT \(noteColumns) FROM notes WHERE uid = ?")
    // The notes added on each day, counted once at the end: a count statement per note cost
    // 16 % of an import.
    var addedOnDay: [Day: Int] = [:]
    while let record = try next() {
      let uid = record.uid ?? makeUID()
      try lookup.bind([.text(uid)])
      let existing = try lookup.step() ? note(from: lookup) : nil
      lookup.reset()
      let created = record.created ?? record.updated ?? Timestamp(clamping: now)
      let updated = record.updated ?? Timestamp(clamping: max(now, created.millisecondsSinceEpoch))
      let incoming = Note(
        id: nil, uid: uid, day: record.day, body: record.body, created: created,
        updated: updated, ical: record.ical)
      guard let existing, let id = existing.id else {
        try insert(incoming, id: nextID, countingDay: false, in: database)
        addedOnDay[incoming.day, default: 0] += 1
        firstAdded = firstAdded ?? nextID
        nextID += 1
        summary.added += 1
        continue
      }
      // A record without an item never clears the one stored (a csv export carries none).
      let ical = record.ical ?? existing.ical
      // A record that gives no times (a CSV with only day and body) matches on its text: its
      // times are the import's, so it would always look newer.
      let sameText = incoming.day == existing.day && incoming.body == existing.body
      let sameNote =
        sameText
        && (record.updated == nil
          || (incoming.updated == existing.updated && incoming.created == existing.created))
      if (incoming.updated > existing.updated && !(sameNote && record.updated == nil))
        || (sameNote && ical != existing.ical)
      {
        try saveForUndo(existing, action: action, in: database)
        try database.execute(
          "UPDATE notes SET day = ?, body = ?, created = ?, updated = ?, ical = ? WHERE id = ?",
          [
            .int(incoming.day.dayNumber), .text(incoming.body),
            .int(created.millisecondsSinceEpoch),
            .int(updated.millisecondsSinceEpoch), .text(orNull: ical), .int(id),
          ])
        summary.updated += 1
      } else if sameNote {
        summary.unchanged += 1
      } else {
        summary.skipped += 1
      }
    }
    for (day, count) in addedOnDay {
      try countNotes(count, on: day, in: database)
    }
    try database.execute(
      "UPDATE state SET next_note_id = ? WHERE singleton = 1", [.int(nextID)])
    if let firstAdded {
      try database.execute(
        "UPDATE actions SET first_added = ?, last_added = ? WHERE id = ?",
        [.int(firstAdded), .int(nextID - 1), .int(action)])
    }
    return summary
  }
}
