internal import NoteModel

extension ICSDecoder {
  /// Takes in a journal calpager wrote (read on the fast path): it waits, in case overrides of
  /// it follow, and the note gathered before it is returned.
  mutating func takeOwn(_ note: DecodedNote, raw: [UInt8]) -> DecodedNote? {
    if case .group(let journals, let uid, let bytes) = pending, uid != nil, uid == note.uid,
      journals.allSatisfy(ICalJournal.isOverride)
    {
      // The recurring journal of the overrides read before it.
      pending = .group(journals + [Self.component(raw, note)], uid: uid, bytes: bytes + raw.count)
      return nil
    }
    let finished = finishPending()
    pending = .own(note, raw: raw)
    return finished
  }

  /// Adds a journal to the note being gathered, or finishes that note and starts another.
  mutating func takeJournal(_ journal: ICalendarComponent) -> DecodedNote? {
    let uid = ICalJournal.uid(of: journal)
    let isOverride = ICalJournal.isOverride(journal)
    switch pending {
    case .own(let note, let raw) where uid != nil && uid == note.uid && isOverride:
      pending = .group(
        [Self.component(raw, note), journal], uid: uid, bytes: raw.count + journal.size)
      return nil
    case .group(let journals, let groupUID, let bytes)
    where uid != nil && uid == groupUID
      && (isOverride || journals.allSatisfy(ICalJournal.isOverride)):
      pending = .group(journals + [journal], uid: uid, bytes: bytes + journal.size)
      return nil
    default:
      let finished = finishPending()
      pending = .group([journal], uid: uid, bytes: journal.size)
      return finished
    }
  }

  /// The component of a journal the fast path took, built from its bytes (overrides of it
  /// came: the note is made the general way).
  private static func component(_ raw: [UInt8], _ note: DecodedNote) -> ICalendarComponent {
    guard let component = try? ICalendarTreeBuilder.replaying(raw, firstLine: note.line).component
    else { preconditionFailure("a journal the fast path took builds into a component") }
    return component
  }

  /// The note gathered so far, or nil when there is none or its journals are skipped.
  mutating func finishPending() -> DecodedNote? {
    let finished = pending
    pending = .none
    switch finished {
    case .none: return nil
    case .own(let note, _): return note
    case .group(let journals, let uid, _): return finishGroup(journals, uid: uid)
    }
  }

  private mutating func finishGroup(_ group: [ICalendarComponent], uid: String?) -> DecodedNote? {
    guard let master = group.first(where: { !ICalJournal.isOverride($0) }) else {
      skip(SkippedRecord(line: group[0].line, uid: uid, reason: .orphanOverride))
      return nil
    }
    let reading: ICalJournal
    do throws(ICalSkipReason) {
      reading = try ICalJournal(master, zone: zone)
    } catch {
      skip(SkippedRecord(line: master.line, uid: ICalJournal.uid(of: master), reason: error))
      return nil
    }
    return DecodedNote(
      uid: reading.uid, day: reading.day, body: String(decoding: reading.body, as: UTF8.self),
      created: reading.created, updated: reading.updated, line: master.line,
      ical: storedItem(master, reading, group: group))
  }

  private mutating func skip(_ record: SkippedRecord) {
    skippedRecordCount += 1
    if skippedRecords.count < Self.skippedRecordLimit { skippedRecords.append(record) }
  }

  /// The item a note keeps: nil when its one journal is what calpager writes for it.
  private mutating func storedItem(
    _ master: ICalendarComponent, _ reading: ICalJournal, group: [ICalendarComponent]
  ) -> String? {
    if group.count == 1, isCalpagersOwn(master, reading) { return nil }
    var item = calendarHeader
    let ids = group.reduce(into: [String]()) { ids, journal in
      for id in journal.timeZoneIDs where !ids.contains(id) { ids.append(id) }
    }
    for id in ids {
      timeZones.last { $0.property(named: "TZID")?.text == id }?.appendValidBytes(to: &item)
    }
    for journal in group { journal.appendValidBytes(to: &item) }
    // END:VCALENDAR ends like the BEGIN:VCALENDAR line did.
    item.append(contentsOf: "END:VCALENDAR".utf8)
    if let lineFeed = calendarHeader.firstIndex(of: 0x0A), lineFeed > 0,
      calendarHeader[lineFeed - 1] != 0x0D
    {
      item.append(0x0A)
    } else {
      item.append(contentsOf: [0x0D, 0x0A])
    }
    return String(decoding: item, as: UTF8.self)
  }

  /// Whether `master` is, byte for byte once written as an export writes a stored journal
  /// (CRLF line ends, no blank lines), the journal calpager writes for the note it reads as,
  /// or the one it wrote before issue 13 (`isOlderOwnForm`). (Compared as read, an export of
  /// such a journal would be taken for calpager's own on the next import, and the export
  /// after that would differ.)
  private mutating func isCalpagersOwn(_ master: ICalendarComponent, _ reading: ICalJournal)
    -> Bool
  {
    guard let created = reading.created, let updated = reading.updated, let uid = reading.uid
    else { return false }
    var uidText = uid
    return uidText.withUTF8 { uidBytes in
      reading.body.withUnsafeBufferPointer { body in
        let fields = NoteFields(
          uid: uidBytes, day: reading.day, body: body, created: created, updated: updated)
        scratch.0.removeAll(keepingCapacity: true)
        master.appendNormalizedBytes(to: &scratch.0)
        scratch.1.removeAll(keepingCapacity: true)
        ICSWriter.appendJournal(fields, into: &scratch.1)
        return scratch.0 == scratch.1 || isOlderOwnForm(master, reading, fields)
      }
    }
  }

  /// Whether `master` is a journal calpager exported before issue 13 for the note it reads
  /// as: today's journal but for its text, which was the whole body in one `DESCRIPTION`
  /// (no `SUMMARY`) and, when TEXT cannot hold the body, its exact bytes in
  /// `X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY`, right after `LAST-MODIFIED`.
  ///
  /// That form is no longer written: its text lines are only read (the reading took the body
  /// from them) and their place, parameters and agreement checked; every other line is
  /// compared with today's journal, byte for byte.
  private mutating func isOlderOwnForm(
    _ master: ICalendarComponent, _ reading: ICalJournal, _ fields: NoteFields
  ) -> Bool {
    guard !reading.hasSummary else { return false }
    let properties = master.properties
    let textNames = ["DESCRIPTION", "X-CALPAGER-BODY"]
    let exact = ICSWriter.needsExactBody(fields.body, inSummary: false)
    guard let lastModified = properties.firstIndex(where: { $0.name == "LAST-MODIFIED" }),
      properties.indices.filter({ textNames.contains(properties[$0].name) })
        == Array((lastModified + 1)...(lastModified + (exact ? 2 : 1))),
      properties[lastModified + 1].name == "DESCRIPTION",
      properties[lastModified + 1].parameters.isEmpty
    else { return false }
    if exact {
      let exactBody = properties[lastModified + 2]
      guard exactBody.name == "X-CALPAGER-BODY",
        exactBody.parameters == [
          ICalendarParameter(name: "ENCODING", values: ["BASE64"]),
          ICalendarParameter(name: "VALUE", values: ["BINARY"]),
        ],
        exactBody.valueBytes.withUnsafeBufferPointer(Base64.decode) == reading.body
      else { return false }
    }
    scratch.0.removeAll(keepingCapacity: true)
    master.appendNormalizedBytes(to: &scratch.0, omitting: textNames)
    scratch.1.removeAll(keepingCapacity: true)
    ICSWriter.appendJournalHead(fields, into: &scratch.1)
    ICSWriter.appendJournalTail(fields, into: &scratch.1)
    return scratch.0 == scratch.1
  }
}
