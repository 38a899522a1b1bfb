/// Whether events and their occurrences show: decided when files change, kept in their rows
/// (`hidden`), so that a page's query tests one column.
///
/// An event does not show when a `METHOD:CANCEL` file of its calendar cancels its `UID`, or
/// when a file of its calendar with a smaller path holds the same `UID` (it is shown once,
/// from there); an occurrence does not show when its event does not, or when an instance
/// cancel of its calendar names it. All of these are per calendar and `UID`: a file that
/// changes can change the showing of the `UID`s it held, holds, or cancels, and no other.
extension EventIndex {
  /// Works out again whether the events of `uids` in calendar `name`, and their kept
  /// occurrences, show; rows whose showing did not change are not written.
  ///
  /// - Complexity: O(k log n) for the k events and occurrences of those `UID`s.
  package func refreshShown(calendar name: String, uids: some Sequence<String>) throws {
    try database.write(.retrying) { database in
      let events = try database.prepare(
        "UPDATE series SET hidden = \(Self.eventHiddenTest) WHERE id IN (\(Self.seriesOfUID)) "
          + "AND hidden IS NOT \(Self.eventHiddenTest)")
      let occurrences = try database.prepare(
        "UPDATE occurrences AS o SET hidden = \(Self.occurrenceHiddenTest) "
          + "WHERE o.series IN (\(Self.seriesOfUID)) "
          + "AND o.hidden IS NOT \(Self.occurrenceHiddenTest)")
      var done: Set<String> = []
      for uid in uids where done.insert(uid).inserted {
        try events.run([.text(name), .text(uid)])
        try occurrences.run([.text(name), .text(uid)])
      }
    }
  }

  /// The rows of the events of `UID` `?2` in calendar `?1`.
  private static let seriesOfUID =
    "SELECT series.id FROM series JOIN files ON files.id = series.file "
    + "WHERE series.uid = ?2 AND files.calendar = ?1"

  /// Whether the event of the `series` row being updated does not show: its `UID` cancelled
  /// by a file of its calendar, or held by a file of its calendar with a smaller path.
  ///
  /// The twin test goes by `UID` (`CROSS JOIN`: by calendar and path it would walk every file
  /// of the calendar before it).
  private static let eventHiddenTest =
    "(EXISTS (SELECT 1 FROM cancelled WHERE cancelled.uid = ?2 AND cancelled.calendar = ?1) "
    + "OR EXISTS (SELECT 1 FROM files AS own, series AS twin CROSS JOIN files AS other "
    + "ON other.id = twin.file WHERE own.id = series.file AND twin.uid = ?2 "
    + "AND other.calendar = ?1 AND other.path < own.path))"

  /// Whether the occurrence of the `occurrences` row `o` does not show: its event does not, or
  /// an instance cancel names it.
  private static let occurrenceHiddenTest =
    "((SELECT hidden FROM series WHERE series.id = o.series) OR \(instanceCancelledTest))"
}
