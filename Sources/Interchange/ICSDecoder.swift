internal import NoteModel

/// RFC 5545 input, one note at a time, through the component model (`ICalendarReader`).
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
/// journal is exactly what calpager writes for the note (today's form or the older one, line
/// ends and blank lines aside, as an export writes them). A journal that may be calpager's
/// own is first read on the fast path (`ICSOwnJournal`, behind the parser's general one),
/// which gives the same note.
struct ICSDecoder {
  /// The most skipped journals recorded one by one; more are only counted.
  static let skippedRecordLimit = 1000

  /// The note being gathered: calpager's own journal (kept as bytes, in case overrides of it
  /// follow), or journals sharing a UID.
  enum Pending {
    case none
    case own(DecodedNote, raw: [UInt8])
    case group([ICalendarComponent], uid: String?, bytes: Int)
  }

  let zone: LocalZone
  private var parser: ICalendarParser<ICSOwnJournal>
  /// The open `VCALENDAR`'s `BEGIN` line and properties as read, and time zones.
  var calendarHeader: [UInt8] = []
  var timeZones: [ICalendarComponent] = []
  private var timeZoneBytes = 0
  var pending = Pending.none
  var scratch: ([UInt8], [UInt8]) = ([], [])

  /// Components other than VJOURNAL directly inside a VCALENDAR (VTIMEZONE included).
  private(set) var skippedComponents = 0
  /// Those components by kind.
  private(set) var components = ComponentCounts()
  /// Journals skipped, the first `skippedRecordLimit` of them.
  var skippedRecords: [SkippedRecord] = []
  /// All journals skipped.
  var skippedRecordCount = 0

  /// A decoder reading days in `zone`; `fastPath` off sends every journal the general way
  /// (for the differential test).
  init(zone: LocalZone, fastPath: Bool = true) {
    self.zone = zone
    parser = ICalendarParser(
      keeps: { $0 == "VJOURNAL" || $0 == "VTIMEZONE" }, shortcut: ICSOwnJournal(isEnabled: fastPath)
    )
  }

  mutating func next(from bytes: inout ByteReader) throws -> DecodedNote? {
    while let step = try parser.next(from: &bytes) {
      let note: DecodedNote?
      switch step {
      case .element(let element): note = take(element)
      case .shortcut(let own): note = takeOwn(own.note, raw: own.raw)
      case .beginsCalendar, .endsCalendar:
        preconditionFailure("a parser that keeps every calendar line gives them as elements")
      }
      if let note { return note }
      // A note's parts may not outgrow the limit either; the error names where they start.
      let limit = bytes.maximumRecordSize
      if case .group(let journals, _, let size) = pending, size > limit {
        throw RecordProblem(line: journals[0].line, problem: .recordTooLong(limit: limit))
      }
      if calendarHeader.count + timeZoneBytes > limit, let calendarLine = parser.calendarLine {
        throw RecordProblem(line: calendarLine, problem: .recordTooLong(limit: limit))
      }
    }
    return nil
  }

  /// Takes in one element of the stream; returns a note when one is complete.
  private mutating func take(_ element: ICalendarReader.Element) -> DecodedNote? {
    switch element {
    case .beginCalendar(let begin):
      calendarHeader = []
      begin.appendValidBytes(to: &calendarHeader)
    case .property(let property):
      if property.name != "METHOD" { property.appendValidBytes(to: &calendarHeader) }
    case .component(let component) where component.name == "VJOURNAL":
      return takeJournal(component)
    case .component(let component):
      skippedComponents += 1
      components.add(component.name)
      timeZoneBytes += component.size
      timeZones.append(component)
    case .skipped(let name, _):
      skippedComponents += 1
      components.add(name)
    case .trivia:
      break
    case .endCalendar:
      let note = finishPending()
      calendarHeader = []
      timeZones = []
      timeZoneBytes = 0
      return note
    }
    return nil
  }
}
