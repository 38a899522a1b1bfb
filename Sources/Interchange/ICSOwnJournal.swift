internal import CalendarPaging
internal import NoteModel

/// The notes decoder's fast path (an `ICalendarShortcut` of `ICalendarParser`): a VJOURNAL
/// read line by line on the chance that it is one calpager wrote, which then needs no
/// component tree, no `ICalJournal` reading and no comparison of its normalized bytes.
///
/// While every line is one calpager writes (its names, at most once each, no parameter but
/// `DTSTART;VALUE=DATE`, no blank line, no nested component), the journal's bytes are kept
/// and its fields read. At `END:VJOURNAL` it takes the journal only when the journal is, byte
/// for byte, what `ICSWriter` writes for the note its fields make. Such a journal reads the
/// same through the general path (`ICalJournal`, then `ICSDecoder`'s check that it is
/// calpager's own), so the shortcut cannot change a result; anything else it declines, and the
/// journal goes the general way. `ICSShortcutDifferentialTests` reads the fuzz corpus and
/// random inputs with and without it.
struct ICSOwnJournal: ICalendarShortcut {
  /// Whether the shortcut tries journals at all (off: every journal goes the general way).
  let isEnabled: Bool
  /// The line of `BEGIN:VJOURNAL`.
  private(set) var line = 0
  /// The journal's bytes as read so far.
  private(set) var raw: [UInt8] = []
  /// Whether the journal may still be calpager's own.
  private var isViable = true
  /// The journal calpager writes for the fields read, reused from journal to journal.
  private var scratch: [UInt8] = []

  private var seen: JournalProperties = []
  private var uid: String?
  private var day: Day?
  private var summary: [UInt8]?
  private var description: [UInt8]?
  private var exactBody: [UInt8]?
  private var exactCreated: Timestamp?
  private var exactUpdated: Timestamp?

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  mutating func begin(_ name: String, _ lines: ICalendarLineReader) -> Bool {
    guard isEnabled, name == "VJOURNAL" else { return false }
    line = lines.line
    raw = lines.raw
    isViable = true
    seen = []
    uid = nil
    day = nil
    summary = nil
    description = nil
    exactBody = nil
    exactCreated = nil
    exactUpdated = nil
    return true
  }

  mutating func add(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine?)
    -> ICalendarShortcutStep<(note: DecodedNote, raw: [UInt8])>
  {
    raw += lines.raw
    guard let parsed, isViable else { return .declined }
    guard take(lines, parsed) else { return .declined }
    guard parsed.name == "END" else { return .more }
    guard let note = note() else { return .declined }
    return .taken((note, raw))
  }

  /// Reads one line; false when it is not one calpager writes (or the `END:` of anything
  /// but the journal).
  private mutating func take(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine)
    -> Bool
  {
    let name = parsed.name
    let property = JournalProperties(named: name)
    if property.isEmpty && name == "END" {
      isViable = lines.content[parsed.valueStart...].elementsEqual("VJOURNAL".utf8)
      return isViable
    }
    let expectedParameters = property == .dtstart ? 1 : 0
    guard !property.isEmpty, seen.isDisjoint(with: property),
      parsed.parameters.count == expectedParameters
    else {
      isViable = false
      return false
    }
    if expectedParameters == 1 {
      guard parsed.parameters[0].name == "VALUE", parsed.parameters[0].values == ["DATE"] else {
        isViable = false
        return false
      }
    }
    seen.formUnion(property)
    isViable = lines.content.withUnsafeBufferPointer { line in
      read(name, UnsafeBufferPointer(rebasing: line[parsed.valueStart...]))
    }
    return isViable
  }

  /// Reads one value; false when it is not one calpager writes.
  private mutating func read(_ name: String, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
    switch name {
    case "UID":
      uid =
        ICalendarText.unescaped(value).withUnsafeBufferPointer { try? FieldValues.uid($0) }
        ?? nil
      return uid != nil
    case "DTSTART":
      guard value.count == 8, let date = try? ICalendarDateTime(value, property: name) else {
        return false
      }
      day = date.day
    case "SUMMARY": summary = ICalendarText.unescaped(value)
    case "DESCRIPTION": description = ICalendarText.unescaped(value)
    case "X-CALPAGER-BODY":
      exactBody = Base64.decode(value)
      return exactBody.map { $0.withUnsafeBufferPointer(UTF8Validation.isValid) } ?? false
    case "X-CALPAGER-CREATED":
      exactCreated = Timestamp.parse(bytes: value)
      return exactCreated != nil
    case "X-CALPAGER-UPDATED":
      exactUpdated = Timestamp.parse(bytes: value)
      return exactUpdated != nil
    default:
      // DTSTAMP, CREATED, LAST-MODIFIED: the comparison with what calpager writes checks them.
      break
    }
    return true
  }

  /// The note, when the journal is exactly what calpager writes for it.
  private mutating func note() -> DecodedNote? {
    guard isViable, var uid, let day, let summary, let created = exactCreated,
      let updated = exactUpdated
    else { return nil }
    var body = exactBody ?? summary
    if exactBody == nil, let description {
      body.append(0x0A)
      body += description
    }
    guard body.withUnsafeBufferPointer(FieldValues.hasText) else { return nil }
    let matches = uid.withUTF8 { uidBytes in
      body.withUnsafeBufferPointer { bodyBytes in
        scratch.removeAll(keepingCapacity: true)
        ICSWriter.appendJournal(
          NoteFields(
            uid: uidBytes, day: day, body: bodyBytes, created: created, updated: updated),
          into: &scratch)
        return scratch == raw
      }
    }
    guard matches else { return nil }
    return DecodedNote(
      uid: uid, day: day, body: String(decoding: body, as: UTF8.self), created: created,
      updated: updated, line: line)
  }
}
