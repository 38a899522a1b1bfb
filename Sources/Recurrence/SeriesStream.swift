import CalendarPaging

/// One step of a series stream.
enum StreamStep {
  /// The next candidate instance in wall-clock order (not yet checked against `EXDATE`).
  case point(SeriesPoint)
  /// No more.
  case end
  /// The budget ran out.
  case exhausted
}

/// The candidates of a series in wall-clock order from a given time.
///
/// Every rule's cursor and the `DTSTART`/`RDATE` points, merged. An all-day series' times are its days' midnights.
struct SeriesStream {
  private enum Head {
    case pending
    case value(LocalDateTime)
    case done
  }

  /// A rule's cursor and its next instance (a struct, not a tuple: a list of tuples is
  /// copied through the runtime's generic tuple functions).
  private struct Cursor {
    var cursor: RuleCursor
    var head: Head
  }

  /// Each rule's cursor and its next instance (one list: a series of one rule makes one).
  private var cursors: [Cursor]
  private let extras: [SeriesPoint]
  private var extraIndex: Int
  private let isDateOnly: Bool

  /// The stream of `series` from `lower` on.
  init(_ series: borrowing RecurrenceSet, from lower: LocalDateTime) {
    // Each expansion copied once, into its cursor (a closure's argument would be copied again),
    // and the series borrowed, not copied: values of many parts.
    let expansions = series.expansions
    var cursors: [Cursor] = []
    cursors.reserveCapacity(expansions.count)
    for index in expansions.indices {
      cursors.append(Cursor(cursor: RuleCursor(expansions[index], from: lower), head: .pending))
    }
    self.cursors = cursors
    extras = series.extraPoints
    var low = 0
    var high = extras.count
    while low < high {
      let middle = (low + high) / 2
      if extras[middle].local < lower { low = middle + 1 } else { high = middle }
    }
    extraIndex = low
    isDateOnly = series.start.isDate
  }

  /// The next candidate, the end, or `.exhausted`.
  mutating func next(budget: inout SearchBudget) -> StreamStep {
    var best: Int?
    var bestLocal: LocalDateTime?
    for index in cursors.indices {
      if case .pending = cursors[index].head {
        switch cursors[index].cursor.next(budget: &budget) {
        case .instance(let local):
          cursors[index].head = .value(
            isDateOnly ? LocalDateTime(day: local.day, secondOfDay: 0) : local)
        case .end: cursors[index].head = .done
        case .exhausted: return .exhausted
        }
      }
      if case .value(let local) = cursors[index].head, bestLocal.map({ local < $0 }) ?? true {
        best = index
        bestLocal = local
      }
    }
    if extraIndex < extras.count, bestLocal.map({ extras[extraIndex].local <= $0 }) ?? true {
      extraIndex += 1
      return .point(extras[extraIndex - 1])
    }
    guard let best, let bestLocal else { return .end }
    cursors[best].head = .pending
    return .point(SeriesPoint(local: bestLocal))
  }
}
