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

  package init(device: Int, inode: Int, size: Int, modified: Int, changed: Int) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }
}

/// A file of a calendar as the index last read it.
package struct IndexedFile: Sendable {
  package let id: Int
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
  /// Its row, which spans name.
  package let id: Int
  package let calendar: String
  package let path: String
  package let uid: String
  /// A `VCALENDAR` holding this event alone.
  package let text: [UInt8]
  /// Whether its file fails to read now (this is its last readable version).
  package let isStale: Bool
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

  package init(
    uid: String, recurs: Bool, firstStart: Int, lastEnd: Int?, text: [UInt8],
    occurrences: [StoredOccurrence] = []
  ) {
    self.uid = uid
    self.recurs = recurs
    self.firstStart = firstStart
    self.lastEnd = lastEnd
    self.text = text
    self.occurrences = occurrences
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

  /// The stamps recorded for every calendar, with the path each was for: what tells, with one
  /// query, that no calendar changed.
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

  /// The names of the calendars recorded.
  package func calendarNames() throws -> [String] {
    var names: [String] = []
    // The files' calendars by a skip-scan of the (calendar, path) index: one step per
    // calendar, not a walk of every file.
    try database.prepare(
      "WITH RECURSIVE named(name) AS (SELECT min(calendar) FROM files UNION ALL "
        + "SELECT (SELECT min(calendar) FROM files WHERE calendar > named.name) FROM named "
        + "WHERE named.name IS NOT NULL) "
        + "SELECT name FROM calendars UNION SELECT name FROM named WHERE name IS NOT NULL"
    ).forEachRow { names.append($0.string(at: 0)) }
    return names
  }

  /// Forgets calendar `name` and everything read from it.
  package func removeCalendar(_ name: String) throws {
    try database.write(.retrying) { database in
      try Self.deleteExtents(
        of: "SELECT series.id FROM series JOIN files ON files.id = series.file "
          + "WHERE files.calendar = ?", [.text(name)], in: database)
      try database.execute("DELETE FROM files WHERE calendar = ?", [.text(name)])
      try database.execute("DELETE FROM calendars WHERE name = ?", [.text(name)])
    }
  }

  /// The files of calendar `name`, by path.
  package func files(of name: String) throws -> [String: IndexedFile] {
    var files: [String: IndexedFile] = [:]
    let statement = try database.prepare(
      "SELECT id, path, inode, size, modified, changed, failure, problems FROM files "
        + "WHERE calendar = ?")
    try statement.forEachRow([.text(name)]) { row in
      let problems = row.string(at: 7)
      let file = IndexedFile(
        id: row.int(at: 0), path: row.string(at: 1),
        stamp: PathStamp(
          device: 0, inode: row.int(at: 2), size: row.int(at: 3), modified: row.int(at: 4),
          changed: row.int(at: 5)),
        failure: row.optionalString(at: 6),
        problems: problems.isEmpty ? [] : problems.split(separator: "\n").map(String.init))
      files[file.path] = file
    }
    return files
  }

  /// Replaces what the index holds of the file `path` of calendar `name` by `events` read
  /// from its version `stamp`, with the `UID`s and the instances of other files' series its
  /// `METHOD:CANCEL` cancels; returns the rows of its recurring events, in order, which the
  /// caller expands over `expandedMonths()`.
  @discardableResult
  package func replaceFile(
    calendar name: String, path: String, stamp: PathStamp, events: [EventRecord],
    cancelledUIDs: [String], cancelledInstances: [StoredCancel] = [], problems: [String]
  ) throws -> [Int] {
    var added: [Int] = []
    try database.write(.retrying) { database in
      try deleteFile(calendar: name, path: path, in: database)
      try database.execute(
        "INSERT INTO files(calendar, path, size, modified, inode, changed, failure, problems) "
          + "VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
        [
          .text(name), .text(path), .int(stamp.size), .int(stamp.modified), .int(stamp.inode),
          .int(stamp.changed), .text(problems.joined(separator: "\n")),
        ])
      let file = database.lastInsertedRowID
      let insertSeries = try database.prepare(
        "INSERT INTO series(file, uid, recurs, first_start, last_end, text) "
          + "VALUES (?, ?, ?, ?, ?, ?)")
      let insertExtent = try database.prepare(
        "INSERT INTO series_extent(id, first_start, last_end) VALUES (?, ?, ?)")
      let insertRecurring = try database.prepare(
        "INSERT INTO recurring_extent(id, first_start, last_end) VALUES (?, ?, ?)")
      for event in events {
        let end = event.lastEnd ?? Self.openEnd
        try insertSeries.run([
          .int(file), .text(event.uid), .int(event.recurs ? 1 : 0), .int(event.firstStart),
          .int(end), .blob(event.text),
        ])
        let id = database.lastInsertedRowID
        try (event.recurs ? insertRecurring : insertExtent).run([
          .int(id), .int(event.firstStart), .int(end),
        ])
        if event.recurs {
          added.append(id)
        } else {
          try Self.insert(event.occurrences, series: id, month: nil, in: database)
        }
      }
      for uid in cancelledUIDs {
        try database.execute(
          "INSERT INTO cancelled(file, uid) VALUES (?, ?)", [.int(file), .text(uid)])
      }
      try Self.insert(cancelledInstances, file: file, calendar: name, in: database)
      if !cancelledInstances.isEmpty { mayHaveInstanceCancels = true }
    }
    return added
  }

  /// Marks the file `path` as failing to read (`reason`), keeping the events of its last
  /// readable version; a file never read is recorded with none.
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
    }
  }

  /// Forgets the file `path` of calendar `name` (it was removed).
  package func removeFile(calendar name: String, path: String) throws {
    try database.write(.retrying) { database in
      try deleteFile(calendar: name, path: path, in: database)
    }
  }

  private func deleteFile(calendar name: String, path: String, in database: Database) throws {
    try Self.deleteExtents(
      of: "SELECT series.id FROM series JOIN files ON files.id = series.file "
        + "WHERE files.calendar = ? AND files.path = ?", [.text(name), .text(path)], in: database)
    try database.execute(
      "DELETE FROM files WHERE calendar = ? AND path = ?", [.text(name), .text(path)])
  }

  /// The events that may have an occurrence in `window` (instants), of the calendars in
  /// `names`, cancelled ones left out, whose occurrences are not kept: recurring ones by
  /// their spans in the months expanded (the caller expands the window's months first), and
  /// with `allRecurring` every recurring event whose bounds meet the window instead; with
  /// `oneOff`, also the events that do not recur, by their bounds.
  ///
  /// - Complexity: O(log n + k) for k events whose bounds or spans meet the window.
  package func events(
    mayOverlap window: Range<Int>, calendars names: [String], allRecurring: Bool = false,
    oneOff: Bool = false
  ) throws -> [IndexedEvent] {
    let recurring =
      allRecurring
      ? "SELECT id FROM recurring_extent WHERE first_start < ?1 AND last_end >= ?2"
      : "SELECT spans.series AS id FROM span_extent JOIN spans ON spans.id = span_extent.id "
        + "WHERE span_extent.start < ?1 AND span_extent.end >= ?2"
    return try events(
      ids: (oneOff
        ? "SELECT id FROM series_extent WHERE first_start < ?1 AND last_end >= ?2 UNION " : "")
        + recurring,
      [.int(window.upperBound), .int(window.lowerBound)], calendars: names)
  }

  /// The recurring events (of any calendar) whose bounds meet `window`: those a month
  /// expanded needs spans of.
  package func recurringEvents(mayOverlap window: Range<Int>) throws -> [IndexedEvent] {
    try events(
      ids: "SELECT id FROM recurring_extent WHERE first_start < ?1 AND last_end >= ?2",
      [.int(window.upperBound), .int(window.lowerBound)],
      calendars: nil)
  }

  /// The recurring events of rows `ids`.
  package func recurringEvents(ids: [Int]) throws -> [IndexedEvent] {
    guard !ids.isEmpty else { return [] }
    return try events(
      ids: "SELECT id FROM series WHERE id IN (\(ids.map(String.init).joined(separator: ", ")))",
      [],
      calendars: nil)
  }

  /// The months (`year * 12 + month - 1`) whose spans are recorded.
  package func expandedMonths() throws -> Set<Int> {
    var months: Set<Int> = []
    try database.prepare("SELECT month FROM expanded_months").forEachRow {
      months.insert($0.int(at: 0))
    }
    return months
  }

  /// Records the occurrences and spans of recurring events, and `months` as expanded.
  ///
  /// `series` is an event's row; `start...end` bounds its occurrences in `month`, for an
  /// event with too many to keep.
  package func addSpans(
    _ spans: [(series: Int, month: Int, start: Int, end: Int)],
    occurrences: [(series: Int, month: Int, occurrences: [StoredOccurrence])] = [],
    expanding months: [Int]
  ) throws {
    try database.write(.retrying) { database in
      for kept in occurrences {
        try Self.insert(kept.occurrences, series: kept.series, month: kept.month, in: database)
      }
      let insertSpan = try database.prepare("INSERT INTO spans(series, month) VALUES (?, ?)")
      let insertExtent = try database.prepare(
        "INSERT INTO span_extent(id, start, end) VALUES (?, ?, ?)")
      for span in spans {
        try insertSpan.run([.int(span.series), .int(span.month)])
        try insertExtent.run([.int(database.lastInsertedRowID), .int(span.start), .int(span.end)])
      }
      for month in months {
        try database.execute(
          "INSERT OR IGNORE INTO expanded_months(month) VALUES (?)", [.int(month)])
      }
    }
  }

  /// Whether any event keeps spans instead of its occurrences (one with too many in a month
  /// expanded): else a page has no event to expand.
  package func hasSpans() throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM spans)") == 1
  }

  /// Forgets every span and expanded month (too many months were expanded).
  package func removeSpans() throws {
    try database.write(.retrying) { database in
      try database.execute(
        script: "DELETE FROM span_extent; DELETE FROM spans; "
          + "DELETE FROM occurrences WHERE month IS NOT NULL; DELETE FROM expanded_months")
    }
  }

  /// Deletes the R*Tree rows and spans of the events `query` selects (virtual tables have
  /// no foreign keys).
  static func deleteExtents(of query: String, _ values: [DatabaseValue], in database: Database)
    throws
  {
    try database.execute("DELETE FROM series_extent WHERE id IN (\(query))", values)
    try database.execute("DELETE FROM recurring_extent WHERE id IN (\(query))", values)
    try database.execute(
      "DELETE FROM span_extent WHERE id IN (SELECT id FROM spans WHERE series IN (\(query)))",
      values)
  }

  /// The events of the rows `ids` (a query) selects, of the calendars `names` (nil: any).
  ///
  /// The rows drive the join (`CROSS JOIN` keeps SQLite from walking every file of the
  /// calendars instead): the cost follows the events found, not the calendars' size.
  private func events(
    ids: String, _ values: [DatabaseValue], calendars names: [String]?
  ) throws -> [IndexedEvent] {
    if names?.isEmpty == true { return [] }
    let first = values.count + 1
    let placeholders =
      names.map { names in
        "AND files.calendar IN ("
          + names.indices.map { "?\(first + $0)" }.joined(separator: ", ") + ") "
      } ?? ""
    let statement = try database.prepare(
      "SELECT files.calendar, files.path, series.uid, series.text, files.failure IS NOT NULL, "
        + "series.id "
        + "FROM (\(ids)) AS hit CROSS JOIN series ON series.id = hit.id CROSS JOIN files "
        + "ON files.id = series.file WHERE 1 " + placeholders
        + Self.notCancelledTest + "ORDER BY files.calendar, series.uid, files.path")
    var events: [IndexedEvent] = []
    try statement.forEachRow(values + (names ?? []).map { .text($0) }) { row in
      events.append(
        IndexedEvent(
          id: row.int(at: 5), calendar: row.string(at: 0), path: row.string(at: 1),
          uid: row.string(at: 2), text: row.blob(at: 3), isStale: row.int(at: 4) != 0))
    }
    return events
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
