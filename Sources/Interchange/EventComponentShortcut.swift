/// The events reader's fast path (an `ICalendarShortcut` of `ICalendarParser`): a `VEVENT`
/// read line by line straight into an `EventComponent`, without the component tree.
///
/// It keeps the component's bytes as read and, of the lines directly inside it, where those
/// whose properties `EventComponent` reads are (a line that is not folded is its property's
/// bytes, a slice of the event's) and their `TZID`s. Components nested in it (`VALARM`s) are
/// followed only to find where they end. It takes every event the tree would build, and gives
/// the `EventComponent` the tree's would make: the same properties, in the same order, with
/// the same bytes. It declines only where the tree would fail (an `END:` that closes another
/// component), so that the tree names the error. `ICalendarEventsShortcutDifferentialTests`
/// reads the fuzz corpora and many events with it and without it.
struct EventComponentShortcut: ICalendarShortcut {
  /// One line kept: what makes its property at the end of the component.
  private struct KeptLine {
    var slot: EventProperties.Slot
    var name: String
    var parameters: [ICalendarParameter]
    var line: Int
    /// Where the line is in `raw`: a line that is not folded is its property's bytes.
    var layout: ICalendarProperty.Layout
    /// For a folded line, the index of its property in `folded`.
    var folded: Int?
  }

  /// Whether the shortcut takes events at all (off: every event goes the general way).
  let isEnabled: Bool
  /// The line of `BEGIN:VEVENT`.
  private(set) var line = 0
  /// The event's bytes as read so far.
  private(set) var raw: [UInt8] = []
  private var kept: [KeptLine] = []
  /// The properties of the folded lines kept, with bytes of their own (their unfolded content
  /// is not in `raw`).
  private var folded: [ICalendarProperty] = []
  /// The `TZID`s of the lines directly inside the event (the properties come at its end).
  private var properties = EventProperties()
  /// The components open inside the event, innermost last.
  private var nested: [(name: String, line: Int)] = []

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
    kept.reserveCapacity(16)
  }

  /// The innermost component open inside the event: what an input ending there names.
  var innermost: (name: String, line: Int)? { nested.last }

  mutating func begin(_ name: String, _ lines: ICalendarLineReader) -> Bool {
    guard isEnabled, name == "VEVENT" else { return false }
    line = lines.line
    // The buffer goes to the event at its end: a new one, sized for a typical event.
    raw = []
    raw.reserveCapacity(1024)
    raw += lines.raw
    // The last event's lines (kept until now: cleared once, here).
    if !kept.isEmpty { kept.removeAll(keepingCapacity: true) }
    if !folded.isEmpty { folded.removeAll() }
    // What an event declined before left.
    if !properties.zoneIDs.isEmpty { properties = EventProperties() }
    nested.removeAll(keepingCapacity: true)
    return true
  }

  mutating func add(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine?)
    -> ICalendarShortcutStep<EventComponent>
  {
    let start = raw.count
    raw += lines.raw
    // A blank line is bytes only, as the tree's trivia.
    guard let parsed else { return .more }
    if parsed.isBegin {
      nested.append((Self.componentName(lines, parsed), lines.line))
    } else if parsed.isEnd {
      let name = Self.componentName(lines, parsed)
      guard let open = nested.last else {
        return name == "VEVENT" ? .taken(finished()) : .declined
      }
      // An END: of another component: the tree names the error.
      guard name == open.name else { return .declined }
      nested.removeLast()
    } else if nested.isEmpty {
      if !parsed.parameters.isEmpty { properties.addZoneIDs(of: parsed.parameters) }
      guard let slot = EventProperties.Slot(parsed) else { return .more }
      if lines.isFolded { folded.append(lines.property(parsed)) }
      // Made in place in the list: a record of a name, parameters and ranges.
      kept.append(
        KeptLine(
          slot: slot, name: parsed.name, parameters: parsed.parameters, line: lines.line,
          layout: lines.isFolded
            ? ICalendarProperty.Layout(raw: start..<raw.count, content: 0..<0, valueStart: 0)
            : lines.layout(at: start, parsed),
          folded: lines.isFolded ? folded.count - 1 : nil))
    }
    return .more
  }

  /// The event read, its buffer handed over.
  private mutating func finished() -> EventComponent {
    var bytes: [UInt8] = []
    swap(&bytes, &raw)
    properties.reserveCapacity(kept.count)
    for index in kept.indices {
      let line = kept[index]
      properties.take(
        line.folded.map { folded[$0] }
          ?? ICalendarProperty(
            name: line.name, parameters: line.parameters, line: line.line,
            bytes: bytes[line.layout.span], layout: line.layout),
        as: line.slot)
    }
    if !folded.isEmpty { folded.removeAll() }
    var taken = EventProperties()
    swap(&taken, &properties)
    return EventComponent(line: line, bytes: bytes, properties: taken)
  }

  /// The upper-cased value of the `BEGIN:` or `END:` line `lines` holds.
  private static func componentName(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine)
    -> String
  {
    lines.withContent { content in
      ICalendarContentLine.componentName(
        UnsafeBufferPointer(rebasing: content[parsed.valueStart...]))
    }
  }
}
