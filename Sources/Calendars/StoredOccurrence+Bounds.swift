import CalendarPaging
import NoteStore
import Recurrence

/// How an occurrence is kept in the index and read back: the index speaks numbers and text,
/// the pages `Occurrence`s.
extension StoredTime {
  init(_ time: OccurrenceTime) {
    switch time {
    case .instant(let instant): self.init(kind: .instant, value: instant)
    case .floating(let local): self.init(kind: .floating, value: local.secondsSinceEpoch)
    case .day(let day): self.init(kind: .day, value: day.dayNumber)
    }
  }

  /// The time kept; nil for a number no time has (a damaged index).
  var occurrenceTime: OccurrenceTime? {
    switch kind {
    case .instant: return .instant(value)
    case .floating: return LocalDateTime(secondsSinceEpoch: value).map { .floating($0) }
    case .day: return Day(dayNumber: value).map { .day($0) }
    }
  }
}

extension StoredOccurrence {
  /// `occurrence` to keep, with bounds that hold in every zone: a floating or all-day time
  /// moves with the user's zone, by less than a day either way.
  init(_ occurrence: Occurrence) {
    let utc = FixedOffsetZone.utc
    let start = occurrence.start.instant(in: utc)
    let end = max(occurrence.end.instant(in: utc), start)
    func slack(_ time: OccurrenceTime) -> Int {
      if case .instant = time { return 0 }
      return 86_400
    }
    let fields = occurrence.fields
    self.init(
      start: StoredTime(occurrence.start), end: StoredTime(occurrence.end),
      recurrenceID: occurrence.recurrenceID.map(StoredTime.init), isOverride: occurrence.isOverride,
      summary: fields.summary, location: fields.location, description: fields.description,
      status: fields.status?.description,
      low: CalendarScan.sum(start, -slack(occurrence.start)),
      high: CalendarScan.sum(end, slack(occurrence.end)))
  }

  /// The occurrence kept; nil when the index holds numbers no time has.
  var occurrence: Occurrence? {
    guard let start = start.occurrenceTime, let end = end.occurrenceTime else { return nil }
    return Occurrence(
      start: start, end: end, recurrenceID: recurrenceID?.occurrenceTime,
      fields: EventFields(
        summary: summary, location: location, description: description,
        status: status.map { EventStatus(parsing: $0) }),
      isOverride: isOverride)
  }
}
