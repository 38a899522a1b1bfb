import Glibc

/// The index's side of its month files (`KeptMonthFile`): its version, read with SQLite or
/// without, and the rows a month file holds.
extension EventIndex {
  /// The folder of the month files of the index at `path`.
  package static func monthFolder(ofIndexAt path: String) -> String { path + "-months" }

  /// The version of the index file at `path`, read without SQLite (no lock, no schema: a
  /// `stat` and a read of its header); nil when it has no usable answer: no file, another
  /// schema, or a rollback journal beside it (a write under way, or one a crash left to
  /// undo).
  ///
  /// A version read so while a write is under way is the one before it, or the new one
  /// (never older): SQLite increments the counter before it writes the file's first page.
  /// Never call it for a file this process has a connection to (`Database.fileHeader`).
  package static func version(ofFileAt path: String) -> IndexVersion? {
    var info = stat()
    guard stat(path + "-journal", &info) != 0, errno == ENOENT,
      let header = Database.fileHeader(at: path), header.userVersion == schemaVersion
    else { return nil }
    return IndexVersion(
      device: header.device, inode: header.inode, changeCounter: header.changeCounter)
  }

  /// The version `reading`'s snapshot holds, called inside `reading` after a query.
  ///
  /// nil when it cannot be told: an index in memory, a file replaced since it was opened.
  package func snapshotVersion() -> IndexVersion? {
    guard path != ":memory:", let counter = database.fileChangeCounter() else { return nil }
    var info = stat()
    guard stat(path, &info) == 0, !database.fileHasMoved else { return nil }
    return IndexVersion(
      device: Int(bitPattern: UInt(info.st_dev)), inode: Int(bitPattern: UInt(info.st_ino)),
      changeCounter: counter)
  }

  /// The month file of month `month`, whose window is `window`, from `reading`'s snapshot
  /// of `version`: every kept occurrence that shows whose bounds meet the window, whole, and
  /// the calendars recorded; nil when it cannot be made (rows of more than 64 calendars).
  package func monthFile(month: Int, window: Range<Int>, version: IndexVersion) throws
    -> [UInt8]?
  {
    var file = KeptMonthFileWriter()
    let values: [DatabaseValue] = [
      .int(window.upperBound), .int(window.lowerBound),
      .int(window.lowerBound - Self.longOccurrence),
    ]
    for long in [false, true] {
      // In the file's order: the short ones by key, the long ones by `low`, `high` and key.
      let sql =
        "SELECT \(Self.monthFileColumns) FROM occurrences WHERE "
        + (long
          ? "\(Self.longTest) AND low < ?1 AND high >= ?2 AND hidden = 0 "
            + "ORDER BY low, high, series, number"
          : "low >= ?3 AND low < ?1 AND high >= ?2 AND NOT (\(Self.longTest)) AND hidden = 0 "
            + "ORDER BY low, series, number")
      var fits = true
      try database.prepare(sql).forEachRowWhile(Array(values.prefix(long ? 2 : 3))) { row in
        fits = file.append(row, isLong: long)
        return fits
      }
      guard fits else { return nil }
    }
    return file.bytes(month: month, version: version, calendars: try calendarStamps())
  }

  /// The columns of a month file's query, in the order `KeptMonthFileWriter` reads them.
  static let monthFileColumns =
    "low, high, series, number, calendar, uid, stale, start_kind, start, end_kind, end, "
    + "rid_kind, rid, override, summary, location, description, status"
}
