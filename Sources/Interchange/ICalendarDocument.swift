/// A whole iCalendar stream in memory: its `VCALENDAR`s, each with every component and
/// property it holds, and every byte read, so that `bytes` gives the input back exactly.
///
/// ```swift
/// let document = try ICalendarDocument(parsing: Array(text.utf8))
/// for journal in document.calendars.flatMap(\.components) where journal.name == "VJOURNAL" { … }
/// ```
///
/// It is `ICalendarReader`'s elements gathered (the same syntax, the same errors), for an item
/// small enough to hold whole: a vdir file, a note's stored item. A file of many items is
/// better read with the reader, one component at a time.
public struct ICalendarDocument: Sendable, Hashable {
  /// The stream's top level: `VCALENDAR` components and trivia between them.
  public let nodes: [ICalendarNode]

  /// A document of these nodes.
  public init(nodes: [ICalendarNode]) {
    self.nodes = nodes
  }

  /// Parses a whole stream (through `ICalendarReader`, keeping every component).
  ///
  /// - Throws: `InterchangeError.malformed` naming the line of the first syntax error: a line
  ///   that is not a content line, invalid UTF-8, anything but `BEGIN:VCALENDAR` at the top
  ///   level, an `END:` that closes another component, a component never closed.
  public init(parsing bytes: [UInt8]) throws(InterchangeError) {
    var nodes: [ICalendarNode] = []
    var reader = ICalendarReader(
      source: ByteArraySource(bytes), maximumComponentSize: bytes.count + 1)
    var calendar: (begin: ICalendarProperty, children: [ICalendarNode])?
    do {
      while let element = try reader.next() {
        switch element {
        case .beginCalendar(let begin): calendar = (begin, [])
        case .property(let property): calendar!.children.append(.property(property))
        case .component(let component): calendar!.children.append(.component(component))
        case .trivia(let bytes):
          if calendar != nil {
            calendar!.children.append(.trivia(bytes))
          } else {
            nodes.append(.trivia(bytes))
          }
        case .endCalendar(let end):
          nodes.append(
            .component(
              ICalendarComponent(
                name: "VCALENDAR", begin: calendar!.begin, children: calendar!.children,
                end: end)))
          calendar = nil
        case .skipped: preconditionFailure("a reader that keeps every component skips none")
        }
      }
    } catch let error as InterchangeError {
      throw error
    } catch {
      preconditionFailure("reading bytes in memory throws only InterchangeError: \(error)")
    }
    self.nodes = nodes
  }

  /// The `VCALENDAR` components, in order.
  public var calendars: [ICalendarComponent] {
    nodes.compactMap { node in
      if case .component(let component) = node { return component }
      return nil
    }
  }

  /// The document's bytes: for a parsed document, exactly the input.
  public var bytes: [UInt8] {
    var output: [UInt8] = []
    for node in nodes { node.appendBytes(to: &output) }
    return output
  }
}
