import CalendarPaging
import Interchange
import NoteModel

extension NoteStore {
  /// Calls `body` with each note of the days in `range`, by day and then in the order added,
  /// straight from SQLite's row: no `String` is made per note.
  ///
  /// All rows come from one read transaction, so an export is a consistent snapshot even
  /// while other processes write.
  ///
  /// - Parameters:
  ///   - range: The days to read.
  ///   - body: Receives each note's fields, valid only during the call.
  /// - Returns: The number of notes read.
  /// - Throws: What `body` threw, or the store's error.
  @discardableResult
  public func forEachNote(in range: ClosedRange<Day>, _ body: (NoteFields) throws -> Void)
    throws -> Int
  {
    try read {
      var count = 0
      let statement = try database.prepare(
        "SELECT \(noteColumns) FROM notes WHERE day BETWEEN ? AND ? ORDER BY day, id")
      try statement.forEachRow([
        .int(range.lowerBound.dayNumber), .int(range.upperBound.dayNumber),
      ]) { row in
        // Nothing import would refuse is written (a note stored before the limit).
        let length = row.withBytes(at: 3) { $0.count }
        guard length <= Note.maximumBodySize else {
          throw StoreError.tooLongToExport(id: row.int(at: 0), bytes: length)
        }
        try NoteStore.withFields(of: row, at: 0, body)
        count += 1
      }
      return count
    }
  }
}
