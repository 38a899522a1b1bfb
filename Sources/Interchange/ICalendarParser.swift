/// The state machine behind `ICalendarReader` (see there for what it reads), driven line by
/// line over a `ByteReader`, with an optional fast path for some components
/// (`ICalendarShortcut`): the notes decoder's is `ICSOwnJournal`, the events reader's
/// `EventComponentShortcut`.
struct ICalendarParser<Shortcut: ICalendarShortcut> {
  /// An element, or what the shortcut made of a whole component.
  enum Step {
    case element(ICalendarReader.Element)
    case shortcut(Shortcut.Result)
    /// A calendar begins (its `BEGIN:` line not kept: see `keepsCalendarProperty`).
    case beginsCalendar
    /// The open calendar ends (its `END:` line not kept).
    case endsCalendar
  }

  private let keeps: (String) -> Bool
  /// Which calendar properties come as elements, by upper-case name; nil for every one.
  ///
  /// With a filter, a calendar's `BEGIN:` and `END:` lines also come without their bytes
  /// (`beginsCalendar`, `endsCalendar`): what a reader that needs none of them saves.
  private let keepsCalendarProperty: ((String) -> Bool)?
  private var shortcut: Shortcut
  private var lines = ICalendarLineReader()
  private var started = false
  /// The line of the open calendar's `BEGIN:`, if one is open.
  private(set) var calendarLine: Int?
  /// The name of the component the shortcut is taking, while it is.
  private var captured: String?
  /// The component being built, or the components being skipped (innermost last).
  private var builder: ICalendarTreeBuilder?
  private var skipping: [(name: String, line: Int)] = []

  /// A parser that builds the components `keeps` names (and skips the others), trying
  /// `shortcut` first, and gives the calendar properties `keepsCalendarProperty` names (every
  /// calendar line, when nil).
  init(
    keeps: @escaping (String) -> Bool, shortcut: Shortcut,
    keepsCalendarProperty: ((String) -> Bool)? = nil
  ) {
    self.keeps = keeps
    self.shortcut = shortcut
    self.keepsCalendarProperty = keepsCalendarProperty
  }

  /// Reads the next element from `reader` (see `ICalendarReader.next()`).
  mutating func next(from reader: inout ByteReader) throws -> Step? {
    if !started {
      started = true
      if try reader.skipByteOrderMark() { return .element(.trivia(Self.byteOrderMark[...])) }
    }
    while true {
      let open = captured != nil ? shortcut.line : builder?.line
      guard try lines.next(&reader, recordLine: open) else {
        try finish()
        return nil
      }
      let step: Step?
      do throws(ImportProblem) {
        step = try take()
      } catch {
        throw InterchangeError.malformed(line: lines.line, error)
      }
      let limit = reader.maximumRecordSize
      if captured != nil, shortcut.raw.count > limit {
        throw InterchangeError.malformed(line: shortcut.line, .recordTooLong(limit: limit))
      }
      if let builder, builder.size > limit {
        throw InterchangeError.malformed(line: builder.line, .recordTooLong(limit: limit))
      }
      if let step { return step }
    }
  }

  private static var byteOrderMark: [UInt8] { [0xEF, 0xBB, 0xBF] }

  /// Takes in the line `lines` holds; what it completes, if anything.
  private mutating func take() throws(ImportProblem) -> Step? {
    if lines.isBlank {
      if captured != nil { return try capture(nil) }
      if builder != nil {
        builder!.addTrivia(lines)
        return nil
      }
      return skipping.isEmpty ? .element(.trivia(lines.raw[...])) : nil
    }
    let parsed: ICalendarContentLine
    do throws(ImportProblem) {
      parsed = try lines.parsed()
    } catch {
      if calendarLine == nil, case .notContentLine = error {
        throw .expectedCalendar(found: Quote.bytes(lines.content))
      }
      throw error
    }
    if captured != nil { return try capture(parsed) }
    if builder != nil {
      guard let component = try builder!.add(lines, parsed) else { return nil }
      builder = nil
      return .element(.component(component))
    }
    if !skipping.isEmpty {
      switch parsed.name {
      case "BEGIN": skipping.append((componentName(parsed), lines.line))
      case "END":
        let open = skipping.last!
        guard componentName(parsed) == open.name else {
          throw .mismatchedEnd(found: Quote.bytes(lines.content), open: Quote.text(open.name))
        }
        skipping.removeLast()
        if skipping.isEmpty { return .element(.skipped(name: open.name, line: open.line)) }
      default: break
      }
      return nil
    }
    guard calendarLine != nil else {
      guard parsed.name == "BEGIN", componentName(parsed) == "VCALENDAR" else {
        throw .expectedCalendar(found: Quote.bytes(lines.content))
      }
      calendarLine = lines.line
      if keepsCalendarProperty != nil { return .beginsCalendar }
      return .element(.beginCalendar(lines.property(parsed)))
    }
    switch parsed.name {
    case "BEGIN":
      let name = componentName(parsed)
      if !keeps(name) {
        skipping.append((name, lines.line))
      } else if shortcut.begin(name, lines) {
        captured = name
      } else {
        builder = ICalendarTreeBuilder(beginning: lines, parsed)
      }
      return nil
    case "END":
      guard componentName(parsed) == "VCALENDAR" else {
        throw .mismatchedEnd(found: Quote.bytes(lines.content), open: "VCALENDAR")
      }
      calendarLine = nil
      if keepsCalendarProperty != nil { return .endsCalendar }
      return .element(.endCalendar(lines.property(parsed)))
    default:
      if let keepsCalendarProperty, !keepsCalendarProperty(parsed.name) { return nil }
      return .element(.property(lines.property(parsed)))
    }
  }

  /// Hands the line to the shortcut; when it declines, the component's lines so far go to a
  /// builder (which may finish the component at once: the shortcut declined at `END:`).
  private mutating func capture(_ parsed: ICalendarContentLine?) throws(ImportProblem) -> Step? {
    switch shortcut.add(lines, parsed) {
    case .more: return nil
    case .taken(let result):
      captured = nil
      return .shortcut(result)
    case .declined:
      captured = nil
      let replayed = try ICalendarTreeBuilder.replaying(shortcut.raw, firstLine: shortcut.line)
      builder = replayed.builder
      return replayed.component.map { .element(.component($0)) }
    }
  }

  /// At the end of the input: the innermost component still open is never closed.
  private func finish() throws(InterchangeError) {
    if let captured {
      let open = shortcut.innermost ?? (captured, shortcut.line)
      throw .malformed(line: open.line, .unclosedComponent(open.name))
    }
    if let builder {
      let open = builder.innermost
      throw .malformed(line: open.line, .unclosedComponent(open.name))
    }
    if let open = skipping.last {
      throw .malformed(line: open.line, .unclosedComponent(open.name))
    }
    if let calendarLine {
      throw .malformed(line: calendarLine, .unclosedComponent("VCALENDAR"))
    }
  }

  private func componentName(_ parsed: ICalendarContentLine) -> String {
    lines.withContent { content in
      ICalendarContentLine.componentName(
        UnsafeBufferPointer(rebasing: content[parsed.valueStart...]))
    }
  }
}
