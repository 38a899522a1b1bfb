import CalendarPaging
import Recurrence

/// The month files of a page's months, read as the index's queries read its kept
/// occurrences: the same rows, in the same order.
///
/// A row whose bounds meet two months is in both files: it is given once. The index's order is
/// kept too: first the occurrences that are not long, latest first (by `low`, `series`,
/// `number`, descending), then the long ones by `low`, `high` and key.
package struct KeptMonths: KeptOccurrences {
  package let files: [KeptMonthFile]

  package init(files: [KeptMonthFile]) {
    self.files = files
  }

  package func occurrences(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    times: (_ start: OccurrenceTime, _ end: OccurrenceTime) -> Bool,
    _ body: (IndexedOccurrence) -> Bool
  ) {
    let shown = files.map { $0.namesShown(names) }
    for found in inIndexOrder(meeting: window) {
      let file = files[found >> 32]
      let row = found & 0xFFFF_FFFF
      guard shown[found >> 32] & 1 << file.nameNumber(row) != 0 else { continue }
      // The times first, as the index's query tests them before it reads anything else.
      let stored = file.times(row)
      guard let start = stored.start.occurrenceTime, let end = stored.end.occurrenceTime,
        times(start, end), let kept = file.occurrence(row)
      else { continue }
      let going = body(kept)
      guard going else { return }
    }
  }

  /// The times of the rows the index's query would give, in no order, a row kept in two
  /// months' files twice: what marking days needs (whether any covers a day), with no sort.
  package func occurrenceTimes(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    _ body: (_ start: StoredTime, _ end: StoredTime) -> Bool
  ) {
    for file in files {
      var going = true
      let shown = file.namesShown(names)
      file.forEachRow(meeting: window) { row in
        guard shown & 1 << file.nameNumber(row) != 0 else { return true }
        let times = file.times(row)
        going = body(times.start, times.end)
        return going
      }
      guard going else { return }
    }
  }

  /// The rows whose bounds meet `window` (as the index's queries test them), each as
  /// `file << 32 | row`, in the index's order: first the short ones, latest first (by key,
  /// descending), then the long ones by `low`, `high` and key; each once.
  ///
  /// (A list of Int: a list of another element type costs a process the run-time making of
  /// its type, more than a page's rows.)
  private func inIndexOrder(meeting window: Range<Int>) -> [Int] {
    if files.count == 1 {
      // One file's rows come in the index's order as they are visited.
      var rows: [Int] = []
      files[0].forEachRow(meeting: window) { row in
        rows.append(row)
        return true
      }
      return rows
    }
    var short: [Int] = []
    var long: [Int] = []
    // Each row found (`file << 32 | row`), and its key and high, four numbers a row.
    var rows: [Int] = []
    var keys: [Int] = []
    for at in files.indices {
      let file = files[at]
      file.forEachRow(meeting: window) { row in
        rows.append(at << 32 | row)
        keys += [file.field(row, 0), file.field(row, 2), file.field(row, 3), file.field(row, 1)]
        if row < file.shortCount {
          short.append(rows.count - 1)
        } else {
          long.append(rows.count - 1)
        }
        return true
      }
    }
    func key(_ found: Int) -> (Int, Int, Int) {
      (keys[found * 4], keys[found * 4 + 1], keys[found * 4 + 2])
    }
    short.sort { key($0) > key($1) }
    long.sort {
      (keys[$0 * 4], keys[$0 * 4 + 3], keys[$0 * 4 + 1], keys[$0 * 4 + 2])
        < (keys[$1 * 4], keys[$1 * 4 + 3], keys[$1 * 4 + 1], keys[$1 * 4 + 2])
    }
    var ordered: [Int] = []
    var previous: Int?
    for found in short + long {
      // A row kept in two months' files is found in both: the two are neighbours.
      if let previous, key(previous) == key(found) { continue }
      previous = found
      ordered.append(rows[found])
    }
    return ordered
  }
}

extension KeptMonthFile {
  /// The calendar names of the file's rows that are among `names`, as bits by their
  /// numbers (`nameNumber`), tested as the index's queries test them: by bytes.
  func namesShown(_ names: [String]) -> Int {
    var shown = 0
    for number in 0..<nameCount
    where names.contains(where: { $0.utf8.elementsEqual(name(number).utf8) }) {
      shown |= 1 << number
    }
    return shown
  }

  /// Calls `body` with each row whose bounds meet `window` (`low` before its end, `high` at
  /// or after its start) while it returns true: the short rows latest first, as the index's
  /// query gives them (they are in key order, none longer than `longOccurrence`: those that
  /// may meet the window start at most that long before it), then every long one.
  func forEachRow(meeting window: Range<Int>, _ body: (Int) -> Bool) {
    // The first short row that starts at or after the window's end.
    var first = 0
    var last = shortCount
    while first < last {
      let middle = (first + last) / 2
      if field(middle, 0) < window.upperBound { first = middle + 1 } else { last = middle }
    }
    let lowest = window.lowerBound - EventIndex.longOccurrence
    var row = first - 1
    while row >= 0, field(row, 0) >= lowest {
      if field(row, 1) >= window.lowerBound, !body(row) { return }
      row -= 1
    }
    for row in shortCount..<rowCount
    where field(row, 0) < window.upperBound && field(row, 1) >= window.lowerBound {
      guard body(row) else { return }
    }
  }
}
