/// Builds one component, with everything nested in it, from the lines an
/// `ICalendarLineReader` reads, starting at its `BEGIN:` line.
///
/// The bytes of the whole component are gathered in two buffers (as read, and unfolded); the
/// finished tree's properties are slices of them, so a component costs a few allocations
/// however many lines it has.
struct ICalendarTreeBuilder {
  private struct Line {
    var name: String
    var parameters: [ICalendarParameter]
    var line: Int
    var raw: Range<Int>
    var content: Range<Int>
    var valueStart: Int
  }

  private indirect enum Node {
    case property(Line)
    case component(name: String, begin: Line, children: [Node], end: Line)
    case trivia(Range<Int>)
  }

  private struct Frame {
    var name: String
    var begin: Line
    var children: [Node] = []
  }

  private var raw: [UInt8] = []
  private var content: [UInt8] = []
  private var stack: [Frame] = []

  /// Starts a component at the `BEGIN:` line `lines` holds.
  init(beginning lines: ICalendarLineReader, _ parsed: ICalendarContentLine) {
    let begin = record(lines, parsed)
    stack.append(Frame(name: Self.componentName(begin, content), begin: begin))
  }

  /// The bytes gathered so far.
  var size: Int { raw.count }

  /// The name and line of the innermost component still open.
  var innermost: (name: String, line: Int) {
    (stack.last!.name, stack.last!.begin.line)
  }

  /// The line of the component's `BEGIN:`.
  var line: Int { stack[0].begin.line }

  /// Takes in a blank line.
  mutating func addTrivia(_ lines: ICalendarLineReader) {
    let start = raw.count
    raw.append(contentsOf: lines.raw)
    stack[stack.count - 1].children.append(.trivia(start..<raw.count))
  }

  /// Takes in the content line `lines` holds; returns the component once its `END:` is read.
  ///
  /// - Throws: `mismatchedEnd` for an `END:` that does not close the innermost component.
  mutating func add(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine)
    throws(ImportProblem) -> ICalendarComponent?
  {
    let line = record(lines, parsed)
    switch parsed.name {
    case "BEGIN":
      stack.append(Frame(name: Self.componentName(line, content), begin: line))
    case "END":
      let frame = stack.removeLast()
      guard Self.componentName(line, content) == frame.name else {
        stack.append(frame)
        throw .mismatchedEnd(
          found: Quote.bytes(lines.content), open: Quote.text(frame.name))
      }
      let node = Node.component(
        name: frame.name, begin: frame.begin, children: frame.children, end: line)
      guard stack.isEmpty else {
        stack[stack.count - 1].children.append(node)
        return nil
      }
      let finished = (raw: raw, content: content)
      raw = []
      content = []
      guard case .component(let component) = Self.make(node, finished.raw, finished.content)
      else { preconditionFailure("a finished frame makes a component") }
      return component
    default:
      stack[stack.count - 1].children.append(.property(line))
    }
    return nil
  }

  private mutating func record(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine)
    -> Line
  {
    let rawStart = raw.count
    raw.append(contentsOf: lines.raw)
    let contentStart = content.count
    content.append(contentsOf: lines.content)
    return Line(
      name: parsed.name, parameters: parsed.parameters, line: lines.line,
      raw: rawStart..<raw.count, content: contentStart..<content.count,
      valueStart: contentStart + parsed.valueStart)
  }

  /// The upper-cased value of a `BEGIN:` or `END:` line.
  private static func componentName(_ line: Line, _ content: [UInt8]) -> String {
    String(decoding: content[line.valueStart..<line.content.upperBound], as: UTF8.self)
      .uppercased()
  }

  private static func make(_ node: Node, _ raw: [UInt8], _ content: [UInt8]) -> ICalendarNode {
    func property(_ line: Line) -> ICalendarProperty {
      ICalendarProperty(
        name: line.name, parameters: line.parameters, line: line.line, raw: raw[line.raw],
        content: content[line.content], valueStart: line.valueStart)
    }
    switch node {
    case .property(let line): return .property(property(line))
    case .trivia(let range): return .trivia(raw[range])
    case .component(let name, let begin, let children, let end):
      return .component(
        ICalendarComponent(
          name: name, begin: property(begin), children: children.map { make($0, raw, content) },
          end: property(end)))
    }
  }
}
