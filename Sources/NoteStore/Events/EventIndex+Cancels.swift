/// A `METHOD:CANCEL` of one instance of a series (or, with `RANGE=THISANDFUTURE`, of that
/// instance and the later ones), kept for the file that holds it: it hides the instance in
/// whichever file of the same calendar the series is.
///
/// It matches an instance by instant, also when its value type or `TZID` differs from the
/// series' `DTSTART` (Google and Outlook write mixed ones), as an `EXDATE` or an override's
/// `RECURRENCE-ID` does: a UTC or zoned value names the instance of that instant in a UTC or
/// zoned series, a floating one the instance at that time on the series' wall clock, a DATE
/// the instance of that day there; in an all-day series any value names the instance of its
/// day as written, in a floating series the instance at its time as written.
package struct StoredCancel: Sendable, Hashable {
  /// The `UID` of the series.
  package var uid: String
  /// The `RECURRENCE-ID` as an instant, for a UTC or zoned value.
  package var instant: Int?
  /// The `RECURRENCE-ID` on its own wall clock, seconds since 1970-01-01T00:00:00 there
  /// (a DATE: its midnight).
  package var wallClock: Int
  /// Whether the `RECURRENCE-ID` is a DATE.
  package var isDate: Bool
  /// `RANGE=THISANDFUTURE`: the later instances go too.
  package var thisAndFuture: Bool

  package init(uid: String, instant: Int?, wallClock: Int, isDate: Bool, thisAndFuture: Bool) {
    self.uid = uid
    self.instant = instant
    self.wallClock = wallClock
    self.isDate = isDate
    self.thisAndFuture = thisAndFuture
  }

  /// The midnight of `wallClock`'s day, on the same clock.
  package var dayStart: Int { wallClock - ((wallClock % 86_400) + 86_400) % 86_400 }

  /// Whether it cancels the instance whose recurrence id is `recurrenceID`, `wallClock` on the
  /// series' wall clock: what `instanceCancelledTest` says in SQL, for the occurrences kept
  /// when a month is expanded and those a page expands itself.
  package func cancels(recurrenceID: StoredTime?, wallClock instanceWall: Int?) -> Bool {
    guard let recurrenceID, let instanceWall else { return false }
    func matches(_ value: Int, _ from: Int, width: Int) -> Bool {
      value >= from && (thisAndFuture || value < from + width)
    }
    if recurrenceID.kind == .day || isDate {
      return matches(instanceWall, dayStart, width: 86_400)
    }
    if recurrenceID.kind == .instant, let instant {
      return matches(recurrenceID.value, instant, width: 1)
    }
    return matches(instanceWall, wallClock, width: 1)
  }
}

extension EventIndex {
  /// Whether an instance cancel of its calendar names the occurrence of the row `o` of
  /// `occurrences` (`StoredCancel`).
  ///
  /// The three cases are `StoredCancel.cancels(recurrenceID:wallClock:)`'s. An occurrence of
  /// an event that does not recur has no recurrence id and makes no look-up.
  static let instanceCancelledTest =
    "(o.rid_wall IS NOT NULL AND EXISTS (SELECT 1 FROM cancelled_instances AS c "
    + "WHERE c.uid = o.uid AND c.calendar = o.calendar AND CASE "
    + "WHEN o.rid_kind = \(StoredTime.Kind.day.rawValue) OR c.is_date "
    + "THEN o.rid_wall >= c.day AND (c.future OR o.rid_wall < c.day + 86400) "
    + "WHEN o.rid_kind = \(StoredTime.Kind.instant.rawValue) AND c.instant IS NOT NULL "
    + "THEN o.rid >= c.instant AND (c.future OR o.rid = c.instant) "
    + "ELSE o.rid_wall >= c.wall AND (c.future OR o.rid_wall = c.wall) END))"

  /// Keeps `cancels`, of file row `file` of calendar `name`.
  static func insert(
    _ cancels: [StoredCancel], file: Int, calendar name: String, in database: Database
  ) throws {
    guard !cancels.isEmpty else { return }
    let insert = try database.prepare(
      "INSERT INTO cancelled_instances(file, calendar, uid, instant, wall, day, is_date, future) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    for cancel in cancels {
      try insert.run([
        .int(file), .text(name), .text(cancel.uid), cancel.instant.map { .int($0) } ?? .null,
        .int(cancel.wallClock), .int(cancel.dayStart), .int(cancel.isDate ? 1 : 0),
        .int(cancel.thisAndFuture ? 1 : 0),
      ])
    }
  }

  /// The instance cancels, by calendar and `UID`: what the occurrences kept when a month is
  /// expanded, and those a page expands itself, are filtered by.
  ///
  /// - Complexity: O(k) for the k cancels (a small table: one row per cancelled instance).
  package func instanceCancels() throws -> [[String]: [StoredCancel]] {
    let statement = try database.prepare(
      "SELECT calendar, uid, instant, wall, is_date, future FROM cancelled_instances")
    var cancels: [[String]: [StoredCancel]] = [:]
    try statement.forEachRow { row in
      let cancel = StoredCancel(
        uid: row.string(at: 1), instant: row.optionalInt(at: 2), wallClock: row.int(at: 3),
        isDate: row.int(at: 4) != 0, thisAndFuture: row.int(at: 5) != 0)
      cancels[[row.string(at: 0), cancel.uid], default: []].append(cancel)
    }
    return cancels
  }
}
