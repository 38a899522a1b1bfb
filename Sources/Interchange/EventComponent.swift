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

/// The properties of a `VEVENT` that reading it as an event looks at (see `EventComponent`):
/// one list in the order written, each with its slot (a copy or the end of it is a single
/// retain or release), and where the first of each single one is.
struct EventProperties {
  /// The properties read, in the order written.
  private(set) var all: [Entry] = []
  /// The index in `all` of the first property of each single slot, 4 bits each at
  /// `4 · slot.rawValue`: 15 for none yet, or for one past the first 15 (then searched).
  private var firsts: UInt64 = .max
  /// The `TZID` parameter values of the properties directly inside the component, each once,
  /// in the order of first use.
  private(set) var zoneIDs: [String] = []

  /// `UID`.
  var uid: ICalendarProperty? { first(.uid) }
  /// `RECURRENCE-ID`.
  var recurrenceID: ICalendarProperty? { first(.recurrenceID) }
  /// `DTSTART`.
  var start: ICalendarProperty? { first(.start) }
  /// `DTEND`.
  var end: ICalendarProperty? { first(.end) }
  /// `DURATION`.
  var duration: ICalendarProperty? { first(.duration) }
  /// `SUMMARY`.
  var summary: ICalendarProperty? { first(.summary) }
  /// `LOCATION`.
  var location: ICalendarProperty? { first(.location) }
  /// `DESCRIPTION`.
  var description: ICalendarProperty? { first(.description) }
  /// `STATUS`.
  var status: ICalendarProperty? { first(.status) }
  /// The `RRULE`s.
  var rules: [ICalendarProperty] { every(.rule) }
  /// The `RDATE`s.
  var dates: [ICalendarProperty] { every(.date) }
  /// The `EXDATE`s.
  var exceptions: [ICalendarProperty] { every(.exception) }

  /// One property read and its slot (a struct, not a tuple: a list of tuples is copied
  /// through the runtime's generic tuple functions).
  struct Entry {
    let slot: Slot
    let property: ICalendarProperty
  }

  /// The properties the reading looks at, by name: the single ones first.
  enum Slot: UInt8 {
    case uid, recurrenceID, start, end, duration, summary, location, description, status
    case rule, date, exception

    /// Whether only the first property of the slot is read.
    var isSingle: Bool { rawValue <= Slot.status.rawValue }

    /// The slot of the property of a content line; nil for one not read.
    init?(_ line: ICalendarContentLine) {
      guard let common = line.commonName else {
        self.init(line.name)
        return
      }
      guard let slot = Self.byCommonName[common] else { return nil }
      self = slot
    }

    /// The slot of each common name (`CommonNames`), by its index.
    private static let byCommonName = CommonNames.strings.map(Slot.init(_:))

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

  /// The first property of `slot`, if any.
  func first(_ slot: Slot) -> ICalendarProperty? {
    withFirst(slot) { $0 }
  }

  /// `body` of the first property of `slot`, read in place; nil when there is none.
  func withFirst<Result>(_ slot: Slot, _ body: (ICalendarProperty) -> Result) -> Result? {
    let known = Int(firsts >> UInt64(4 * slot.rawValue) & 15)
    if known < 15 { return body(all[known].property) }
    guard all.count > 15 else { return nil }
    // By index: a loop over the entries would copy each property it passes.
    for index in all.indices where all[index].slot == slot { return body(all[index].property) }
    return nil
  }

  /// Whether there is a property of `slot`.
  func has(_ slot: Slot) -> Bool {
    withFirst(slot) { _ in true } ?? false
  }

  /// Every property of `slot`, in order.
  func every(_ slot: Slot) -> [ICalendarProperty] {
    var found: [ICalendarProperty] = []
    forEach(slot) { found.append($0) }
    return found
  }

  /// Calls `body` with every property of `slot`, in order.
  func forEach(_ slot: Slot, _ body: (ICalendarProperty) -> Void) {
    // By index: a loop over the entries would copy each property it passes.
    for index in all.indices where all[index].slot == slot { body(all[index].property) }
  }

  /// Takes in a property directly inside the component, in the order written.
  mutating func take(_ property: consuming ICalendarProperty, as slot: Slot) {
    let shift = UInt64(4 * slot.rawValue)
    if slot.isSingle, firsts >> shift & 15 == 15, all.count < 15 {
      firsts = firsts & ~(15 << shift) | UInt64(all.count) << shift
    }
    all.append(Entry(slot: slot, property: property))
  }

  /// Makes room for `count` properties.
  mutating func reserveCapacity(_ count: Int) {
    all.reserveCapacity(count)
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
