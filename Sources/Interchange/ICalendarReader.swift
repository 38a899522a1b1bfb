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

  /// The input.
  private var input: ByteReader
  private var parser: ICalendarParser<NoShortcut>

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
    input = ByteReader(source: source, maximumRecordSize: maximumComponentSize)
    parser = ICalendarParser(keeps: keeps, shortcut: NoShortcut())
  }

  /// Reads the next element; nil at the end of the stream.
  ///
  /// - Throws: `InterchangeError.malformed` naming the line of the first syntax error (a line
  ///   that is not a content line, invalid UTF-8, anything but `BEGIN:VCALENDAR` at the top
  ///   level, an `END:` that closes another component, a component never closed, a component
  ///   larger than the maximum), or what the source throws.
  public mutating func next() throws -> Element? {
    switch try parser.next(from: &input) {
    case nil: return nil
    case .element(let element): return element
    case .beginsCalendar, .endsCalendar:
      preconditionFailure("a parser that keeps every calendar line gives them as elements")
    }
  }
}
