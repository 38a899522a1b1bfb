internal import CalendarPaging
internal import NoteModel

/// Writes a note back into the iCalendar item it came with, changing only what calpager
/// changed (issue 13's lossless journals).
///
/// When the note's uid, body and day are what the item's journal already says, the item is
/// returned unchanged. Otherwise only these lines of the journal (the one without
/// `RECURRENCE-ID`) are rewritten, each keeping its parameters and its line break:
/// - the body: `SUMMARY` and `DESCRIPTION`, in the journal's shape (with a `SUMMARY`, its first
///   line is the summary and the rest, when there is a line break, the one `DESCRIPTION`;
///   without, one `DESCRIPTION`), each only when its part changed; `X-CALPAGER-BODY` is
///   dropped, or written as plain TEXT base64 when TEXT cannot hold the body;
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
/// there. Every other byte of the item stays as it was.
enum ICalItemRewriter {
  /// The values of the note being written.
  struct Values {
    var uid: UnsafeBufferPointer<UInt8>
    var day: Day
    var body: UnsafeBufferPointer<UInt8>
    var updated: Timestamp
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

  /// `document` with the note written into it; nil when it holds no journal that is a note.
  static func apply(_ note: Values, to document: ICalendarDocument, zone: LocalZone)
    -> ICalendarDocument?
  {
    guard let (calendarIndex, journalIndex, journal) = master(of: document),
      case .component(let calendar) = document.nodes[calendarIndex],
      let reading = try? ICalJournal(journal, zone: zone)
    else { return nil }
    // An empty UID is no UID (the reading derived one): it is not a uid to compare.
    let oldUID = journal.property(named: "UID").flatMap { $0.valueBytes.isEmpty ? nil : $0 }
    let uidChanged = oldUID.map { !$0.text.utf8.elementsEqual(note.uid) } ?? false
    let bodyChanged = !reading.body.elementsEqual(note.body)
    let dayChanged = reading.day != note.day
    guard uidChanged || bodyChanged || dayChanged else { return document }

    var edit = JournalEdit(journal.children, crlf: journal.end.endsWithCRLF)
    if uidChanged || oldUID == nil { edit.setUID(note.uid) }
    if bodyChanged { edit.setBody(note.body, reading: reading) }
    if dayChanged {
      edit.setDay(note.day, reading: reading, zone: zone)
    } else if case .none = reading.start, journal.property(named: "CREATED") == nil,
      let stamp = journal.property(named: "DTSTAMP")
    {
      // The day came from DTSTAMP, which is about to change: CREATED keeps the day.
      edit.keepDay(createdAt: Array(stamp.valueBytes))
    }
    edit.stamp(note.updated)

    var calendarChildren = calendar.children
    calendarChildren[journalIndex] = .component(journal.replacingChildren(edit.children))
    if uidChanged, let oldText = oldUID?.text {
      for (index, child) in calendarChildren.enumerated() {
        guard case .component(let override) = child, override.name == "VJOURNAL",
          ICalJournal.isOverride(override), override.property(named: "UID")?.text == oldText
        else { continue }
        var overrideEdit = JournalEdit(override.children, crlf: override.end.endsWithCRLF)
        overrideEdit.setUID(note.uid)
        calendarChildren[index] = .component(override.replacingChildren(overrideEdit.children))
      }
    }
    var nodes = document.nodes
    nodes[calendarIndex] = .component(calendar.replacingChildren(calendarChildren))
    return ICalendarDocument(nodes: nodes)
  }
}

/// The children of one journal being rewritten.
private struct JournalEdit {
  var children: [ICalendarNode]
  /// Lines to add before `END:VJOURNAL`.
  var additions: [ICalendarNode] = []
  let crlf: Bool

  init(_ children: [ICalendarNode], crlf: Bool) {
    self.children = children
    self.crlf = crlf
  }

  func indices(of name: String) -> [Int] {
    children.indices.filter { index in
      if case .property(let property) = children[index] { return property.name == name }
      return false
    }
  }

  /// A new line `head` + `value`, folded, with the journal's kind of line break.
  func line(head: some Collection<UInt8>, value: [UInt8], escape: Bool) -> ICalendarNode {
    var bytes: [UInt8] = []
    Array(head).withUnsafeBufferPointer { head in
      value.withUnsafeBufferPointer { value in
        ICalendarText.appendLine(head: head, value: value, escape: escape, crlf: crlf, into: &bytes)
      }
    }
    return .property(ICalendarProperty(generated: bytes))
  }

  /// Gives the property at `index` a new value, keeping its name and parameters.
  mutating func replaceValue(at index: Int, with value: [UInt8], escape: Bool) {
    guard case .property(let property) = children[index] else { return }
    let crlfHere = property.endsWithCRLF
    var bytes: [UInt8] = []
    Array(property.head).withUnsafeBufferPointer { head in
      value.withUnsafeBufferPointer { value in
        ICalendarText.appendLine(
          head: head, value: value, escape: escape, crlf: crlfHere, into: &bytes)
      }
    }
    children[index] = .property(ICalendarProperty(generated: bytes))
  }

  /// Sets the value of the first property `name`, or adds `head` + value before the end.
  mutating func set(_ name: String, head: StaticString, value: [UInt8], escape: Bool = false) {
    if let index = indices(of: name).first {
      replaceValue(at: index, with: value, escape: escape)
    } else {
      additions.append(line(head: head.utf8Bytes, value: value, escape: escape))
    }
  }

  mutating func setUID(_ uid: UnsafeBufferPointer<UInt8>) {
    if let index = indices(of: "UID").first {
      replaceValue(at: index, with: Array(uid), escape: true)
    } else {
      children.insert(line(head: "UID:".utf8, value: Array(uid), escape: true), at: 0)
    }
  }

  mutating func setBody(_ body: UnsafeBufferPointer<UInt8>, reading: ICalJournal) {
    let rendered = ICalendarText.renderedAsText(body)
    if reading.hasSummary {
      let split = rendered.firstIndex(of: 0x0A)
      let first = Array(rendered[..<(split ?? rendered.endIndex)])
      let rest = split.map { Array(rendered[($0 + 1)...]) }
      let summaryIndex = indices(of: "SUMMARY")[0]
      if first != reading.summary {
        replaceValue(at: summaryIndex, with: first, escape: true)
      }
      if rest != reading.description {
        let descriptions = indices(of: "DESCRIPTION")
        if let rest, let firstDescription = descriptions.first {
          replaceValue(at: firstDescription, with: rest, escape: true)
          remove(descriptions.dropFirst())
        } else if let rest {
          children.insert(
            line(head: "DESCRIPTION:".utf8, value: rest, escape: true), at: summaryIndex + 1)
        } else {
          remove(descriptions[...])
        }
      }
    } else {
      let descriptions = indices(of: "DESCRIPTION")
      if let first = descriptions.first {
        replaceValue(at: first, with: rendered, escape: true)
        remove(descriptions.dropFirst())
      } else {
        additions.append(line(head: "DESCRIPTION:".utf8, value: rendered, escape: true))
      }
    }
    remove(indices(of: "X-CALPAGER-BODY")[...])
    if !ICalendarText.isExactAsText(body) {
      var encoded: [UInt8] = []
      Base64.encode(body, into: &encoded)
      let after = (indices(of: "SUMMARY") + indices(of: "DESCRIPTION")).max()
      let node = line(head: "X-CALPAGER-BODY:".utf8, value: encoded, escape: false)
      if let after {
        children.insert(node, at: after + 1)
      } else {
        additions.append(node)
      }
    }
  }

  mutating func setDay(_ day: Day, reading: ICalJournal, zone: LocalZone) {
    let dates = indices(of: "DTSTART")
    var date: [UInt8] = []
    date.append(count: 8) { Timestamp.writeBasicDate(day, to: $0) }
    guard let index = dates.first, case .property(let start) = children[index] else {
      additions.append(line(head: "DTSTART;VALUE=DATE:".utf8, value: date, escape: false))
      return
    }
    switch reading.start {
    case .date, .none:
      replaceValue(at: index, with: date, escape: false)
    case .local:
      replaceValue(at: index, with: date + start.valueBytes.dropFirst(8), escape: false)
    case .utc(let instant):
      if let moved = Self.moved(instant, from: reading.day, to: day, zone: zone) {
        var value: [UInt8] = []
        moved.appendBasic(to: &value)
        replaceValue(at: index, with: value, escape: false)
      } else {
        // No instant has that local date (a day a zone skipped): the date alone.
        children[index] = line(head: "DTSTART;VALUE=DATE:".utf8, value: date, escape: false)
      }
    }
  }

  /// `instant` moved by whole days so that its local date is `day`, its local time kept as
  /// far as the zone's offsets allow; nil when no such instant is found.
  static func moved(_ instant: Timestamp, from oldDay: Day, to day: Day, zone: LocalZone)
    -> Timestamp?
  {
    var candidate = Timestamp(
      millisecondsSinceEpoch: instant.millisecondsSinceEpoch + (day.dayNumber - oldDay.dayNumber)
        * Timestamp.millisecondsPerDay)
    for _ in 0..<2 {
      guard let current = candidate, let local = zone.day(of: current) else { return nil }
      if local == day { return current.truncatedToSecond }
      candidate = Timestamp(
        millisecondsSinceEpoch: current.millisecondsSinceEpoch
          + (day.dayNumber - local.dayNumber) * Timestamp.millisecondsPerDay)
    }
    return nil
  }

  mutating func keepDay(createdAt value: [UInt8]) {
    additions.append(line(head: "CREATED:".utf8, value: value, escape: false))
  }

  mutating func stamp(_ updated: Timestamp) {
    var basic: [UInt8] = []
    updated.appendBasic(to: &basic)
    set("DTSTAMP", head: "DTSTAMP:", value: basic)
    set("LAST-MODIFIED", head: "LAST-MODIFIED:", value: basic)
    if let index = indices(of: "X-CALPAGER-UPDATED").first {
      var iso: [UInt8] = []
      updated.appendISO(to: &iso)
      replaceValue(at: index, with: iso, escape: false)
    }
    if let index = indices(of: "SEQUENCE").first, case .property(let sequence) = children[index] {
      let next = Int(sequence.value).map { $0 >= 0 && $0 < Int.max ? $0 + 1 : 1 } ?? 1
      replaceValue(at: index, with: Array(String(next).utf8), escape: false)
    } else {
      additions.append(line(head: "SEQUENCE:".utf8, value: Array("1".utf8), escape: false))
    }
    children += additions
    additions = []
  }

  mutating func remove(_ indices: ArraySlice<Int>) {
    for index in indices.sorted(by: >) { children.remove(at: index) }
  }
}

extension ICalendarProperty {
  /// A line calpager just wrote from valid parts (a parsed head, escaped text, digits).
  fileprivate init(generated bytes: [UInt8]) {
    guard let property = try? ICalendarProperty(parsing: bytes) else {
      preconditionFailure("a line calpager writes must parse: \(Quote.bytes(bytes))")
    }
    self = property
  }
}

extension StaticString {
  fileprivate var utf8Bytes: [UInt8] {
    withUTF8Buffer { Array($0) }
  }
}
