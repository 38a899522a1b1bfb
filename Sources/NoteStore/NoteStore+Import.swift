import CalendarPaging
import Interchange
import NoteModel

/// What an import did, or would do with `--dry-run`.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
  /// Notes that were not in the database.
  public var added = 0
  /// Notes replaced by a record with a newer `updated`.
  public var updated = 0
  /// Records equal to the note already stored.
  public var unchanged = 0
  /// Records that differ from the stored note but cannot replace it; it is kept.
  ///
  /// They are older, or have no `updated` to tell.
  public var skipped = 0
  /// Records in conflict with the stored note, which is kept.
  ///
  /// They have its `updated` but other content: two versions that cannot both be right.
  public var conflicts = 0
  /// The skipped records and the conflicts, in the order read: the first
  /// `NotImportedRecord.limit` of them.
  public var notImported: [NotImportedRecord] = []

  /// `3 added, 1 updated, 0 unchanged, 0 skipped`, and `, 1 conflict` when there are any.
  public var description: String {
    "\(added) added, \(updated) updated, \(unchanged) unchanged, \(skipped) skipped"
      + (conflicts == 0 ? "" : ", \(conflicts) conflict\(conflicts == 1 ? "" : "s")")
  }

  /// Counts a record that was not applied, keeping the first ones.
  mutating func keep(_ record: NotImportedRecord) {
    if case .conflict = record.reason { conflicts += 1 } else { skipped += 1 }
    if notImported.count < NotImportedRecord.limit { notImported.append(record) }
  }
}

/// A record an import did not apply, and why: named in the import's summary.
public struct NotImportedRecord: Sendable, Equatable, CustomStringConvertible {
  /// Why a record was not applied.
  public enum Reason: Sendable, Equatable, CustomStringConvertible {
    /// Its `updated` is before the stored note's.
    case older
    /// It has no `updated`, so it cannot replace a stored note that differs from it.
    case withoutUpdated
    /// Its `updated` equals the stored note's but its content differs.
    case conflict

    /// Why, in words: `older than the stored note`.
    public var description: String {
      switch self {
      case .older: return "older than the stored note, which was kept"
      case .withoutUpdated:
        return "it has no 'updated' to show it is newer than the stored note, which was kept"
      case .conflict:
        return "the stored note has the same 'updated' but other content; it was kept"
      }
    }
  }

  /// How many records a summary names; the counts cover all of them.
  public static let limit = 1000

  /// The line where the record starts.
  public let line: Int
  /// The record's uid (derived from its content when it had none).
  public let uid: String
  /// Why it was not applied.
  public let reason: Reason

  /// `skipped line 3 (uid 'a'): older than the stored note, which was kept`, or
  /// `conflict on line 4 (uid 'b'): …`.
  public var description: String {
    let kind = reason == .conflict ? "conflict on line" : "skipped line"
    return "\(kind) \(line) (uid '\(uid)'): \(reason)"
  }
}

extension NoteStore {
  /// Imports records in one transaction, idempotently by `uid`.
  ///
  /// A record whose uid is not stored is added. Against the note stored under its uid, a
  /// record with a newer `updated` replaces it (the old version kept for `undo`); one with the
  /// same content is unchanged (unless it brings an iCalendar item the note lacks: then the
  /// note takes it); one that is older, or that differs and has no `updated`, is
  /// skipped; one with the same `updated` and other content is a conflict. Skipped records and
  /// conflicts keep the stored note and are named in the summary.
  ///
  /// A record without a uid gets one derived from its content (`ContentUID`), so the same
  /// file imported twice finds its notes the second time. A record whose body has no visible
  /// text fails the import with its line (as the decoders refuse one). If `next` throws (a malformed record), nothing is
  /// kept. The whole import is one `undo` step.
  ///
  /// - Parameters:
  ///   - dryRun: Roll back at the end: count, change nothing.
  ///   - next: Returns the next record, nil at the end, or throws for a malformed one.
  /// - Returns: The counts.
  /// - Throws: What `next` threw, or the store's error; either way nothing changed.
  public func importRecords(dryRun: Bool = false, _ next: () throws -> DecodedNote?) throws
    -> ImportSummary
  {
    // Readers are never locked out by an import until its commit (issue 20, item 13). With
    // the rollback journal a writer holds only the reserved lock, which readers share, until
    // its dirty pages outgrow the page cache: SQLite then spills them into the file, which
    // takes the exclusive lock until the commit, and for a long import every `show`, `list`
    // and `search` failed as locked. With spilling off the pages stay in memory (the cache
    // grows with the import, about as much as the file: see the README) and readers wait only
    // for the commit itself. One transaction keeps the import all or nothing, a kill -9
    // included (the hot journal is rolled back at the next open).
    try mappingErrors { try database.execute("PRAGMA cache_spill = OFF") }
    defer { try? database.execute("PRAGMA cache_spill = ON") }
    // Once: the records `next` has handed out cannot be read again, so a commit that finds
    // the database busy fails the import instead of running it over an input already
    // consumed (which would import nothing and report success).
    return try mappingErrors {
      try unit(.once, { database in try NoteStore.importRecords(into: database, zone: zone, next) })
      {
        // Rolling back also when nothing changed keeps a repeated import from touching the
        // file at all (a commit would still bump the header's change counter).
        summary in dryRun || (summary.added == 0 && summary.updated == 0) ? .rollback : .commit
      }
    }
  }

  private static func importRecords(
    into database: Database, zone: LocalZone, _ next: () throws -> DecodedNote?
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
    var contentUIDs = ContentUID()
    while let record = try next() {
      guard record.body.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
        throw StoreError.emptyRecord(line: record.line)
      }
      guard record.body.utf8.count <= Note.maximumBodySize else {
        throw StoreError.recordTooLong(line: record.line, bytes: record.body.utf8.count)
      }
      // NoteDecoder gives every record a uid; one made by hand without one gets the same
      // content-derived uid.
      let uid = record.uid ?? contentUIDs.uid(day: record.day, body: record.body)
      try lookup.bind([.text(uid)])
      let existing = try lookup.step() ? note(from: lookup) : nil
      lookup.reset()
      guard let existing, let id = existing.id else {
        let created = record.created ?? record.updated ?? Timestamp(clamping: now)
        let updated =
          record.updated ?? Timestamp(clamping: max(now, created.millisecondsSinceEpoch))
        let incoming = Note(
          id: nil, uid: uid, day: record.day, body: record.body, created: created,
          updated: updated, ical: record.ical)
        try insert(incoming, id: nextID, countingDay: false, in: database)
        addedOnDay[incoming.day, default: 0] += 1
        firstAdded = firstAdded ?? nextID
        nextID += 1
        summary.added += 1
        continue
      }
      let sameContent =
        record.day == existing.day && record.body == existing.body
        && (record.created == nil || record.created == existing.created)
      guard let updated = record.updated else {
        // No time to compare: the record can only confirm the stored note, never replace it
        // (an import must not rewrite it, and reset its times, on every run).
        if sameContent {
          summary.unchanged += 1
        } else {
          summary.keep(NotImportedRecord(line: record.line, uid: uid, reason: .withoutUpdated))
        }
        continue
      }
      // A record without an iCalendar item never clears the one stored (a csv export carries
      // none); one that brings an item the stored note lacks gives it that item.
      var ical = record.ical ?? existing.ical
      if record.ical == nil, ical != nil, record.day != existing.day {
        // A record that moves the note without an item of its own: the move is written into
        // the stored item, as `mv` writes it.
        var moved = existing
        moved.day = record.day
        moved.body = record.body
        moved.updated = updated
        // A series no move keeps keeps its item as it was (the record still moves the note).
        ical = (try? ICalItem.moved(moved, from: existing.day, zone: zone)) ?? ical
      }
      if updated > existing.updated
        || (updated == existing.updated && sameContent
          && ical != existing.ical)
      {
        let created = record.created ?? existing.created
        try saveForUndo(existing, action: action, in: database)
        try database.execute(
          "UPDATE notes SET day = ?, body = ?, created = ?, updated = ?, ical = ? WHERE id = ?",
          [
            .int(record.day.dayNumber), .text(record.body),
            .int(created.millisecondsSinceEpoch), .int(updated.millisecondsSinceEpoch),
            .text(orNull: ical), .int(id),
          ])
        summary.updated += 1
      } else if updated == existing.updated {
        if sameContent {
          summary.unchanged += 1
        } else {
          summary.keep(NotImportedRecord(line: record.line, uid: uid, reason: .conflict))
        }
      } else {
        summary.keep(NotImportedRecord(line: record.line, uid: uid, reason: .older))
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
