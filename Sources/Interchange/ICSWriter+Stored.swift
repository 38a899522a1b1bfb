internal import CalendarPaging
internal import NoteModel

/// The stored-item form of `ICSWriter`: a note written back into the iCalendar item it came
/// with, changing only what calpager changed (issue 13's lossless journals).
///
/// When the note's uid, body and day are what the item's journal already says, the item is
/// returned unchanged. Otherwise only these lines of the journal (the one without
/// `RECURRENCE-ID`) are rewritten (`JournalEdit`), each keeping its parameters, and the whole
/// item is written with CRLF line ends (RFC 5545), also when it arrived with bare LFs:
/// - the body: `SUMMARY` and `DESCRIPTION`, in the journal's shape (with a `SUMMARY`, the text
///   divided as `ICSWriter.splitText` divides it; without, one `DESCRIPTION`), each only when
///   its part changed; `X-CALPAGER-BODY` is dropped, or written as plain TEXT base64 when
///   `ICSWriter.needsExactBody`;
/// - the day: `DTSTART` gets the new date and keeps its time (a UTC time is moved by whole
///   days and kept on the new local date); a journal without `DTSTART` gets
///   `DTSTART;VALUE=DATE`;
/// - the uid: `UID` in the journal and its overrides;
/// - then `LAST-MODIFIED` and `DTSTAMP` become the note's `updated` time (as does
///   `X-CALPAGER-UPDATED` when present), and `SEQUENCE` is incremented (`SEQUENCE:1` is added
///   when there is none: RFC 5545's default is 0).
///
/// Missing lines are added before `END:VJOURNAL` (`UID` after `BEGIN:VJOURNAL`, a new
/// `DESCRIPTION` after the `SUMMARY`). A journal with neither `DTSTART` nor `CREATED` is on
/// its `DTSTAMP`'s day: it gets `CREATED` with the old `DTSTAMP` value, so that it stays
/// there. Every other line of the item stays as it was, apart from its line end.
extension ICSWriter {
  /// The stored item `ical` with the note `fields` describe written into it; nil when it does
  /// not parse or holds no journal that is a note (it was damaged).
  static func storedItem(_ fields: NoteFields, ical: UnsafeBufferPointer<UInt8>, zone: LocalZone)
    -> ICalendarDocument?
  {
    var refusal: SeriesMoveRefusal?
    let item = storedItem(fields, ical: ical, zone: zone, movedFrom: nil, refusal: &refusal)
    guard refusal != nil else { return item }
    // A note on another day than its series (moved before moves kept series whole) whose
    // series cannot move: as before, only its DTSTART follows the note, and nothing is lost.
    return storedItem(
      fields, ical: ical, zone: zone, movedFrom: nil, refusal: &refusal, wholeSeries: false)
  }

  /// The stored item `ical` with the note `fields` describe written into it, the note moved
  /// to its day from `movedFrom` when given (see `ICalItem.moved`).
  ///
  /// - Throws: Why a recurring journal cannot move that way (`SeriesMove`).
  static func storedItem(
    _ fields: NoteFields, ical: UnsafeBufferPointer<UInt8>, zone: LocalZone, movedFrom: Day?
  ) throws(SeriesMoveRefusal) -> ICalendarDocument? {
    var refusal: SeriesMoveRefusal?
    let item = storedItem(fields, ical: ical, zone: zone, movedFrom: movedFrom, refusal: &refusal)
    if let refusal { throw refusal }
    return item
  }

  private static func storedItem(
    _ fields: NoteFields, ical: UnsafeBufferPointer<UInt8>, zone: LocalZone, movedFrom: Day?,
    refusal: inout SeriesMoveRefusal?, wholeSeries: Bool = true
  ) -> ICalendarDocument? {
    guard let document = try? ICalendarDocument(parsing: Array(ical)),
      let (calendarIndex, journalIndex, journal) = master(of: document),
      case .component(let calendar) = document.nodes[calendarIndex],
      let reading = try? ICalJournal(journal, zone: zone)
    else { return nil }
    return UTF8Validation.withValid(fields.uid) { uid in
      UTF8Validation.withValid(fields.body) { body in
        // An empty UID is no UID (the reading derived one): it is not a uid to compare.
        let oldUID = journal.property(named: "UID").flatMap { $0.valueBytes.isEmpty ? nil : $0 }
        let uidChanged = oldUID.map { !$0.text.utf8.elementsEqual(uid) } ?? false
        let bodyChanged = !reading.body.elementsEqual(body)
        // A day that depends on the zone (a UTC start, or none) was decided when the item
        // arrived: the zone of this run says nothing about it, so only a move (`movedFrom`)
        // rewrites it. A date, or a time with TZID or floating, is the same day everywhere.
        let dayChanged: Bool
        if let movedFrom {
          dayChanged = movedFrom != fields.day
        } else {
          switch reading.start {
          case .date, .local: dayChanged = reading.day != fields.day
          case .utc, .none: dayChanged = false
          }
        }
        let target = movedFrom.flatMap {
          reading.day.adding(days: fields.day.dayNumber - $0.dayNumber)
        }
        guard uidChanged || bodyChanged || dayChanged else { return document }

        var edit = JournalEdit(journal)
        if uidChanged || oldUID == nil { edit.setUID(uid) }
        if bodyChanged { edit.setBody(body, reading: reading) }
        let overrides = calendar.children.indices.filter { index in
          guard case .component(let override) = calendar.children[index] else { return false }
          return override.name == "VJOURNAL" && ICalJournal.isOverride(override)
            && override.property(named: "UID")?.text == oldUID?.text
        }
        // A series moves whole (its rule, dates, exceptions and overrides) or not at all.
        var seriesShift: (days: Int, start: Day)?
        if dayChanged && wholeSeries && (SeriesMove.isSeries(journal) || !overrides.isEmpty) {
          let days = fields.day.dayNumber - (movedFrom ?? reading.day).dayNumber
          guard let start = journal.property(named: "DTSTART"),
            let startDate = start.valueBytes.withUnsafeBufferPointer({
              try? ICalendarDateTime($0, property: "DTSTART")
            })
          else {
            refusal = SeriesMoveRefusal(
              reason: "it is a recurring journal without DTSTART, which calpager does not move")
            return nil
          }
          seriesShift = (days, startDate.day)
          do throws(SeriesMoveRefusal) {
            try edit.shiftSeries(by: days, start: startDate.day)
          } catch {
            refusal = error
            return nil
          }
        } else if dayChanged {
          edit.setDay(fields.day, startDay: target ?? fields.day, reading: reading, zone: zone)
        } else if case .none = reading.start, journal.property(named: "CREATED") == nil,
          let stamp = journal.property(named: "DTSTAMP")
        {
          // The day came from DTSTAMP, which is about to change: CREATED keeps the day.
          edit.keepDay(createdAt: Array(stamp.valueBytes))
        }
        edit.stamp(fields.updated)

        var calendarChildren = calendar.children
        calendarChildren[journalIndex] = .component(edit.component)
        for index in overrides where uidChanged || seriesShift != nil {
          guard case .component(let override) = calendarChildren[index] else { continue }
          var overrideEdit = JournalEdit(override)
          if uidChanged { overrideEdit.setUID(uid) }
          if let seriesShift {
            do throws(SeriesMoveRefusal) {
              try overrideEdit.shiftSeries(by: seriesShift.days, start: seriesShift.start)
            } catch {
              refusal = error
              return nil
            }
          }
          calendarChildren[index] = .component(overrideEdit.component)
        }
        var nodes = document.nodes
        nodes[calendarIndex] = .component(calendar.replacingChildren(calendarChildren))
        return crlf(ICalendarDocument(nodes: nodes))
      }
    }
  }

  /// `document` with every line ended by CRLF, as RFC 5545 requires, and blank lines left
  /// out: what calpager writes when it rewrites an item, also one that arrived with bare LFs
  /// (an item it does not change stays as it came, byte for byte).
  private static func crlf(_ document: ICalendarDocument) -> ICalendarDocument {
    var bytes: [UInt8] = []
    for case .component(let calendar) in document.nodes {
      calendar.appendNormalizedBytes(to: &bytes)
    }
    guard let normalized = try? ICalendarDocument(parsing: bytes) else {
      preconditionFailure("an item's lines with CRLF line ends must parse as they did")
    }
    return normalized
  }

  /// The calendar and journal of `document` a note is made of: the first `VCALENDAR` holding
  /// a journal without `RECURRENCE-ID`.
  static func master(of document: ICalendarDocument) -> (
    calendar: Int, journal: Int, component: ICalendarComponent
  )? {
    for (calendarIndex, node) in document.nodes.enumerated() {
      guard case .component(let calendar) = node else { continue }
      for (index, child) in calendar.children.enumerated() {
        if case .component(let journal) = child, journal.name == "VJOURNAL",
          !ICalJournal.isOverride(journal)
        {
          return (calendarIndex, index, journal)
        }
      }
    }
    return nil
  }

  /// Appends what an export takes of a note's stored item: its journals and the time zones
  /// they name (those not written yet, recorded in `writtenTimeZones`), every line ended by
  /// CRLF.
  ///
  /// A journal of the item without `UID` (or with an empty one) gets the note's uid (as its
  /// first line after `BEGIN`), so that the export names the note as the database does (a
  /// uid-less record's uid depends on the input it came in).
  static func appendJournals(
    of item: ICalendarDocument, _ fields: NoteFields, writtenTimeZones: inout Set<String>,
    into output: inout [UInt8]
  ) {
    guard let (calendarIndex, _, _) = master(of: item),
      case .component(let calendar) = item.nodes[calendarIndex]
    else {
      appendJournal(fields, into: &output)
      return
    }
    let journals = calendar.components.filter { $0.name == "VJOURNAL" }
    for journal in journals {
      for id in journal.timeZoneIDs where !writtenTimeZones.contains(id) {
        guard let zone = calendar.timeZone(withID: id) else { continue }
        zone.appendNormalizedBytes(to: &output)
        writtenTimeZones.insert(id)
      }
    }
    var uidLine: [UInt8] = []
    UTF8Validation.withValid(fields.uid) { uid in
      appendFolded(name: "UID:", value: uid, escape: true, into: &uidLine)
    }
    for journal in journals {
      let hasUID = journal.property(named: "UID").map { !$0.valueBytes.isEmpty } ?? false
      journal.appendNormalizedBytes(to: &output, uidLine: hasUID ? nil : uidLine)
    }
  }
}
