/// A whole iCalendar stream in memory: its `VCALENDAR`s, each with every component and
/// property it holds, and every byte read, so that `bytes` gives the input back exactly.
///
/// ```swift
/// let document = try ICalendarDocument(parsing: Array(text.utf8))
/// for journal in document.calendars.flatMap(\.components) where journal.name == "VJOURNAL" { … }
/// ```
///
/// The syntax is RFC 5545's content lines (section 3.1), unfolded; CRLF or LF line ends;
/// blank lines and a UTF-8 byte order mark are kept as `trivia`. Only `BEGIN:VCALENDAR` may
/// start the stream, every `BEGIN:` needs its `END:`, and the text must be valid UTF-8.
public struct ICalendarDocument: Sendable, Hashable {
  /// The stream's top level: `VCALENDAR` components and trivia between them.
  public let nodes: [ICalendarNode]

  /// A document of these nodes.
  public init(nodes: [ICalendarNode]) {
    self.nodes = nodes
  }

  /// Parses a whole stream.
  ///
  /// - Throws: `InterchangeError.malformed` naming the line of the first syntax error: a line
  ///   that is not a content line, invalid UTF-8, anything but `BEGIN:VCALENDAR` at the top
  ///   level, an `END:` that closes another component, a component never closed.
  public init(parsing bytes: [UInt8]) throws(InterchangeError) {
    var nodes: [ICalendarNode] = []
    var reader = ByteReader(source: ByteArraySource(bytes), maximumRecordSize: bytes.count + 1)
    var lines = ICalendarLineReader()
    var builder: ICalendarTreeBuilder?
    do {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        nodes.append(.trivia(bytes[0..<3]))
        try reader.skipByteOrderMark()
      }
      while try lines.next(&reader) {
        if lines.isBlank {
          if builder != nil {
            builder!.addTrivia(lines)
          } else {
            nodes.append(.trivia(lines.raw[...]))
          }
          continue
        }
        do throws(ImportProblem) {
          let parsed: ICalendarContentLine
          do throws(ImportProblem) {
            parsed = try lines.parsed()
          } catch {
            guard builder == nil, case .notContentLine = error else { throw error }
            throw .expectedCalendar(found: Quote.bytes(lines.content))
          }
          if builder != nil {
            if let calendar = try builder!.add(lines, parsed) {
              nodes.append(.component(calendar))
              builder = nil
            }
          } else {
            guard parsed.name == "BEGIN",
              lines.content[parsed.valueStart...].elementsEqual(
                "VCALENDAR".utf8,
                by: {
                  $0 & 0xDF == $1
                })
            else { throw ImportProblem.expectedCalendar(found: Quote.bytes(lines.content)) }
            builder = ICalendarTreeBuilder(beginning: lines, parsed)
          }
        } catch {
          throw InterchangeError.malformed(line: lines.line, error)
        }
      }
    } catch let error as InterchangeError {
      throw error
    } catch {
      preconditionFailure("reading bytes in memory throws only InterchangeError: \(error)")
    }
    if let builder {
      let open = builder.innermost
      throw .malformed(line: open.line, .unclosedComponent(open.name))
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
