internal import NoteModel

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
/// journal is exactly what calpager writes for the note (today's form or the older one, line
/// ends and blank lines aside, as an export writes them). A
/// journal that may be calpager's own is first read without the model (`ICSOwnJournal`), and
/// goes through the model only when it is not.
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
  var lines = ICalendarLineReader()
  private var started = false
  /// The open `VCALENDAR`'s line, `BEGIN` line and properties as read, and time zones.
  var calendarLine: Int?
  var calendarHeader: [UInt8] = []
  var timeZones: [ICalendarComponent] = []
  private var timeZoneBytes = 0
  /// The components being skipped, innermost last.
  private var skipping: [(name: String, line: Int)] = []
  /// The journal being read on the fast path, or the component being built.
  private var capture: ICSOwnJournal?
  private var builder: ICalendarTreeBuilder?
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

  init(zone: LocalZone) {
    self.zone = zone
  }

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      try reader.skipByteOrderMark()
      started = true
    }
    while true {
      guard try lines.next(&reader, recordLine: capture?.line ?? builder?.line) else {
        if let line = capture?.line {
          throw RecordProblem(line: line, problem: .unclosedComponent("VJOURNAL"))
        }
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
      let limit = reader.maximumRecordSize
      do throws(ImportProblem) {
        if lines.isBlank {
          if capture != nil {
            _ = capture!.add(lines, nil)
            if let note = try leaveFastPath() { return note }
          } else {
            builder?.addTrivia(lines)
          }
        } else if let note = try take() {
          return note
        }
      } catch {
        throw RecordProblem(line: lines.line, problem: error)
      }
      // A note's parts may not outgrow the limit either; the error names where they start.
      if let capture, capture.raw.count > limit {
        throw RecordProblem(line: capture.line, problem: .recordTooLong(limit: limit))
      }
      if let builder, builder.size > limit {
        throw RecordProblem(line: builder.line, problem: .recordTooLong(limit: limit))
      }
      if case .group(let journals, _, let bytes) = pending, bytes > limit {
        throw RecordProblem(line: journals[0].line, problem: .recordTooLong(limit: limit))
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
    if capture != nil {
      if capture!.add(lines, parsed) {
        let own = capture!
        capture = nil
        if let note = own.note(scratch: &scratch.0) {
          return try takeOwn(note, raw: own.raw)
        }
        return try takeJournal(try Self.replay(own.raw, firstLine: own.line).component!)
      }
      return capture!.isViable ? nil : try leaveFastPath()
    }
    if builder != nil {
      guard let component = try builder!.add(lines, parsed) else { return nil }
      builder = nil
      return try take(component)
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
      calendarHeader = []
      lines.property(parsed).appendValidBytes(to: &calendarHeader)
      return nil
    }
    switch parsed.name {
    case "BEGIN":
      let name = componentName(parsed)
      if name == "VJOURNAL" {
        capture = ICSOwnJournal(beginning: lines)
        return nil
      }
      skippedComponents += 1
      components.add(name)
      if name == "VTIMEZONE" {
        builder = ICalendarTreeBuilder(beginning: lines, parsed)
      } else {
        skipping.append((name, lines.line))
      }
    case "END":
      guard componentName(parsed) == "VCALENDAR" else {
        throw .mismatchedEnd(found: Quote.bytes(lines.content), open: "VCALENDAR")
      }
      let note = try finishPending()
      calendarLine = nil
      calendarHeader = []
      timeZones = []
      timeZoneBytes = 0
      return note
    default:
      if parsed.name != "METHOD" {
        if lines.raw.withUnsafeBufferPointer(UTF8Validation.isValid) {
          calendarHeader += lines.raw
        } else {
          lines.property(parsed).appendValidBytes(to: &calendarHeader)
        }
      }
    }
    return nil
  }

  /// Takes in a component the builder finished.
  private mutating func take(_ component: ICalendarComponent) throws(ImportProblem)
    -> DecodedNote?
  {
    guard component.name == "VTIMEZONE" else { return try takeJournal(component) }
    timeZoneBytes += component.size
    timeZones.append(component)
    return nil
  }

  /// Moves the journal read on the fast path to the builder; returns what the builder then
  /// finishes, if anything (a journal whose last line came in).
  private mutating func leaveFastPath() throws(ImportProblem) -> DecodedNote? {
    let raw = capture!.raw
    let line = capture!.line
    capture = nil
    let replayed = try Self.replay(raw, firstLine: line)
    builder = replayed.builder
    return try replayed.component.map { (component) throws(ImportProblem) in try take(component) }
      ?? nil
  }

  /// Reads the bytes of a component (from its `BEGIN:` line on) into a builder; the component
  /// when they hold all of it.
  static func replay(_ raw: [UInt8], firstLine: Int) throws(ImportProblem) -> (
    builder: ICalendarTreeBuilder?, component: ICalendarComponent?
  ) {
    var reader = ByteReader(
      source: ByteArraySource(raw), maximumRecordSize: raw.count + 1, firstLine: firstLine)
    var lines = ICalendarLineReader()
    var builder: ICalendarTreeBuilder?
    do {
      while try lines.next(&reader) {
        if lines.isBlank {
          builder?.addTrivia(lines)
          continue
        }
        let parsed = try lines.parsed()
        guard builder != nil else {
          builder = ICalendarTreeBuilder(beginning: lines, parsed)
          continue
        }
        if let component = try builder!.add(lines, parsed) { return (nil, component) }
      }
    } catch let problem as ImportProblem {
      throw problem
    } catch {
      preconditionFailure("reading bytes read once already cannot fail: \(error)")
    }
    return (builder, nil)
  }

  private func componentName(_ parsed: ICalendarContentLine) -> String {
    ICalendarContentLine.componentName(lines.content[parsed.valueStart...])
  }
}
