/// One iCalendar component (`VCALENDAR`, `VJOURNAL`, `VTIMEZONE`, `VALARM`, any other) with
/// everything inside it, in the order read: what calpager does not interpret is kept, byte for
/// byte.
public struct ICalendarComponent: Sendable, Hashable {
  /// The component's name, upper-cased (`VJOURNAL`).
  public let name: String
  /// The `BEGIN:` line.
  public let begin: ICalendarProperty
  /// Its properties, nested components and blank lines, in order.
  public let children: [ICalendarNode]
  /// The `END:` line.
  public let end: ICalendarProperty

  /// A component made of these parts.
  public init(
    name: String, begin: ICalendarProperty, children: [ICalendarNode], end: ICalendarProperty
  ) {
    self.name = name
    self.begin = begin
    self.children = children
    self.end = end
  }

  /// The line of the `BEGIN:` line.
  public var line: Int { begin.line }

  /// The properties directly inside the component, in order.
  public var properties: [ICalendarProperty] {
    children.compactMap { node in
      if case .property(let property) = node { return property }
      return nil
    }
  }

  /// The components directly inside the component, in order.
  public var components: [ICalendarComponent] {
    children.compactMap { node in
      if case .component(let component) = node { return component }
      return nil
    }
  }

  /// The components named `name` (upper-case) directly inside the component, in order: a
  /// `VTIMEZONE`'s `STANDARD` and `DAYLIGHT` parts, an event's `VALARM`s.
  public func components(named name: String) -> [ICalendarComponent] {
    components.filter { $0.name == name }
  }

  /// The properties named `name` (upper-case) directly inside the component.
  public func properties(named name: String) -> [ICalendarProperty] {
    properties.filter { $0.name == name }
  }

  /// The first property named `name` (upper-case) directly inside the component, if any.
  public func property(named name: String) -> ICalendarProperty? {
    for case .property(let property) in children where property.name == name {
      return property
    }
    return nil
  }

  /// The same component with other children.
  public func replacingChildren(_ children: [ICalendarNode]) -> ICalendarComponent {
    ICalendarComponent(name: name, begin: begin, children: children, end: end)
  }

  /// Appends the component's bytes: every line as it was read.
  public func appendBytes(to output: inout [UInt8]) {
    output.append(contentsOf: begin.raw)
    for child in children { child.appendBytes(to: &output) }
    output.append(contentsOf: end.raw)
  }

  /// The component's bytes.
  public var bytes: [UInt8] {
    var output: [UInt8] = []
    appendBytes(to: &output)
    return output
  }
}

/// What a component (or a stream) holds, in order.
public enum ICalendarNode: Sendable, Hashable {
  /// A property.
  case property(ICalendarProperty)
  /// A nested component.
  case component(ICalendarComponent)
  /// Bytes that say nothing: blank lines, a byte order mark.
  case trivia(ArraySlice<UInt8>)

  /// Appends the node's bytes as they were read.
  public func appendBytes(to output: inout [UInt8]) {
    switch self {
    case .property(let property): output.append(contentsOf: property.raw)
    case .component(let component): component.appendBytes(to: &output)
    case .trivia(let bytes): output.append(contentsOf: bytes)
    }
  }
}
