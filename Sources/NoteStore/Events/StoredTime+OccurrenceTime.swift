import CalendarPaging
import Recurrence

/// How an occurrence's time is kept in the index and read back: the index speaks numbers, the
/// pages `OccurrenceTime`s.
extension StoredTime {
  /// `time` as the index keeps it.
  package init(_ time: OccurrenceTime) {
    switch time {
    case .instant(let instant): self.init(kind: .instant, value: instant)
    case .floating(let local): self.init(kind: .floating, value: local.secondsSinceEpoch)
    case .day(let day): self.init(kind: .day, value: day.dayNumber)
    }
  }

  /// The time kept; nil for a number no time has (a damaged index).
  package var occurrenceTime: OccurrenceTime? {
    switch kind {
    case .instant: return .instant(value)
    case .floating: return LocalDateTime(secondsSinceEpoch: value).map { .floating($0) }
    case .day: return Day(dayNumber: value).map { .day($0) }
    }
  }
}
