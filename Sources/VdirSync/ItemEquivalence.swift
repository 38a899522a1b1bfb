import Interchange

/// Whether two iCalendar items say the same in different formatting: the same components
/// holding the same content lines, whatever their order, folding and line ends.
///
/// A CalDAV server stores what it is sent in its own serialisation (Radicale sorts the
/// properties, refolds the lines and ends them with LF), and another device receives that. When
/// what it receives is only a reformatting of what calpager would write for the note (the
/// sender's own item), the receiver keeps calpager's form, so that every device stores the same
/// item for the note (their exports are identical) and nothing is lost: each line is there.
enum ItemEquivalence {
  /// Whether `first` and `second` hold the same components with the same lines.
  static func areEquivalent(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard let first = shape(of: first), let second = shape(of: second) else { return false }
    return first == second
  }

  /// A component: its lines sorted, then its children's shapes sorted.
  private struct Shape: Hashable, Comparable {
    var lines: [[UInt8]] = []
    var children: [Shape] = []

    static func < (left: Shape, right: Shape) -> Bool {
      left.lines.lexicographicallyPrecedes(right.lines) { $0.lexicographicallyPrecedes($1) }
    }
  }

  /// The item's shape; nil when it is not iCalendar (`ICalendarDocument` does not parse it).
  private static func shape(of bytes: [UInt8]) -> Shape? {
    guard let document = try? ICalendarDocument(parsing: bytes) else { return nil }
    return Shape(children: document.calendars.map(shape(of:)).sorted())
  }

  /// A component's shape: its `BEGIN:` and `END:` lines and its properties, unfolded and
  /// without line breaks (blank lines left out), then its components'.
  private static func shape(of component: ICalendarComponent) -> Shape {
    var lines = [Array(component.begin.head + component.begin.valueBytes)]
    for property in component.properties {
      lines.append(Array(property.head + property.valueBytes))
    }
    lines.append(Array(component.end.head + component.end.valueBytes))
    lines.sort { $0.lexicographicallyPrecedes($1) }
    return Shape(lines: lines, children: component.components.map(shape(of:)).sorted())
  }
}
