/// A `VEVENT` with the properties that reading it as an event looks at, each found once: what
/// `CalendarReading` reads, in place of a search by name for each (a dozen walks, each copying
/// every property it passes).
///
/// Made from a component of the tree (`init(_:)`) or, on the fast path, from the component's
/// lines as they are read (`EventComponentShortcut`), which hands it the same properties in
/// the same order. Each single property is the first of its name, each list every one in
/// order, as `ICalendarComponent.property(named:)` and `properties(named:)` find them. A class:
/// a calendar's reading groups, filters and passes its events around, and a copy of this many
/// properties would be a retain for each.
final class EventComponent {
  /// The line of the component's `BEGIN:`.
  let line: Int
  /// The component's bytes as read, from its `BEGIN:` line to its `END:` line.
  let bytes: [UInt8]
  /// The properties read.
  let properties: EventProperties

  /// A component of `bytes` starting at `line`, with `properties`.
  init(line: Int, bytes: [UInt8], properties: EventProperties) {
    self.line = line
    self.bytes = bytes
    self.properties = properties
  }

  /// The event of a component of the tree: its properties taken in one walk.
  convenience init(_ component: ICalendarComponent) {
    var properties = EventProperties()
    for case .property(let property) in component.children {
      properties.addZoneIDs(of: property.parameters)
      if let slot = EventProperties.Slot(property.name) { properties.take(property, as: slot) }
    }
    self.init(line: component.line, bytes: component.bytes, properties: properties)
  }
}

/// The properties of a `VEVENT` that reading it as an event looks at (see `EventComponent`).
struct EventProperties {
  /// `UID`.
  private(set) var uid: ICalendarProperty?
  /// `RECURRENCE-ID`.
  private(set) var recurrenceID: ICalendarProperty?
  /// `DTSTART`.
  private(set) var start: ICalendarProperty?
  /// `DTEND`.
  private(set) var end: ICalendarProperty?
  /// `DURATION`.
  private(set) var duration: ICalendarProperty?
  /// `SUMMARY`.
  private(set) var summary: ICalendarProperty?
  /// `LOCATION`.
  private(set) var location: ICalendarProperty?
  /// `DESCRIPTION`.
  private(set) var description: ICalendarProperty?
  /// `STATUS`.
  private(set) var status: ICalendarProperty?
  /// The `RRULE`s.
  private(set) var rules: [ICalendarProperty] = []
  /// The `RDATE`s.
  private(set) var dates: [ICalendarProperty] = []
  /// The `EXDATE`s.
  private(set) var exceptions: [ICalendarProperty] = []
  /// The `TZID` parameter values of the properties directly inside the component, each once,
  /// in the order of first use.
  private(set) var zoneIDs: [String] = []

  /// The properties the reading looks at, by name.
  enum Slot {
    case uid, recurrenceID, start, end, duration, summary, location, description, status
    case rule, date, exception

    /// The slot of a property named `name` (upper-case); nil for one not read.
    init?(_ name: String) {
      // By length first: most names then meet one comparison, not a dozen.
      switch name.utf8.count {
      case 3 where name == "UID": self = .uid
      case 5 where name == "RRULE": self = .rule
      case 5 where name == "RDATE": self = .date
      case 5 where name == "DTEND": self = .end
      case 6 where name == "EXDATE": self = .exception
      case 6 where name == "STATUS": self = .status
      case 7 where name == "DTSTART": self = .start
      case 7 where name == "SUMMARY": self = .summary
      case 8 where name == "DURATION": self = .duration
      case 8 where name == "LOCATION": self = .location
      case 11 where name == "DESCRIPTION": self = .description
      case 13 where name == "RECURRENCE-ID": self = .recurrenceID
      default: return nil
      }
    }
  }

  /// Takes in a property directly inside the component, in the order written: the first of
  /// each single one, every one of a list.
  mutating func take(_ property: consuming ICalendarProperty, as slot: Slot) {
    switch slot {
    case .uid: if uid == nil { uid = property }
    case .recurrenceID: if recurrenceID == nil { recurrenceID = property }
    case .start: if start == nil { start = property }
    case .end: if end == nil { end = property }
    case .duration: if duration == nil { duration = property }
    case .summary: if summary == nil { summary = property }
    case .location: if location == nil { location = property }
    case .description: if description == nil { description = property }
    case .status: if status == nil { status = property }
    case .rule: rules.append(property)
    case .date: dates.append(property)
    case .exception: exceptions.append(property)
    }
  }

  /// Adds the `TZID` of a property directly inside the component (of its `parameters`), if
  /// it has one not met yet.
  mutating func addZoneIDs(of parameters: [ICalendarParameter]) {
    guard !parameters.isEmpty,
      let tzid = parameters.first(where: { $0.name == "TZID" })?.values.first,
      !zoneIDs.contains(tzid)
    else { return }
    zoneIDs.append(tzid)
  }
}
