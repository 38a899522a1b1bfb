import CalendarPaging
import Recurrence

/// A start or end as the index keeps it: what kind of time, and a number.
package struct StoredTime: Sendable, Hashable {
  /// What `value` counts.
  package enum Kind: Int, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    case instant = 0
    /// A wall-clock time, as seconds since 1970-01-01T00:00:00 on the wall.
    case floating = 1
    /// A day, as days since 1970-01-01.
    case day = 2
  }

  package var kind: Kind
  package var value: Int

  package init(kind: Kind, value: Int) {
    self.kind = kind
    self.value = value
  }
}

/// One occurrence of an event, expanded when its file or month was read and kept, so that a
/// page reads it without parsing its event or expanding its rule.
///
/// It holds the `Occurrence` itself, so that its fields are declared once (in `Recurrence`);
/// only the bounds are the index's own.
package struct StoredOccurrence: Sendable {
  package var occurrence: Occurrence
  /// Instants no placement of it in any zone starts before or ends after: where the R*Tree
  /// finds it.
  package var low: Int
  package var high: Int

  package init(_ occurrence: Occurrence, low: Int, high: Int) {
    self.occurrence = occurrence
    self.low = low
    self.high = high
  }
}

/// A kept occurrence as a page reads it: its calendar and event, and whether its file no longer
/// parses.
package struct IndexedOccurrence: Sendable {
  package let calendar: String
  package let uid: String
  package let isStale: Bool
  package let occurrence: Occurrence
}

extension EventIndex {
  /// Keeps `occurrences` of the event of row `series`; `month` is the month expanded, nil for
  /// an event that does not recur (kept with its file).
  static func insert(
    _ occurrences: [StoredOccurrence], series: Int, month: Int?, in database: Database
  ) throws {
    guard !occurrences.isEmpty else { return }
    let insert = try database.prepare(
      "INSERT INTO occurrences(series, month, start_kind, start, end_kind, end, rid_kind, rid, "
        + "rid_wall, override, summary, location, description, status, low, high) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for kept in occurrences {
      let occurrence = kept.occurrence
      let start = StoredTime(occurrence.start)
      let end = StoredTime(occurrence.end)
      let recurrenceID = occurrence.recurrenceID.map(StoredTime.init)
      let fields = occurrence.fields
      try insert.run([
        .int(series), month.map { .int($0) } ?? .null, .int(start.kind.rawValue),
        .int(start.value), .int(end.kind.rawValue), .int(end.value),
        recurrenceID.map { .int($0.kind.rawValue) } ?? .null,
        recurrenceID.map { .int($0.value) } ?? .null,
        occurrence.recurrenceWallClock.map { .int($0.secondsSinceEpoch) } ?? .null,
        .int(occurrence.isOverride ? 1 : 0),
        text(fields.summary), text(fields.location), text(fields.description),
        text(fields.status?.description), .int(kept.low), .int(kept.high),
      ])
    }
  }

  private static func text(_ value: String?) -> DatabaseValue {
    value.map { .text($0) } ?? .null
  }

  /// The kept occurrences whose bounds meet `window` (instants), of the calendars `names`.
  ///
  /// Those of events that do not recur, and with `recurring` those of the months expanded.
  /// Cancelled events and instances, and an event of a `UID` that a file of the same calendar
  /// with a smaller path also holds, are left out. `body` returns false to stop.
  ///
  /// - Complexity: O(log n + k) for the k occurrences whose bounds meet the window.
  package func occurrences(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool,
    _ body: (IndexedOccurrence) -> Bool
  ) throws {
    try forEachKept(
      "files.calendar, series.uid, files.failure IS NOT NULL, o.start_kind, o.start, "
        + "o.end_kind, o.end, o.rid_kind, o.rid, o.override, o.summary, o.location, "
        + "o.description, o.status", mayOverlap: window, calendars: names, recurring: recurring,
      where: Self.shownTest
    ) { row in
      func time(_ kind: Int32, _ value: Int32) -> OccurrenceTime? {
        row.optionalInt(at: kind).flatMap(StoredTime.Kind.init(rawValue:)).flatMap {
          StoredTime(kind: $0, value: row.int(at: value)).occurrenceTime
        }
      }
      // A row of numbers no time has (a damaged index) is passed over.
      guard let start = time(3, 4), let end = time(5, 6) else { return true }
      let occurrence = Occurrence(
        start: start, end: end, recurrenceID: time(7, 8),
        fields: EventFields(
          summary: row.optionalString(at: 10), location: row.optionalString(at: 11),
          description: row.optionalString(at: 12),
          status: row.optionalString(at: 13).map { EventStatus(parsing: $0) }),
        isOverride: row.int(at: 9) != 0)
      return body(
        IndexedOccurrence(
          calendar: row.string(at: 0), uid: row.string(at: 1), isStale: row.int(at: 2) != 0,
          occurrence: occurrence))
    }
  }

  /// The start and end of each kept occurrence whose bounds meet `window`, of the calendars
  /// `names` (nil: of every calendar the index holds), with its event's row.
  ///
  /// What marking days needs, without the tests for cancelled and twin events
  /// (`isShown(series:)` makes them, for the rows that would mark a day); cancelled instances
  /// are left out. `body` returns false to stop.
  ///
  /// - Complexity: Of every calendar, when the index holds no instance cancel, the bounds'
  ///   indexes cover what it reads: no occurrence, event or file row is visited, and a day's
  ///   look reads a page or two instead of one per occurrence.
  package func occurrenceTimes(
    mayOverlap window: Range<Int>, calendars names: [String]?, recurring: Bool,
    _ body: (_ series: Int, _ start: StoredTime, _ end: StoredTime) -> Bool
  ) throws {
    let columns = "series, start_kind, start, end_kind, end"
    let month = recurring ? "" : "AND month IS NULL "
    let sql =
      names != nil || mayHaveInstanceCancels
      ? Self.keptSQL(
        "o.series, o.start_kind, o.start, o.end_kind, o.end", recurring: recurring,
        calendars: names?.count, instanceCancels: mayHaveInstanceCancels)
      : "SELECT \(columns) FROM occurrences WHERE low >= ?3 AND low < ?1 AND high >= ?2 "
        + "AND NOT (\(Self.longTest)) \(month)UNION ALL SELECT \(columns) FROM occurrences "
        + "WHERE \(Self.longTest) AND low < ?1 AND high >= ?2 \(month)"
    try forEachKept(sql, mayOverlap: window, calendars: names ?? []) { row in
      guard let startKind = StoredTime.Kind(rawValue: row.int(at: 1)),
        let endKind = StoredTime.Kind(rawValue: row.int(at: 3))
      else { return true }
      return body(
        row.int(at: 0), StoredTime(kind: startKind, value: row.int(at: 2)),
        StoredTime(kind: endKind, value: row.int(at: 4)))
    }
  }

  /// Whether the event of row `series` shows: not cancelled, and no file of its calendar with
  /// a smaller path holds its `UID` (the tests `occurrences(mayOverlap:…)` makes).
  package func isShown(series: Int) throws -> Bool {
    try database.scalarInt(
      "SELECT 1 FROM series JOIN files ON files.id = series.file WHERE series.id = ? "
        + Self.shownTest, [.int(series)]) == 1
  }

  /// What leaves out a cancelled event (its `UID` cancelled by a file of its calendar), on a
  /// row of `series` and its `files`.
  static let notCancelledTest =
    "AND NOT EXISTS (SELECT 1 FROM cancelled JOIN files AS other "
    + "ON other.id = cancelled.file WHERE cancelled.uid = series.uid "
    + "AND other.calendar = files.calendar) "

  /// What leaves out a cancelled event and a twin (the same `UID` in a file of the calendar
  /// with a smaller path), on a row of `series` and its `files`.
  ///
  /// The twin test goes by UID (`CROSS JOIN`: by calendar and path it would walk every file of
  /// the calendar before it, for each row).
  static let shownTest =
    notCancelledTest
    + "AND NOT EXISTS (SELECT 1 FROM series AS twin CROSS JOIN files AS other "
    + "ON other.id = twin.file WHERE twin.uid = series.uid "
    + "AND other.calendar = files.calendar AND other.path < files.path)"

  /// Runs `row` on `columns` of the kept occurrences (`o`, with their `series` and `files`)
  /// whose bounds meet `window`, of the calendars `names`, that no instance cancel names and
  /// that pass `test` (SQL after `WHERE`'s other terms), while it returns true; with
  /// `recurring`, those of the months expanded too.
  ///
  /// The bounds' index drives the join (`CROSS JOIN`), so the cost follows the occurrences
  /// found: an occurrence no longer than `longOccurrence` starts at most that long before the
  /// window, a range of `occurrences_low`; the few longer ones have an index of their own.
  private func forEachKept(
    _ columns: String, mayOverlap window: Range<Int>, calendars names: [String],
    recurring: Bool, where test: String = "", _ row: (Statement) throws -> Bool
  ) throws {
    guard !names.isEmpty else { return }
    try forEachKept(
      Self.keptSQL(
        columns, recurring: recurring, calendars: names.count,
        instanceCancels: mayHaveInstanceCancels, where: test),
      mayOverlap: window, calendars: names, row)
  }

  /// The query of `forEachKept(_:mayOverlap:…)`: its parameters are the window's end and
  /// start, the start less `longOccurrence`, then the names of `calendars` calendars (nil:
  /// every calendar, no test); with `instanceCancels`, the occurrences an instance cancel
  /// names are left out.
  private static func keptSQL(
    _ columns: String, recurring: Bool, calendars: Int?, instanceCancels: Bool,
    where test: String = ""
  ) -> String {
    let calendarTest = calendars.map { count in
      "AND files.calendar IN (\((0..<count).map { "?\(4 + $0)" }.joined(separator: ", "))) "
    }
    return "SELECT \(columns) FROM (SELECT id FROM occurrences WHERE low >= ?3 AND low < ?1 "
      + "AND high >= ?2 AND NOT (\(longTest)) UNION ALL SELECT id FROM occurrences "
      + "WHERE \(longTest) AND low < ?1 AND high >= ?2) AS hit "
      + "CROSS JOIN occurrences AS o ON o.id = hit.id CROSS JOIN series "
      + "ON series.id = o.series CROSS JOIN files ON files.id = series.file WHERE 1 "
      + (recurring ? "" : "AND o.month IS NULL ") + (calendarTest ?? "")
      + (instanceCancels ? notCancelledInstanceTest : "") + test
  }

  /// Runs `row` on the rows of `sql`, a query of the kept occurrences that takes the
  /// parameters `keptSQL` says, while it returns true.
  private func forEachKept(
    _ sql: String, mayOverlap window: Range<Int>, calendars names: [String],
    _ row: (Statement) throws -> Bool
  ) throws {
    let statement = try database.prepare(sql)
    try statement.forEachRowWhile(
      [
        .int(window.upperBound), .int(window.lowerBound),
        .int(window.lowerBound - Self.longOccurrence),
      ] + names.map { .text($0) }, row)
  }

  /// The longest an occurrence's bounds may be and be found by the range of the bounds'
  /// index (the partial index `occurrences_long` holds those past it): three days, its
  /// condition as the schema writes it.
  static let longOccurrence = 259_200
  /// What makes an occurrence long, as the partial index `occurrences_long` says it.
  static let longTest = "high - low > \(longOccurrence)"
}
