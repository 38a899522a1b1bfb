/// Builds one component, with everything nested in it, from the lines an
/// `ICalendarLineReader` reads, starting at its `BEGIN:` line.
///
/// The bytes of the whole component are gathered in one buffer (each line as read, then
/// unfolded when it was folded); the finished tree's properties are slices of it, so a
/// component costs a few allocations however many lines it has.
struct ICalendarTreeBuilder {
  private struct Line {
    var name: String
    var parameters: [ICalendarParameter]
    var line: Int
    /// Where the line's parts are in `storage`.
    var layout: ICalendarProperty.Layout
  }

  private enum Node {
    case property(Line)
    indirect case component(name: String, begin: Line, children: [Node], end: Line)
    case trivia(Range<Int>)
  }

  private struct Frame {
    var name: String
    var begin: Line
    var children: [Node] = []
  }

  private var storage: [UInt8] = []
  /// The bytes read so far, as read (not counting their unfolded copies).
  private(set) var size = 0
  private var stack: [Frame] = []

  /// Starts a component at the `BEGIN:` line `lines` holds.
  init(beginning lines: ICalendarLineReader, _ parsed: ICalendarContentLine) {
    // Room for a typical component, so that its first lines do not each grow the buffers.
    storage.reserveCapacity(1024)
    let begin = record(lines, parsed)
    var frame = Frame(name: Self.componentName(begin, storage), begin: begin)
    frame.children.reserveCapacity(16)
    stack.append(frame)
  }

  /// The name and line of the innermost component still open.
  var innermost: (name: String, line: Int) {
    (stack.last!.name, stack.last!.begin.line)
  }

  /// The line of the component's `BEGIN:`.
  var line: Int { stack[0].begin.line }

  /// Takes in a blank line.
  mutating func addTrivia(_ lines: ICalendarLineReader) {
    let start = storage.count
    storage.append(contentsOf: lines.raw)
    size += lines.raw.count
    stack[stack.count - 1].children.append(.trivia(start..<storage.count))
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
      stack.append(Frame(name: Self.componentName(line, storage), begin: line))
    case "END":
      let frame = stack.removeLast()
      guard Self.componentName(line, storage) == frame.name else {
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
      let finished = storage
      storage = []
      size = 0
      guard case .component(let component) = Self.make(node, finished) else {
        preconditionFailure("a finished frame makes a component")
      }
      return component
    default:
      stack[stack.count - 1].children.append(.property(line))
    }
    return nil
  }

  private mutating func record(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine)
    -> Line
  {
    let layout = lines.append(to: &storage, parsed)
    size += lines.raw.count
    return Line(
      name: parsed.name, parameters: parsed.parameters, line: lines.line, layout: layout)
  }

  /// The upper-cased value of a `BEGIN:` or `END:` line.
  private static func componentName(_ line: Line, _ storage: [UInt8]) -> String {
    ICalendarContentLine.componentName(
      storage[line.layout.valueStart..<line.layout.content.upperBound])
  }

  private static func make(_ node: Node, _ storage: [UInt8]) -> ICalendarNode {
    func property(_ line: Line) -> ICalendarProperty {
      ICalendarProperty(
        name: line.name, parameters: line.parameters, line: line.line,
        bytes: storage[line.layout.span], layout: line.layout)
    }
    switch node {
    case .property(let line): return .property(property(line))
    case .trivia(let range): return .trivia(storage[range])
    case .component(let name, let begin, let children, let end):
      return .component(
        ICalendarComponent(
          name: name, begin: property(begin), children: children.map { make($0, storage) },
          end: property(end)))
    }
  }

  /// Builds a component from its bytes as read (from its `BEGIN:` line on): the builder, when
  /// they do not hold all of it yet, or the component.
  ///
  /// - Throws: what `add` throws (the bytes were read as lines once: no other error).
  static func replaying(_ raw: [UInt8], firstLine: Int) throws(ImportProblem) -> (
    builder: ICalendarTreeBuilder?, component: ICalendarComponent?
  ) {
    var reader = ByteReader(
      source: ByteArraySource(raw), maximumRecordSize: raw.count + 1, firstLine: firstLine)
    var lines = ICalendarLineReader()
    var builder: ICalendarTreeBuilder?
    do {
      while try lines.next(&reader) {
        if lines.isBlank {
          builder?.addTrivia(lines)
          continue
        }
        let parsed = try lines.parsed()
        guard builder != nil else {
          builder = ICalendarTreeBuilder(beginning: lines, parsed)
          continue
        }
        if let component = try builder!.add(lines, parsed) { return (nil, component) }
      }
    } catch let problem as ImportProblem {
      throw problem
    } catch {
      preconditionFailure("reading bytes read once already cannot fail: \(error)")
    }
    return (builder, nil)
  }
}
