/// The events reader's fast path (an `ICalendarShortcut` of `ICalendarParser`): a `VEVENT`
/// read line by line straight into an `EventComponent`, without the component tree.
///
/// It keeps the component's bytes as read and, of the lines directly inside it, those whose
/// properties `EventComponent` reads (raw and unfolded, as the tree keeps them) and their
/// `TZID`s. Components nested in it (`VALARM`s) are followed only to find where they end. It
/// takes every event the tree would build, and gives the `EventComponent` the tree's would
/// make: the same properties, in the same order, with the same bytes. It declines only where
/// the tree would fail (an `END:` that closes another component), so that the tree names the
/// error. `ICalendarEventsShortcutDifferentialTests` reads the fuzz corpora and many events
/// with it and without it.
struct EventComponentShortcut: ICalendarShortcut {
  /// One line kept: what makes its property at the end of the component.
  private struct KeptLine {
    var slot: EventProperties.Slot
    var name: String
    var parameters: [ICalendarParameter]
    var line: Int
    /// Its bytes in `storage`: as read, then unfolded from `contentStart`.
    var bytes: Range<Int>
    var contentStart: Int
    var valueStart: Int
  }

  /// Whether the shortcut takes events at all (off: every event goes the general way).
  let isEnabled: Bool
  /// The line of `BEGIN:VEVENT`.
  private(set) var line = 0
  /// The event's bytes as read so far.
  private(set) var raw: [UInt8] = []
  /// The kept lines' bytes: each as read, then unfolded.
  private var storage: [UInt8] = []
  private var kept: [KeptLine] = []
  /// The `TZID`s of the lines directly inside the event (the properties come at its end).
  private var properties = EventProperties()
  /// The components open inside the event, innermost last.
  private var nested: [(name: String, line: Int)] = []

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
    kept.reserveCapacity(16)
    nested.reserveCapacity(4)
  }

  /// The innermost component open inside the event: what an input ending there names.
  var innermost: (name: String, line: Int)? { nested.last }

  mutating func begin(_ name: String, _ lines: ICalendarLineReader) -> Bool {
    guard isEnabled, name == "VEVENT" else { return false }
    line = lines.line
    // The buffers go to the event at its end: new ones, sized for a typical event.
    raw = []
    raw.reserveCapacity(1024)
    raw += lines.raw
    storage = []
    storage.reserveCapacity(1024)
    kept.removeAll(keepingCapacity: true)
    properties = EventProperties()
    nested.removeAll(keepingCapacity: true)
    return true
  }

  mutating func add(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine?)
    -> ICalendarShortcutStep<EventComponent>
  {
    raw += lines.raw
    // A blank line is bytes only, as the tree's trivia.
    guard let parsed else { return .more }
    switch parsed.name {
    case "BEGIN":
      nested.append((Self.componentName(lines, parsed), lines.line))
    case "END":
      let name = Self.componentName(lines, parsed)
      guard let open = nested.last else {
        return name == "VEVENT" ? .taken(finished()) : .declined
      }
      // An END: of another component: the tree names the error.
      guard name == open.name else { return .declined }
      nested.removeLast()
    default:
      guard nested.isEmpty else { break }
      properties.addZoneIDs(of: parsed.parameters)
      if let slot = EventProperties.Slot(parsed.name) { keep(lines, parsed, as: slot) }
    }
    return .more
  }

  /// Keeps the line `lines` holds, as the tree records it.
  private mutating func keep(
    _ lines: ICalendarLineReader, _ parsed: ICalendarContentLine, as slot: EventProperties.Slot
  ) {
    let start = storage.count
    storage += lines.raw
    let contentStart = storage.count
    storage += lines.content
    kept.append(
      KeptLine(
        slot: slot, name: parsed.name, parameters: parsed.parameters, line: lines.line,
        bytes: start..<storage.count, contentStart: contentStart,
        valueStart: contentStart + parsed.valueStart))
  }

  /// The event read, its buffers handed over.
  private mutating func finished() -> EventComponent {
    let storage = self.storage
    self.storage = []
    for line in kept {
      properties.take(
        ICalendarProperty(
          name: line.name, parameters: line.parameters, line: line.line,
          bytes: storage[line.bytes], contentStart: line.contentStart,
          valueStart: line.valueStart),
        as: line.slot)
    }
    kept.removeAll(keepingCapacity: true)
    var taken = EventProperties()
    swap(&taken, &properties)
    var bytes: [UInt8] = []
    swap(&bytes, &raw)
    return EventComponent(line: line, bytes: bytes, properties: taken)
  }

  /// The upper-cased value of the `BEGIN:` or `END:` line `lines` holds.
  private static func componentName(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine)
    -> String
  {
    ICalendarContentLine.componentName(lines.content[parsed.valueStart...])
  }
}
