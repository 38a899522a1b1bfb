/// RFC 5545 input, one note at a time, through the component model (`ICalendarTreeBuilder`).
///
/// The input is one or more `VCALENDAR`s. Inside one, each `VJOURNAL` is read whole with what
/// it nests, and `VTIMEZONE`s are kept for the journals that name them; every other component
/// (`VEVENT`, `VTODO`…) is skipped with what it nests, and counted. Journals next to each
/// other with the same `UID` form one note: the one without `RECURRENCE-ID` (a recurring
/// journal's first day) and its overrides. A journal calpager cannot take (no text, no day, a
/// malformed `DTSTART`…, an override alone) is skipped and recorded with its line, uid and
/// reason; only a syntax error (a line that is not a content line, invalid UTF-8, an `END:`
/// that closes another component, a component never closed, anything but a `VCALENDAR` at the
/// top) fails the input, naming the line where it is. Blank and white-space lines are
/// skipped.
///
/// Each note carries the item it came from (`DecodedNote.ical`): the calendar's properties
/// but `METHOD`, the time zones its journals name, and its journals, as read; nil when the
/// journal is exactly what calpager writes for the note (today's form or the older one).
struct ICSDecoder {
  /// The most skipped journals recorded one by one; more are only counted.
  static let skippedRecordLimit = 1000

  private let zone: LocalZone
  private var lines = ICalendarLineReader()
  private var started = false
  /// The open `VCALENDAR`'s line, `BEGIN` line and properties as read, and time zones.
  private var calendarLine: Int?
  private var calendarHeader: [UInt8] = []
  private var timeZones: [ICalendarComponent] = []
  private var timeZoneBytes = 0
  /// The components being skipped, innermost last.
  private var skipping: [(name: String, line: Int)] = []
  private var builder: ICalendarTreeBuilder?
  /// Journals of one note read so far, and their size.
  private var group: [ICalendarComponent] = []
  private var groupUID: String?
  private var groupBytes = 0
  private var scratch: ([UInt8], [UInt8]) = ([], [])

  /// Components other than VJOURNAL directly inside a VCALENDAR (VTIMEZONE included).
  private(set) var skippedComponents = 0
  /// Those components by kind.
  private(set) var components = ComponentCounts()
  /// Journals skipped, the first `skippedRecordLimit` of them.
  private(set) var skippedRecords: [SkippedRecord] = []
  /// All journals skipped.
  private(set) var skippedRecordCount = 0

  init(zone: LocalZone) {
    self.zone = zone
  }

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      try reader.skipByteOrderMark()
      started = true
    }
    while true {
      guard try lines.next(&reader, recordLine: builder?.line) else {
        if let builder {
          let open = builder.innermost
          throw RecordProblem(line: open.line, problem: .unclosedComponent(open.name))
        }
        if let open = skipping.last {
          throw RecordProblem(line: open.line, problem: .unclosedComponent(open.name))
        }
        if let calendarLine {
          throw RecordProblem(line: calendarLine, problem: .unclosedComponent("VCALENDAR"))
        }
        return nil
      }
      if lines.isBlank {
        builder?.addTrivia(lines)
        continue
      }
      let limit = reader.maximumRecordSize
      do throws(ImportProblem) {
        if let note = try take() { return note }
      } catch {
        throw RecordProblem(line: lines.line, problem: error)
      }
      // A note's parts may not outgrow the limit either; the error names where they start.
      if let builder, builder.size > limit {
        throw RecordProblem(line: builder.line, problem: .recordTooLong(limit: limit))
      }
      if groupBytes > limit, let first = group.first {
        throw RecordProblem(line: first.line, problem: .recordTooLong(limit: limit))
      }
      if calendarHeader.count + timeZoneBytes > limit, let calendarLine {
        throw RecordProblem(line: calendarLine, problem: .recordTooLong(limit: limit))
      }
    }
  }

  /// Takes in the line `lines` holds; returns a note when one is complete.
  private mutating func take() throws(ImportProblem) -> DecodedNote? {
    let parsed: ICalendarContentLine
    do throws(ImportProblem) {
      parsed = try lines.parsed()
    } catch {
      if calendarLine == nil, case .notContentLine = error {
        throw .expectedCalendar(found: Quote.bytes(lines.content))
      }
      throw error
    }
    if builder != nil {
      guard let component = try builder!.add(lines, parsed) else { return nil }
      builder = nil
      if component.name == "VTIMEZONE" {
        timeZoneBytes += component.size
        timeZones.append(component)
        return nil
      }
      return try takeJournal(component)
    }
    if !skipping.isEmpty {
      switch parsed.name {
      case "BEGIN": skipping.append((componentName(parsed), lines.line))
      case "END":
        let name = componentName(parsed)
        guard name == skipping.last!.name else {
          throw .mismatchedEnd(
            found: Quote.bytes(lines.content), open: Quote.text(skipping.last!.name))
        }
        skipping.removeLast()
      default: break
      }
      return nil
    }
    guard calendarLine != nil else {
      guard parsed.name == "BEGIN", componentName(parsed) == "VCALENDAR" else {
        throw .expectedCalendar(found: Quote.bytes(lines.content))
      }
      calendarLine = lines.line
      calendarHeader = lines.raw
      return nil
    }
    switch parsed.name {
    case "BEGIN":
      let name = componentName(parsed)
      if name != "VJOURNAL" {
        skippedComponents += 1
        components.add(name)
      }
      if name == "VJOURNAL" || name == "VTIMEZONE" {
        builder = ICalendarTreeBuilder(beginning: lines, parsed)
      } else {
        skipping.append((name, lines.line))
      }
    case "END":
      guard componentName(parsed) == "VCALENDAR" else {
        throw .mismatchedEnd(found: Quote.bytes(lines.content), open: "VCALENDAR")
      }
      let note = try finishGroup()
      calendarLine = nil
      calendarHeader = []
      timeZones = []
      timeZoneBytes = 0
      return note
    default:
      if parsed.name != "METHOD" { calendarHeader += lines.raw }
    }
    return nil
  }

  private func componentName(_ parsed: ICalendarContentLine) -> String {
    String(decoding: lines.content[parsed.valueStart...], as: UTF8.self).uppercased()
  }

  /// Adds a journal to the note being gathered, or finishes that note and starts another.
  private mutating func takeJournal(_ journal: ICalendarComponent) throws(ImportProblem)
    -> DecodedNote?
  {
    let uid = ICalJournal.uid(of: journal)
    if !group.isEmpty, let uid, uid == groupUID,
      ICalJournal.isOverride(journal) || group.allSatisfy(ICalJournal.isOverride)
    {
      group.append(journal)
      groupBytes += journal.size
      return nil
    }
    let note = try finishGroup()
    group = [journal]
    groupUID = uid
    groupBytes = journal.size
    return note
  }

  /// The note the journals gathered make, or nil when there are none or they are skipped.
  private mutating func finishGroup() throws(ImportProblem) -> DecodedNote? {
    guard !group.isEmpty else { return nil }
    defer {
      group = []
      groupUID = nil
      groupBytes = 0
    }
    guard let master = group.first(where: { !ICalJournal.isOverride($0) }) else {
      skip(SkippedRecord(line: group[0].line, uid: groupUID, reason: .orphanOverride))
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
      ical: storedItem(master, reading))
  }

  private mutating func skip(_ record: SkippedRecord) {
    skippedRecordCount += 1
    if skippedRecords.count < Self.skippedRecordLimit { skippedRecords.append(record) }
  }

  /// The item a note keeps: nil when its one journal is what calpager writes for it.
  private mutating func storedItem(_ master: ICalendarComponent, _ reading: ICalJournal) -> String?
  {
    if group.count == 1, isCalpagersOwn(master, reading) { return nil }
    var item = calendarHeader
    let ids = group.reduce(into: [String]()) { ids, journal in
      for id in journal.timeZoneIDs where !ids.contains(id) { ids.append(id) }
    }
    for id in ids {
      timeZones.last { $0.property(named: "TZID")?.text == id }?.appendBytes(to: &item)
    }
    for journal in group { journal.appendBytes(to: &item) }
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

  /// Whether `master` is, byte for byte, the journal calpager writes for the note it reads as.
  private mutating func isCalpagersOwn(_ master: ICalendarComponent, _ reading: ICalJournal)
    -> Bool
  {
    guard let created = reading.created, let updated = reading.updated, let uid = reading.uid
    else { return false }
    scratch.0.removeAll(keepingCapacity: true)
    master.appendBytes(to: &scratch.0)
    var uidText = uid
    return uidText.withUTF8 { uidBytes in
      reading.body.withUnsafeBufferPointer { body in
        let fields = NoteFields(
          uid: uidBytes, day: reading.day, body: body, created: created, updated: updated)
        scratch.1.removeAll(keepingCapacity: true)
        ICSWriter.appendJournal(fields, into: &scratch.1)
        if scratch.0 == scratch.1 { return true }
        scratch.1.removeAll(keepingCapacity: true)
        ICSWriter.appendLegacyJournal(fields, into: &scratch.1)
        return scratch.0 == scratch.1
      }
    }
  }
}
