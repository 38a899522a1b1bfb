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

  /// The item's shape; nil when its components do not nest.
  private static func shape(of bytes: [UInt8]) -> Shape? {
    var stack: [Shape] = [Shape()]
    for line in unfoldedLines(bytes) {
      if line.starts(with: Array("BEGIN:".utf8)) {
        stack.append(Shape(lines: [line]))
      } else if line.starts(with: Array("END:".utf8)) {
        guard stack.count > 1, var done = stack.popLast() else { return nil }
        done.lines.append(line)
        done.lines.sort { $0.lexicographicallyPrecedes($1) }
        done.children.sort()
        stack[stack.count - 1].children.append(done)
      } else if !line.isEmpty {
        stack[stack.count - 1].lines.append(line)
      }
    }
    guard stack.count == 1 else { return nil }
    stack[0].children.sort()
    stack[0].lines.sort { $0.lexicographicallyPrecedes($1) }
    return stack[0]
  }

  /// The content lines: split at LF (a CR before it dropped), continuation lines (starting
  /// with a space or a tab) joined to the line before.
  private static func unfoldedLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    for var raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      if raw.last == 0x0D { raw = raw.dropLast() }
      if let first = raw.first, first == 0x20 || first == 0x09, !lines.isEmpty {
        lines[lines.count - 1] += raw.dropFirst()
      } else {
        lines.append(Array(raw))
      }
    }
    return lines
  }
}
