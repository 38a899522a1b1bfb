import NoteStore
import Recurrence

extension StoredOccurrence {
  /// `occurrence` to keep, with bounds that hold in every zone.
  ///
  /// A floating or all-day time moves with the user's zone, by less than a day either way.
  /// `isCancelled`: an instance cancel names it.
  init(_ occurrence: Occurrence, isCancelled: Bool = false) {
    let utc = FixedOffsetZone.utc
    let start = occurrence.start.instant(in: utc)
    let end = max(occurrence.end.instant(in: utc), start)
    func slack(_ time: OccurrenceTime) -> Int {
      if case .instant = time { return 0 }
      return 86_400
    }
    self.init(
      occurrence, low: CalendarScan.sum(start, -slack(occurrence.start)),
      high: CalendarScan.sum(end, slack(occurrence.end)), isCancelled: isCancelled)
  }
}
