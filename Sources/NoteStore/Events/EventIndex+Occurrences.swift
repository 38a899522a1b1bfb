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
}

/// One occurrence of an event, expanded when its file or month was read and kept, so that a
/// page reads it without parsing its event or expanding its rule.
///
/// It holds the `Occurrence` itself, so that its fields are declared once (in `Recurrence`);
/// only the bounds and whether an instance cancel names it are the index's own.
package struct StoredOccurrence: Sendable {
  package var occurrence: Occurrence
  /// Instants no placement of it in any zone starts before or ends after: where the page's
  /// query finds it.
  package var low: Int
  package var high: Int
  /// Whether a `METHOD:CANCEL` of its calendar names this instance: kept, hidden.
  package var isCancelled: Bool

  package init(_ occurrence: Occurrence, low: Int, high: Int, isCancelled: Bool = false) {
    self.occurrence = occurrence
    self.low = low
    self.high = high
    self.isCancelled = isCancelled
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
  /// Keeps `occurrences` of the event of row `series`, `uid` of `calendar`, which shows unless
  /// `hidden` and reads unless `stale`; `month` is the month expanded, nil for an event that
  /// does not recur (kept with its file).
  ///
  /// Each row holds all a page reads of it: the page's query visits no other.
  static func insert(
    _ occurrences: [StoredOccurrence], series: Int, calendar: String, uid: String,
    hidden: Bool = false, stale: Bool = false, month: Int?, in database: Database
  ) throws {
    guard !occurrences.isEmpty else { return }
    let insert = try database.prepare(
      "INSERT INTO occurrences(low, series, number, high, month, calendar, uid, hidden, stale, "
        + "start_kind, start, end_kind, end, rid_kind, rid, rid_wall, override, summary, "
        + "location, description, status) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    // An occurrence's number tells it from the others of its event kept with the same `low`:
    // its place among those kept with its file, or in its month (fewer than 64).
    let first = month.map { $0 * 64 } ?? 0
    for (place, kept) in occurrences.enumerated() {
      let occurrence = kept.occurrence
      let start = StoredTime(occurrence.start)
      let end = StoredTime(occurrence.end)
      let recurrenceID = occurrence.recurrenceID.map(StoredTime.init)
      let fields = occurrence.fields
      try insert.run([
        .int(kept.low), .int(series), .int(first + place), .int(kept.high),
        month.map { .int($0) } ?? .null, .text(calendar), .text(uid),
        .int(hidden || kept.isCancelled ? 1 : 0), .int(stale ? 1 : 0),
        .int(start.kind.rawValue), .int(start.value), .int(end.kind.rawValue), .int(end.value),
        recurrenceID.map { .int($0.kind.rawValue) } ?? .null,
        recurrenceID.map { .int($0.value) } ?? .null,
        occurrence.recurrenceWallClock.map { .int($0.secondsSinceEpoch) } ?? .null,
        .int(occurrence.isOverride ? 1 : 0),
        text(fields.summary), text(fields.location), text(fields.description),
        text(fields.status?.description),
      ])
    }
  }

  private static func text(_ value: String?) -> DatabaseValue {
    value.map { .text($0) } ?? .null
  }

  /// The kept occurrences that show whose bounds meet `window` (instants), of the calendars
  /// `names`, and whose times pass `times`.
  ///
  /// Those of events that do not recur, and with `recurring` those of the months expanded;
  /// with `long`, the index may hold long ones (`longOccurrence`): they are looked for too.
  /// `body` returns false to stop.
  ///
  /// `times` sees an occurrence's start and end before anything else of it is read: the
  /// bounds hold in every zone, so some of what they find is not in the window in the user's.
  ///
  /// - Complexity: O(log n + k) for the k occurrences whose bounds meet the window, read in
  ///   the order they are stored: no other row is visited.
  package func occurrences(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    times: (_ start: OccurrenceTime, _ end: OccurrenceTime) -> Bool,
    _ body: (IndexedOccurrence) -> Bool
  ) throws {
    try forEachKept(mayOverlap: window, calendars: names, recurring: recurring, long: long) {
      row in
      func time(_ kind: Int32, _ value: Int32) -> OccurrenceTime? {
        row.optionalInt(at: kind).flatMap(StoredTime.Kind.init(rawValue:)).flatMap {
          StoredTime(kind: $0, value: row.int(at: value)).occurrenceTime
        }
      }
      // A row of numbers no time has (a damaged index) is passed over.
      guard let start = time(3, 4), let end = time(5, 6), times(start, end) else { return true }
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

  /// The start and end of each kept occurrence that shows whose bounds meet `window`, of the
  /// calendars `names`.
  ///
  /// What marking days needs. `body` returns false to stop.
  ///
  /// They come latest first: those that start in the window, which cover it unless their
  /// bounds' slack for the user's zone misled, before those that start earlier, most of which
  /// ended before it.
  ///
  /// - Complexity: as `occurrences(mayOverlap:…)` (the same query: one preparing serves
  ///   both), four of its columns read a row; a look that stops at the first that covers the
  ///   window reads a row or two.
  package func occurrenceTimes(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    _ body: (_ start: StoredTime, _ end: StoredTime) -> Bool
  ) throws {
    try forEachKept(mayOverlap: window, calendars: names, recurring: recurring, long: long) {
      row in
      guard let startKind = StoredTime.Kind(rawValue: row.int(at: 3)),
        let endKind = StoredTime.Kind(rawValue: row.int(at: 5))
      else { return true }
      return body(
        StoredTime(kind: startKind, value: row.int(at: 4)),
        StoredTime(kind: endKind, value: row.int(at: 6)))
    }
  }

  /// Runs `row` on the columns `keptColumns` names of the kept occurrences that show whose
  /// bounds meet `window`, of the calendars `names`, latest first, while it returns true.
  ///
  /// An occurrence no longer than `longOccurrence` starts at most that long before the window:
  /// a range of the table's key, read from its end (no sort); the longer ones, with `long`,
  /// are found after them, by an index of their own.
  ///
  /// The queries are kept simple and few (each costs a process its preparing, more than its
  /// rows): a page's events and its marks read the same query, and the calendars are tested
  /// here, on the rows found.
  private func forEachKept(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    _ row: (Statement) throws -> Bool
  ) throws {
    guard !names.isEmpty else { return }
    let values: [DatabaseValue] = [
      .int(window.upperBound), .int(window.lowerBound),
      .int(window.lowerBound - Self.longOccurrence),
    ]
    for long in long ? [false, true] : [false] {
      let shape = KeptShape(recurring: recurring, long: long)
      var going = true
      // The long ones' query has no use for the third parameter (nor may it be bound).
      try database.prepare(keptSQL(shape)).forEachRowWhile(Array(values.prefix(long ? 2 : 3))) {
        found in
        let shown = found.withBytes(at: 0) { calendar in
          names.contains { $0.utf8.elementsEqual(calendar) }
        }
        guard shown else { return true }
        going = try row(found)
        return going
      }
      guard going else { return }
    }
  }

  /// The columns the queries of kept occurrences read, `calendar` first.
  static let keptColumns =
    "calendar, uid, stale, start_kind, start, end_kind, end, rid_kind, rid, override, "
    + "summary, location, description, status"

  /// The text of the query of kept occurrences of `shape`: each shape's is made once, and the
  /// connection's statement cache then finds its statement by the same storage (a page asks
  /// the same few again and again, a look a day).
  private func keptSQL(_ shape: KeptShape) -> String {
    if let known = keptQueries.first(where: { $0.shape == shape }) { return known.sql }
    let sql = shape.sql()
    keptQueries.append(KeptQuery(shape: shape, sql: sql))
    return sql
  }

  /// What a query of kept occurrences asks for: which rows.
  struct KeptShape: Equatable {
    let recurring: Bool
    let long: Bool

    /// The query: its parameters are the window's end and start, and the start less
    /// `longOccurrence`.
    func sql() -> String {
      let range =
        long
        ? "\(EventIndex.longTest) AND low < ?1 AND high >= ?2"
        : "low >= ?3 AND low < ?1 AND high >= ?2 AND NOT (\(EventIndex.longTest))"
      return "SELECT \(EventIndex.keptColumns) FROM occurrences WHERE \(range) AND hidden = 0"
        + (recurring ? "" : " AND month IS NULL") + (long ? "" : " ORDER BY low DESC")
    }
  }

  /// A query of kept occurrences made: its shape and its text.
  struct KeptQuery {
    let shape: KeptShape
    let sql: String
  }

  /// The longest an occurrence's bounds may be and be found by the range of the table's key
  /// (the partial index `occurrences_long` holds those past it): three days, its condition as
  /// the schema writes it.
  static let longOccurrence = 259_200
  /// What makes an occurrence long, as the partial index `occurrences_long` says it.
  static let longTest = "high - low > \(longOccurrence)"
}
