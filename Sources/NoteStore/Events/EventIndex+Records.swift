import Glibc

/// What `stat` says about a calendar's folder or file, enough to tell that it changed: a
/// rename into a folder changes its modification and status-change times, an edit in place
/// changes a file's size, modification time or status-change time.
package struct PathStamp: Sendable, Hashable {
  /// The device and inode: the same folder reached by two paths has the same.
  package var device: Int
  package var inode: Int
  /// Bytes (0 for a folder: its size says nothing).
  package var size: Int
  /// The modification and status-change times, in nanoseconds since 1970.
  package var modified: Int
  package var changed: Int

  /// The stamp of a file that could not be stat-ed: no file has it.
  package static let unknown = PathStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0)
}

extension PathStamp {
  /// The stamp of what `stat` said as `info`: a folder's without its size.
  package init(_ info: stat, isFolder: Bool) {
    self.init(
      device: Int(bitPattern: UInt(info.st_dev)), inode: Int(bitPattern: UInt(info.st_ino)),
      size: isFolder ? 0 : Int(info.st_size),
      modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec,
      changed: info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec)
  }
}

/// A file of a calendar as the index last read it.
package struct IndexedFile: Sendable {
  package let path: String
  package let stamp: PathStamp
  /// Why the file's last version could not be read; its events are then those of its last
  /// readable version (if any), shown marked.
  package let failure: String?
  /// What in the file could not be used as written, a line each.
  package let problems: [String]
}

/// One event the index keeps: where it comes from, and its text.
package struct IndexedEvent: Sendable {
  /// Its row, which spans and occurrences name.
  package let id: Int
  package let calendar: String
  package let path: String
  package let uid: String
  /// A `VCALENDAR` holding this event alone.
  package let text: [UInt8]
  /// Whether its file fails to read now (this is its last readable version).
  package let isStale: Bool
  /// Whether it does not show.
  ///
  /// It is cancelled, or a twin of the same `UID` in a file of its calendar with a smaller
  /// path. Its occurrences are kept all the same, hidden, for the day that changes.
  package let isHidden: Bool
}

/// An event to keep: its `UID`, its text and bounds on its occurrences.
package struct EventRecord: Sendable {
  package var uid: String
  package var recurs: Bool
  /// No occurrence starts before this instant.
  package var firstStart: Int
  /// No occurrence ends after this instant; nil when it recurs without end.
  package var lastEnd: Int?
  package var text: [UInt8]
  /// Its occurrences, for an event that does not recur: what pages read.
  package var occurrences: [StoredOccurrence]
  /// The months of the year its occurrences may meet (`EventSeries.monthsOfYear`): a
  /// month's expansion passes over a recurring event of none of its months.
  package var months: Int

  package init(
    uid: String, recurs: Bool, firstStart: Int, lastEnd: Int?, text: [UInt8],
    occurrences: [StoredOccurrence] = [], months: Int = 0xFFF
  ) {
    self.uid = uid
    self.recurs = recurs
    self.firstStart = firstStart
    self.lastEnd = lastEnd
    self.text = text
    self.occurrences = occurrences
    self.months = months
  }
}

/// What `calendars` shows of a calendar's contents.
package struct CalendarCounts: Sendable, Hashable {
  package var files = 0
  package var events = 0
  package var recurring = 0
}

extension EventIndex {
  /// Runs `body`, the index's writes in it one transaction (an update of ten thousand files
  /// is one commit, not ten thousand).
  package func batch<T>(_ body: () throws -> T) throws -> T {
    try database.write(.retrying) { _ in try body() }
  }

  /// Runs `body`, the index's reads in it one snapshot: one lock taken and one check that the
  /// file is unchanged, for all of a page's queries, instead of one per query.
  ///
  /// Nothing in `body` may write (`isReading` tells code that would).
  package func reading<T>(_ body: () throws -> T) throws -> T {
    try database.read { _ in try body() }
  }

  /// Whether `reading`'s snapshot is open: a write must wait for its end.
  package var isReading: Bool { database.openTransaction?.kind == .read }

  /// The calendars recorded, each with the path and stamp it was read at: what tells, with one
  /// query, that no calendar changed, and which calendars the index holds.
  package func calendarStamps() throws -> [(name: String, path: String, stamp: PathStamp)] {
    var stamps: [(name: String, path: String, stamp: PathStamp)] = []
    try database.prepare("SELECT name, path, device, inode, modified, changed FROM calendars")
      .forEachRow { row in
        stamps.append(
          (
            row.string(at: 0), row.string(at: 1),
            PathStamp(
              device: row.int(at: 2), inode: row.int(at: 3), size: 0, modified: row.int(at: 4),
              changed: row.int(at: 5))
          ))
      }
    return stamps
  }

  /// The stamp recorded for calendar `name`'s path, and the path it was for.
  package func calendarStamp(_ name: String) throws -> (path: String, stamp: PathStamp)? {
    try calendarStamps().first { $0.name == name }.map { ($0.path, $0.stamp) }
  }

  /// Records calendar `name`'s path and stamp (after its files were brought up to date).
  ///
  /// Every file the index keeps belongs to a calendar recorded so: its files are written in
  /// the transaction that records it.
  package func setCalendarStamp(_ name: String, path: String, stamp: PathStamp) throws {
    try database.write(.retrying) { database in
      try database.execute(
        "INSERT OR REPLACE INTO calendars(name, path, device, inode, modified, changed) "
          + "VALUES (?, ?, ?, ?, ?, ?)",
        [
          .text(name), .text(path), .int(stamp.device), .int(stamp.inode), .int(stamp.modified),
          .int(stamp.changed),
        ])
    }
  }

  /// Forgets calendar `name` and everything read from it (its events, their occurrences and
  /// spans, its cancels: the foreign keys' cascades).
  package func removeCalendar(_ name: String) throws {
    try database.write(.retrying) { database in
      try database.execute("DELETE FROM files WHERE calendar = ?", [.text(name)])
      try database.execute("DELETE FROM calendars WHERE name = ?", [.text(name)])
    }
  }

  /// The files of calendar `name`, by path, with what `calendars` shows of them.
  package func files(of name: String) throws -> [IndexedFile] {
    var files: [IndexedFile] = []
    let statement = try database.prepare(
      "SELECT path, inode, size, modified, changed, failure, problems FROM files "
        + "WHERE calendar = ? ORDER BY path")
    try statement.forEachRow([.text(name)]) { row in
      let problems = row.string(at: 6)
      files.append(
        IndexedFile(
          path: row.string(at: 0), stamp: Self.stamp(row),
          failure: row.optionalString(at: 5),
          problems: problems.isEmpty ? [] : problems.split(separator: "\n").map(String.init)))
    }
    return files
  }

  /// The files of calendar `name` in the order of their paths' bytes (SQLite's `BINARY`), each
  /// with its stamp and whether it failed to read: what a scan compares a listing with.
  ///
  /// - Complexity: O(n) for the n files, read in the order of the `(calendar, path)` index.
  package func fileStamps(of name: String) throws -> [(
    path: String, stamp: PathStamp, failure: String?
  )] {
    var files: [(path: String, stamp: PathStamp, failure: String?)] = []
    let statement = try database.prepare(
      "SELECT path, inode, size, modified, changed, failure FROM files WHERE calendar = ? "
        + "ORDER BY path")
    try statement.forEachRow([.text(name)]) { row in
      files.append((row.string(at: 0), Self.stamp(row), row.optionalString(at: 5)))
    }
    return files
  }

  /// Calls `body` with each file of calendar `name`: its path's bytes, its stamp, and why it
  /// failed to read (nil when it did not), the bytes valid only inside `body`.
  ///
  /// What a scan of a folder in which little changed pairs with its listing without making a
  /// string of every path.
  package func forEachFileStamp(
    of name: String,
    _ body: (_ path: UnsafeBufferPointer<UInt8>, _ stamp: PathStamp, _ failure: String?) -> Void
  ) throws {
    try database.prepare(
      "SELECT path, inode, size, modified, changed, failure FROM files WHERE calendar = ?"
    ).forEachRow([.text(name)]) { row in
      let stamp = Self.stamp(row)
      let failure = row.optionalString(at: 5)
      row.withBytes(at: 0) { body($0, stamp, failure) }
    }
  }

  /// The stamp of a row whose columns 1…4 are a file's inode, size, modified and changed.
  private static func stamp(_ row: Statement) -> PathStamp {
    PathStamp(
      device: 0, inode: row.int(at: 1), size: row.int(at: 2), modified: row.int(at: 3),
      changed: row.int(at: 4))
  }

  /// Replaces what the index holds of the file `path` of calendar `name` by `events` read
  /// from its version `stamp`, with the `UID`s and the instances of other files' series its
  /// `METHOD:CANCEL` cancels.
  ///
  /// Its occurrences are kept shown: whether they show is for `refreshShown`, which the
  /// caller runs for the `UID`s this returns once its files are all written.
  ///
  /// - Returns: The rows of its recurring events, in order, which the caller expands over
  ///   `expandedMonths()`, and the `UID`s whose showing it may have changed (those the file
  ///   held or cancelled before, and holds or cancels now).
  @discardableResult
  package func replaceFile(
    calendar name: String, path: String, stamp: PathStamp, events: [EventRecord],
    cancelledUIDs: [String], cancelledInstances: [StoredCancel] = [], problems: [String]
  ) throws -> (recurring: [Int], touched: [String]) {
    var added: [Int] = []
    var touched: [String] = []
    try database.write(.retrying) { database in
      touched = try deleteFile(calendar: name, path: path, in: database)
      try database.execute(
        "INSERT INTO files(calendar, path, size, modified, inode, changed, failure, problems) "
          + "VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
        [
          .text(name), .text(path), .int(stamp.size), .int(stamp.modified), .int(stamp.inode),
          .int(stamp.changed), .text(problems.joined(separator: "\n")),
        ])
      let file = database.lastInsertedRowID
      let insertSeries = try database.prepare(
        "INSERT INTO series(file, uid, recurs, first_start, last_end, months, text) "
          + "VALUES (?, ?, ?, ?, ?, ?, ?)")
      for event in events {
        try insertSeries.run([
          .int(file), .text(event.uid), .int(event.recurs ? 1 : 0), .int(event.firstStart),
          .int(event.lastEnd ?? Self.openEnd), .int(event.months), .blob(event.text),
        ])
        let id = database.lastInsertedRowID
        touched.append(event.uid)
        if event.recurs {
          added.append(id)
        } else {
          try Self.insert(
            event.occurrences, series: id, calendar: name, uid: event.uid, month: nil,
            in: database)
        }
      }
      for uid in cancelledUIDs {
        try database.execute(
          "INSERT INTO cancelled(file, calendar, uid) VALUES (?, ?, ?)",
          [.int(file), .text(name), .text(uid)])
      }
      try Self.insert(cancelledInstances, file: file, calendar: name, in: database)
      touched += cancelledUIDs + cancelledInstances.map(\.uid)
    }
    return (added, touched)
  }

  /// Marks the file `path` as failing to read (`reason`), keeping the events of its last
  /// readable version, shown marked; a file never read is recorded with none.
  package func markFailing(calendar name: String, path: String, stamp: PathStamp, reason: String)
    throws
  {
    try database.write(.retrying) { database in
      try database.execute(
        "INSERT INTO files(calendar, path, size, modified, inode, changed, failure) "
          + "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(calendar, path) DO UPDATE SET "
          + "size = excluded.size, modified = excluded.modified, inode = excluded.inode, "
          + "changed = excluded.changed, failure = excluded.failure",
        [
          .text(name), .text(path), .int(stamp.size), .int(stamp.modified), .int(stamp.inode),
          .int(stamp.changed), .text(reason),
        ])
      try database.execute(
        "UPDATE occurrences SET stale = 1 WHERE series IN (SELECT series.id FROM series "
          + "JOIN files ON files.id = series.file WHERE files.calendar = ? AND files.path = ?) "
          + "AND stale = 0", [.text(name), .text(path)])
    }
  }

  /// Forgets the file `path` of calendar `name` (it was removed).
  ///
  /// - Returns: The `UID`s it held or cancelled, whose showing may have changed.
  @discardableResult
  package func removeFile(calendar name: String, path: String) throws -> [String] {
    try database.write(.retrying) { database in
      try deleteFile(calendar: name, path: path, in: database)
    }
  }

  /// Deletes the file `path` of calendar `name` and all read from it; returns the `UID`s it
  /// held or cancelled.
  private func deleteFile(calendar name: String, path: String, in database: Database) throws
    -> [String]
  {
    var uids: [String] = []
    try database.prepare(
      "SELECT series.uid FROM files JOIN series ON series.file = files.id "
        + "WHERE files.calendar = ?1 AND files.path = ?2 UNION ALL "
        + "SELECT c.uid FROM files JOIN cancelled AS c ON c.file = files.id "
        + "WHERE files.calendar = ?1 AND files.path = ?2 UNION ALL "
        + "SELECT c.uid FROM files JOIN cancelled_instances AS c ON c.file = files.id "
        + "WHERE files.calendar = ?1 AND files.path = ?2"
    ).forEachRow([.text(name), .text(path)]) { uids.append($0.string(at: 0)) }
    try database.execute(
      "DELETE FROM files WHERE calendar = ? AND path = ?", [.text(name), .text(path)])
    return uids
  }

  /// How many files, events and recurring events calendar `name` holds.
  package func counts(of name: String) throws -> CalendarCounts {
    var counts = CalendarCounts()
    counts.files =
      try database.scalarInt(
        "SELECT count(*) FROM files WHERE calendar = ?", [.text(name)]) ?? 0
    let statement = try database.prepare(
      "SELECT count(DISTINCT series.uid), count(DISTINCT CASE WHEN series.recurs THEN series.uid "
        + "END) FROM series JOIN files ON files.id = series.file WHERE files.calendar = ?")
    try statement.forEachRow([.text(name)]) { row in
      counts.events = row.int(at: 0)
      counts.recurring = row.int(at: 1)
    }
    return counts
  }

  /// The `UID`s that more than one file of calendar `name` holds, with those files' paths.
  package func duplicateUIDs(of name: String) throws -> [(uid: String, paths: [String])] {
    let statement = try database.prepare(
      "SELECT DISTINCT series.uid, files.path FROM series JOIN files ON files.id = series.file "
        + "WHERE files.calendar = ?1 AND series.uid IN (SELECT series.uid FROM series JOIN files "
        + "ON files.id = series.file WHERE files.calendar = ?1 GROUP BY series.uid "
        + "HAVING count(DISTINCT files.path) > 1) ORDER BY series.uid, files.path")
    var result: [(uid: String, paths: [String])] = []
    try statement.forEachRow([.text(name)]) { row in
      let uid = row.string(at: 0)
      if result.last?.uid == uid {
        result[result.count - 1].paths.append(row.string(at: 1))
      } else {
        result.append((uid, [row.string(at: 1)]))
      }
    }
    return result
  }
}
