/// Reads an iCalendar stream one piece at a time: the one way calpager reads iCalendar (an
/// import, a vdir item, a note's stored item, the events of a calendar).
///
/// Each `VCALENDAR` comes as its `BEGIN:` line (`beginCalendar`), then, in the order written,
/// its properties and the components directly inside it, each whole with everything it nests
/// (an `ICalendarComponent`: a `VEVENT` with its `VALARM`s, a `VTIMEZONE` with its `STANDARD`
/// and `DAYLIGHT` parts), then its `END:` line (`endCalendar`). Memory grows with the largest
/// component, not with the stream: a file of ten thousand events is read event by event.
/// Components the caller does not keep (`keeps`) are read for their syntax only and come as
/// `skipped`, with their name and line.
///
/// ```swift
/// var reader = ICalendarReader(source: source) { $0 == "VEVENT" || $0 == "VTIMEZONE" }
/// var zones: [String: ICalendarComponent] = [:]
/// while let element = try reader.next() {
///   switch element {
///   case .component(let zone) where zone.name == "VTIMEZONE":
///     if let id = zone.property(named: "TZID")?.text { zones[id] = zone }
///   case .component(let event):
///     let start = event.property(named: "DTSTART")  // start?.parameter("TZID"), start?.value
///     let exceptions = event.properties(named: "EXDATE").flatMap(\.values)
///     …
///   case .endCalendar: zones = [:]  // a TZID names a VTIMEZONE of its own calendar
///   default: break
///   }
/// }
/// ```
///
/// The syntax is RFC 5545's content lines (section 3.1), unfolded; CRLF or LF line ends.
/// Only `BEGIN:VCALENDAR` may start the stream; every `BEGIN:` needs its `END:`; the text must
/// be valid UTF-8. Nothing is interpreted beyond that: every property and parameter is kept
/// as written, and blank lines and a byte order mark come as `trivia`, so that the bytes of
/// the elements, in order, are the input.
public struct ICalendarReader {
  /// One piece of the stream, in the order read.
  public enum Element: Sendable {
    /// The `BEGIN:VCALENDAR` line of a calendar.
    case beginCalendar(ICalendarProperty)
    /// A property of the open calendar (`VERSION`, `METHOD`, `X-WR-TIMEZONE`…).
    case property(ICalendarProperty)
    /// A component directly inside the open calendar, with everything it nests.
    case component(ICalendarComponent)
    /// A component directly inside the open calendar that the reader was told not to keep.
    case skipped(name: String, line: Int)
    /// Bytes that say nothing: a blank line, the byte order mark at the start.
    case trivia(ArraySlice<UInt8>)
    /// The `END:VCALENDAR` line of the open calendar.
    case endCalendar(ICalendarProperty)
  }

  /// The input, when the reader reads a source of its own (else a decoder lends its reader).
  private var input: ByteReader?
  private let keeps: (String) -> Bool
  private var lines = ICalendarLineReader()
  private var started = false
  /// The line of the open calendar's `BEGIN:`, if one is open.
  private(set) var calendarLine: Int?
  /// The component being built, or the components being skipped (innermost last).
  private var builder: ICalendarTreeBuilder?
  private var skipping: [(name: String, line: Int)] = []

  /// A reader of `source`.
  ///
  /// - Parameters:
  ///   - source: Where the bytes come from.
  ///   - maximumComponentSize: The most bytes one component (or one line) may take; a larger
  ///     one fails with `recordTooLong` at its first line instead of filling memory.
  ///   - keeps: Whether a component directly inside a calendar, by its upper-cased name, is
  ///     built (else it comes as `skipped`); every one by default.
  public init(
    source: some ByteSource, maximumComponentSize: Int = 64 << 20,
    keeps: @escaping (String) -> Bool = { _ in true }
  ) {
    precondition(maximumComponentSize > 0, "the maximum component size must be positive")
    self.input = ByteReader(source: source, maximumRecordSize: maximumComponentSize)
    self.keeps = keeps
  }

  /// A reader driven by a decoder's `ByteReader` (`next(from:)`).
  init(keeps: @escaping (String) -> Bool) {
    self.keeps = keeps
  }

  /// Reads the next element; nil at the end of the stream.
  ///
  /// - Throws: `InterchangeError.malformed` naming the line of the first syntax error (a line
  ///   that is not a content line, invalid UTF-8, anything but `BEGIN:VCALENDAR` at the top
  ///   level, an `END:` that closes another component, a component never closed, a component
  ///   larger than the maximum), or what the source throws.
  public mutating func next() throws -> Element? {
    guard var reader = input else {
      preconditionFailure("a reader without a source of its own is read with next(from:)")
    }
    input = nil
    defer { input = reader }
    return try next(from: &reader)
  }

  /// Reads the next element from `reader` (see `next()`).
  mutating func next(from reader: inout ByteReader) throws -> Element? {
    if !started {
      started = true
      if try reader.skipByteOrderMark() { return .trivia(Self.byteOrderMark[...]) }
    }
    while true {
      guard try lines.next(&reader, recordLine: builder?.line) else {
        try finish()
        return nil
      }
      let element: Element?
      do throws(ImportProblem) {
        element = try take()
      } catch {
        throw InterchangeError.malformed(line: lines.line, error)
      }
      if let builder, builder.size > reader.maximumRecordSize {
        throw InterchangeError.malformed(
          line: builder.line, .recordTooLong(limit: reader.maximumRecordSize))
      }
      if let element { return element }
    }
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Takes in the line `lines` holds; the element it completes, if any.
  private mutating func take() throws(ImportProblem) -> Element? {
    if lines.isBlank {
      if builder != nil {
        builder!.addTrivia(lines)
        return nil
      }
      return skipping.isEmpty ? .trivia(lines.raw[...]) : nil
    }
    let parsed: ICalendarContentLine
    do throws(ImportProblem) {
      parsed = try lines.parsed()
    } catch {
      if calendarLine == nil, case .notContentLine = error {
        throw .expectedCalendar(found: Quote.bytes(lines.content))
      }
      throw error
    }
    if builder != nil {
      guard let component = try builder!.add(lines, parsed) else { return nil }
      builder = nil
      return .component(component)
    }
    if !skipping.isEmpty {
      switch parsed.name {
      case "BEGIN": skipping.append((componentName(parsed), lines.line))
      case "END":
        let open = skipping.last!
        guard componentName(parsed) == open.name else {
          throw .mismatchedEnd(found: Quote.bytes(lines.content), open: Quote.text(open.name))
        }
        skipping.removeLast()
        if skipping.isEmpty { return .skipped(name: open.name, line: open.line) }
      default: break
      }
      return nil
    }
    guard calendarLine != nil else {
      guard parsed.name == "BEGIN", componentName(parsed) == "VCALENDAR" else {
        throw .expectedCalendar(found: Quote.bytes(lines.content))
      }
      calendarLine = lines.line
      return .beginCalendar(lines.property(parsed))
    }
    switch parsed.name {
    case "BEGIN":
      let name = componentName(parsed)
      if keeps(name) {
        builder = ICalendarTreeBuilder(beginning: lines, parsed)
      } else {
        skipping.append((name, lines.line))
      }
      return nil
    case "END":
      guard componentName(parsed) == "VCALENDAR" else {
        throw .mismatchedEnd(found: Quote.bytes(lines.content), open: "VCALENDAR")
      }
      calendarLine = nil
      return .endCalendar(lines.property(parsed))
    default:
      return .property(lines.property(parsed))
    }
  }

  /// At the end of the input: the innermost component still open is never closed.
  private func finish() throws(InterchangeError) {
    if let builder {
      let open = builder.innermost
      throw .malformed(line: open.line, .unclosedComponent(open.name))
    }
    if let open = skipping.last {
      throw .malformed(line: open.line, .unclosedComponent(open.name))
    }
    if let calendarLine {
      throw .malformed(line: calendarLine, .unclosedComponent("VCALENDAR"))
    }
  }

  private func componentName(_ parsed: ICalendarContentLine) -> String {
    ICalendarContentLine.componentName(lines.content[parsed.valueStart...])
  }
}
