internal import CalendarPaging
internal import NoteModel

/// One journal of a stored item being rewritten for its note (see `ICSWriter+Stored`): its
/// lines, edited by name, every line not edited kept as it was.
///
/// A line written anew keeps the parameters of the line it replaces; every line written ends
/// with CRLF (the item it goes into is written with CRLF throughout, see `ICSWriter+Stored`).
struct JournalEdit {
  private let journal: ICalendarComponent
  private(set) var children: [ICalendarNode]
  /// Lines to add before `END:VJOURNAL`.
  private var additions: [ICalendarNode] = []

  /// Starts editing `journal`.
  init(_ journal: ICalendarComponent) {
    self.journal = journal
    self.children = journal.children
  }

  /// The journal with the edits made.
  var component: ICalendarComponent { journal.replacingChildren(children + additions) }

  private func indices(of name: String) -> [Int] {
    children.indices.filter { index in
      if case .property(let property) = children[index] { return property.name == name }
      return false
    }
  }

  /// A new line `head` + `value`, folded.
  private func line(head: some Collection<UInt8>, value: [UInt8], escape: Bool) -> ICalendarNode {
    var bytes: [UInt8] = []
    Array(head).withUnsafeBufferPointer { head in
      value.withUnsafeBufferPointer { value in
        ICalendarText.appendLine(head: head, value: value, escape: escape, into: &bytes)
      }
    }
    return .property(ICalendarProperty(generated: bytes))
  }

  /// Gives the property at `index` a new value, keeping its name and parameters.
  private mutating func replaceValue(at index: Int, with value: [UInt8], escape: Bool) {
    guard case .property(let property) = children[index] else { return }
    var bytes: [UInt8] = []
    Array(property.head).withUnsafeBufferPointer { head in
      value.withUnsafeBufferPointer { value in
        ICalendarText.appendLine(head: head, value: value, escape: escape, into: &bytes)
      }
    }
    children[index] = .property(ICalendarProperty(generated: bytes))
  }

  /// Sets the value of the first property `name`, or adds `head` + value before the end.
  private mutating func set(
    _ name: String, head: StaticString, value: [UInt8], escape: Bool = false
  ) {
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
    let rendered =
      reading.hasSummary
      ? ICalendarText.visibleForm(body) : ICalendarText.renderedAsText(body)
    if reading.hasSummary {
      let (first, rest) = rendered.withUnsafeBufferPointer { text in
        let (summary, description) = ICSWriter.splitText(text)
        return (Array(summary), description.map(Array.init))
      }
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
    if ICSWriter.needsExactBody(body, inSummary: reading.hasSummary) {
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

  /// Puts the journal on `day`: a DATE or local `DTSTART` gets that date; a UTC one is moved
  /// by whole days so that its local date in `zone` is `startDay` (the date its start moves
  /// to as this run's zone sees it, which may differ from `day` when the note arrived under
  /// another zone); a journal without one gets `DTSTART;VALUE=DATE`.
  mutating func setDay(_ day: Day, startDay: Day, reading: ICalJournal, zone: LocalZone) {
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
      if let moved = Self.moved(instant, from: reading.day, to: startDay, zone: zone) {
        var value: [UInt8] = []
        moved.appendBasic(to: &value)
        replaceValue(at: index, with: value, escape: false)
      } else {
        // No instant has that local date (a day a zone skipped): the date alone.
        children[index] = line(head: "DTSTART;VALUE=DATE:".utf8, value: date, escape: false)
      }
    }
  }

  /// Moves every date of the series this journal belongs to by `days` (see `SeriesMove`):
  /// its `DTSTART`, `RDATE`, `EXDATE`, `RECURRENCE-ID` and its rule; `start` is the date its
  /// `DTSTART` had (of the master's for an override: the rule's).
  mutating func shiftSeries(by days: Int, start: Day) throws(SeriesMoveRefusal) {
    for index in children.indices {
      guard case .property(let property) = children[index] else { continue }
      let value: String
      switch property.name {
      case "DTSTART", "RDATE", "EXDATE", "RECURRENCE-ID":
        value = try SeriesMove.shiftedList(property.value, by: days, property: property.name)
      case "RRULE": value = try SeriesMove.shiftedRule(property.value, by: days, start: start)
      case "EXRULE":
        throw SeriesMoveRefusal(reason: "it has an EXRULE, which calpager does not move")
      default: continue
      }
      replaceValue(at: index, with: Array(value.utf8), escape: false)
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
  }

  private mutating func remove(_ indices: ArraySlice<Int>) {
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
