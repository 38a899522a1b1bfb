/// The recurring events and their months: what expands a month no page has shown, and what a
/// page expands itself (an event with too many occurrences in a month to keep, a search past
/// the months kept).
extension EventIndex {
  /// The events that may have an occurrence in `window` (instants), of the calendars in
  /// `names`, whose occurrences are not kept, hidden ones (cancelled, twins) left out:
  /// recurring ones by their spans in the months expanded (the caller expands the window's
  /// months first), and with `allRecurring` every recurring event whose bounds meet the
  /// window instead; with `oneOff`, also the events that do not recur, by their bounds.
  ///
  /// - Complexity: O(log n + k) for k events whose bounds meet the window (`series_extent`),
  ///   plus a scan of the spans (a few rows: only rules by the minute or the hour keep any).
  package func events(
    mayOverlap window: Range<Int>, calendars names: [String], allRecurring: Bool = false,
    oneOff: Bool = false
  ) throws -> [IndexedEvent] {
    let recurring =
      allRecurring
      ? Self.extentTest(recurs: true)
      : "SELECT series AS id FROM spans WHERE start < ?1 AND end >= ?2"
    return try events(
      ids: (oneOff ? Self.extentTest(recurs: false) + " UNION " : "") + recurring,
      [.int(window.upperBound), .int(window.lowerBound)], calendars: names, shownOnly: true)
  }

  /// The series rows of recurring (or one-off) events whose bounds meet the window whose end
  /// and start are the parameters `?1` and `?2`: a range of `series_extent`.
  private static func extentTest(recurs: Bool) -> String {
    "SELECT id FROM series WHERE recurs = \(recurs ? 1 : 0) AND last_end >= ?2 "
      + "AND first_start < ?1"
  }

  /// The recurring events (of any calendar, hidden ones too) whose bounds meet `window` and
  /// whose occurrences may meet one of `months` (months of the year, as bits: January is
  /// 1): those a month expanded keeps the occurrences or spans of, in no particular order.
  package func recurringEvents(mayOverlap window: Range<Int>, months: Int) throws
    -> [IndexedEvent]
  {
    try events(
      ids: Self.extentTest(recurs: true) + " AND (months & ?3) != 0",
      [.int(window.upperBound), .int(window.lowerBound), .int(months)],
      calendars: nil, shownOnly: false, ordered: false)
  }

  /// The recurring events of rows `ids`, hidden ones too, in no particular order.
  package func recurringEvents(ids: [Int]) throws -> [IndexedEvent] {
    guard !ids.isEmpty else { return [] }
    return try events(
      ids: "SELECT id FROM series WHERE id IN (\(ids.map(String.init).joined(separator: ", ")))",
      [], calendars: nil, shownOnly: false, ordered: false)
  }

  /// The events of the rows `ids` (a query) selects, of the calendars `names` (nil: any), with
  /// `shownOnly` those that show; with `ordered`, by calendar, `UID` and path (else as found:
  /// what expands them needs no order, and sorting them was a quarter of their reading for a
  /// far month's first page).
  ///
  /// The rows drive the join (`CROSS JOIN` keeps SQLite from walking every file of the
  /// calendars instead): the cost follows the events found, not the calendars' size.
  private func events(
    ids: String, _ values: [DatabaseValue], calendars names: [String]?, shownOnly: Bool,
    ordered: Bool = true
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
        + "series.id, series.hidden "
        + "FROM (\(ids)) AS hit CROSS JOIN series ON series.id = hit.id CROSS JOIN files "
        + "ON files.id = series.file WHERE 1 " + placeholders
        + (shownOnly ? "AND series.hidden = 0 " : "")
        + (ordered ? "ORDER BY files.calendar, series.uid, files.path" : ""))
    var events: [IndexedEvent] = []
    try statement.forEachRow(values + (names ?? []).map { .text($0) }) { row in
      events.append(
        IndexedEvent(
          id: row.int(at: 5), calendar: row.string(at: 0), path: row.string(at: 1),
          uid: row.string(at: 2), text: row.blob(at: 3), isStale: row.int(at: 4) != 0,
          isHidden: row.int(at: 6) != 0))
    }
    return events
  }

  /// The months (`year * 12 + month - 1`) expanded.
  package func expandedMonths() throws -> Set<Int> {
    var months: Set<Int> = []
    try database.prepare("SELECT month FROM expanded_months").forEachRow {
      months.insert($0.int(at: 0))
    }
    return months
  }

  /// How many of `months` are expanded, whether an event keeps spans in any of them (one
  /// with too many occurrences there to keep), and whether any kept occurrence is long
  /// (`longOccurrence`): one look at what a page needs.
  package func expansion(of months: ClosedRange<Int>) throws -> (
    expanded: Int, spans: Bool, long: Bool
  ) {
    var result = (expanded: 0, spans: false, long: false)
    try database.prepare(
      "SELECT (SELECT count(*) FROM expanded_months WHERE month BETWEEN ?1 AND ?2), "
        + "EXISTS (SELECT 1 FROM spans WHERE month BETWEEN ?1 AND ?2), "
        + "EXISTS (SELECT 1 FROM occurrences WHERE \(Self.longTest))"
    ).forEachRow([.int(months.lowerBound), .int(months.upperBound)]) { row in
      result = (row.int(at: 0), row.int(at: 1) != 0, row.int(at: 2) != 0)
    }
    return result
  }

  /// Records the occurrences and spans of recurring events, and `months` as expanded.
  ///
  /// `series` is an event's row; `start...end` bounds its occurrences in `month`, for an
  /// event with too many to keep.
  package func addSpans(
    _ spans: [(series: Int, month: Int, start: Int, end: Int)],
    occurrences: [(event: IndexedEvent, month: Int, occurrences: [StoredOccurrence])] = [],
    expanding months: [Int]
  ) throws {
    try database.write(.retrying) { database in
      for kept in occurrences {
        let event = kept.event
        try Self.insert(
          kept.occurrences, series: event.id, calendar: event.calendar, uid: event.uid,
          hidden: event.isHidden, stale: event.isStale, month: kept.month, in: database)
      }
      let insertSpan = try database.prepare(
        "INSERT INTO spans(series, month, start, end) VALUES (?, ?, ?, ?)")
      for span in spans {
        try insertSpan.run([.int(span.series), .int(span.month), .int(span.start), .int(span.end)])
      }
      for month in months {
        try database.execute(
          "INSERT OR IGNORE INTO expanded_months(month) VALUES (?)", [.int(month)])
      }
    }
  }

  /// Forgets every span and expanded month (too many months were expanded).
  package func removeSpans() throws {
    try database.write(.retrying) { database in
      try database.execute(
        script: "DELETE FROM spans; DELETE FROM occurrences WHERE month IS NOT NULL; "
          + "DELETE FROM expanded_months")
    }
  }
}
