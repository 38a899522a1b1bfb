import CalendarPaging
import Interchange
import NoteStore
import Recurrence

/// The instance cancels (`METHOD:CANCEL` files naming instances of a series another file
/// holds) applied to the occurrences a page expands itself: those of an event with too many
/// in a month to keep, and the searches for the next or previous day with events past the
/// months kept. The kept occurrences are filtered by the index's query.
extension EventCalendars {
  /// The instance cancel of the event `uid` of `calendar` that names `occurrence`, if any.
  func cancel(of occurrence: Occurrence, calendar: String, uid: String) -> StoredCancel? {
    guard occurrence.recurrenceID != nil else { return nil }
    let recurrenceID = occurrence.recurrenceID.map(StoredTime.init)
    let wallClock = occurrence.recurrenceWallClock?.secondsSinceEpoch
    return cancels(calendar: calendar, uid: uid).first {
      $0.cancels(recurrenceID: recurrenceID, wallClock: wallClock)
    }
  }

  /// The instance cancels of the event `uid` of `calendar`, read from the index once per
  /// `EventCalendars` (a small table, read whole: a month expanded keeps the occurrences of
  /// every calendar the index holds).
  func cancels(calendar: String, uid: String) -> [StoredCancel] {
    if instanceCancels == nil {
      instanceCancels = (try? index?.instanceCancels()) ?? [:]
    }
    guard let instanceCancels, !instanceCancels.isEmpty else { return [] }
    return instanceCancels[[calendar, uid]] ?? []
  }

  /// The occurrence of `series` (read from `event`) nearest `instant` on `side` that no
  /// instance cancel names.
  ///
  /// After: the first still under way at `instant` or starting after it; past a
  /// `THISANDFUTURE` cancel, none is left. Before: of those that start before `instant`, the
  /// one reaching latest; a `THISANDFUTURE` cancel moves the search before the instance it
  /// names.
  func shownOccurrence(
    of series: EventSeries, _ event: IndexedEvent, beyond instant: Int, toward side: PagingSide,
    userZone: any ZoneRules
  ) -> Occurrence? {
    switch side {
    case .after:
      return shownOccurrence(of: event, from: instant) {
        series.firstOccurrence(endingAfter: $0, userZone: userZone).occurrence
      } resume: { found, cancel in
        cancel.thisAndFuture
          ? nil : max(found.end.instant(in: userZone), found.start.instant(in: userZone) + 1)
      }
    case .before:
      return shownOccurrence(of: event, from: instant) {
        series.lastOccurrence(startingBefore: $0, userZone: userZone).occurrence
      } resume: { found, cancel in
        let start = found.start.instant(in: userZone)
        guard cancel.thisAndFuture else { return start }
        return min(start, Self.instant(of: cancel, in: series, userZone: userZone))
      }
    }
  }

  /// The first occurrence `search` finds from `start` that no instance cancel of `event`
  /// names: past a cancelled one, `search` looks again from where `resume` says (nil: none
  /// is left), no more often than there are cancels and once more.
  private func shownOccurrence(
    of event: IndexedEvent, from start: Int, _ search: (Int) -> Occurrence?,
    resume: (Occurrence, StoredCancel) -> Int?
  ) -> Occurrence? {
    var from = start
    for _ in 0...cancels(calendar: event.calendar, uid: event.uid).count + 1 {
      guard let found = search(from) else { return nil }
      guard let cancel = cancel(of: found, calendar: event.calendar, uid: event.uid) else {
        return found
      }
      guard let next = resume(found, cancel) else { return nil }
      from = next
    }
    return nil
  }

  /// Where the instance `cancel` names starts at the earliest: its instant, else its wall-clock
  /// time (a DATE: its midnight) in the zone of the series' start (the user's for an all-day or
  /// floating series).
  private static func instant(
    of cancel: StoredCancel, in series: EventSeries, userZone: any ZoneRules
  ) -> Int {
    if let instant = cancel.instant { return instant }
    let zone: any ZoneRules
    switch series.recurrence.start {
    case .zoned(_, let own): zone = own
    case .utc: zone = FixedOffsetZone.utc
    case .date, .floating: zone = userZone
    }
    let wall = LocalDateTime(secondsSinceEpoch: cancel.isDate ? cancel.dayStart : cancel.wallClock)
    return wall.map { zone.instant(of: $0) } ?? cancel.wallClock
  }
}

extension StoredCancel {
  /// `cancel` as the index keeps it: its `RECURRENCE-ID` as an instant (a UTC or zoned value)
  /// and as written.
  init(_ cancel: InstanceCancel) {
    let value = cancel.recurrenceID
    let instant: Int?
    switch value {
    case .utc, .zoned: instant = value.instant(floatingIn: FixedOffsetZone.utc)
    case .date, .floating: instant = nil
    }
    self.init(
      uid: cancel.uid, instant: instant, wallClock: value.local.secondsSinceEpoch,
      isDate: value.isDate, thisAndFuture: cancel.thisAndFuture)
  }
}
