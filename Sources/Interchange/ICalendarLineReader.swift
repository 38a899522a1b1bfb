/// Reads iCalendar content lines from a `ByteReader`, keeping each line's bytes as read
/// (`raw`: folds and line break included) and unfolded (`content`).
///
/// A line break followed by a space or a tab continues the line (the break and that one
/// character are removed); lines end with CRLF or LF. The buffers are reused from line to
/// line, and a line that is not folded is not copied twice: its content is the start of its
/// raw bytes.
struct ICalendarLineReader {
  /// The bytes of the last line read, as they were.
  private(set) var raw: [UInt8] = []
  /// The last line read unfolded, when it was folded.
  private var unfolded: [UInt8] = []
  /// Whether the last line read was folded (its content is then `unfolded`).
  private(set) var isFolded = false
  /// The end of the first physical line's content in `raw` (before its line break).
  private var firstEnd = 0
  /// The 1-based line where the last line read starts.
  private(set) var line = 1

  /// A reader whose buffers hold lines of a few hundred bytes before they grow.
  init() {
    raw.reserveCapacity(256)
  }

  /// The last line read, unfolded, without its line break (indices from 0).
  var content: ArraySlice<UInt8> { isFolded ? unfolded[...] : raw[..<firstEnd] }

  /// Calls `body` with the bytes of `content`.
  func withContent<Result, Failure>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if isFolded { return try unfolded.withUnsafeBufferPointer(body) }
    return try raw.withUnsafeBufferPointer { (bytes) throws(Failure) in
      try body(UnsafeBufferPointer(rebasing: bytes[..<firstEnd]))
    }
  }

  /// Whether the last line read holds nothing but spaces and tabs (or nothing at all).
  var isBlank: Bool {
    withContent { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
  }

  /// Reads the next logical line; false at the end of the input.
  ///
  /// - Throws: what the source throws, or `recordTooLong` naming `recordLine` (else the line's
  ///   own) when a line passes the reader's limit.
  mutating func next(_ reader: inout ByteReader, recordLine: Int? = nil) throws -> Bool {
    isFolded = false
    firstEnd = 0
    line = reader.line
    let limitLine = recordLine ?? line
    var isContinuation = false
    while true {
      guard let next = try reader.nextLine(recordLine: limitLine) else {
        if !isContinuation { raw.removeAll(keepingCapacity: true) }
        return isContinuation
      }
      let (length, hasNewline) = next
      reader.withBytes { bytes in
        let line = UnsafeBufferPointer(rebasing: bytes[0..<length + (hasNewline ? 1 : 0)])
        var end = length
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        guard isContinuation else {
          // The last line's bytes replaced in one step, the buffer kept.
          raw.replaceSubrange(raw.startIndex..<raw.endIndex, with: line)
          firstEnd = end
          return
        }
        raw.append(contentsOf: line)
        if !isFolded {
          unfolded.removeAll(keepingCapacity: true)
          unfolded.append(contentsOf: raw[..<firstEnd])
          isFolded = true
        }
        if end > 1 { unfolded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[1..<end])) }
      }
      reader.consumeLine(next)
      if raw.count > reader.maximumRecordSize {
        throw InterchangeError.malformed(
          line: limitLine, .recordTooLong(limit: reader.maximumRecordSize))
      }
      guard hasNewline else { return true }
      if reader.available == 0 {
        if try !reader.readMore(recordLine: limitLine) { return true }
      }
      guard reader[0] == 0x20 || reader[0] == 0x09 else { return true }
      isContinuation = true
    }
  }

  /// The last line read, parsed.
  ///
  /// - Throws: `invalidUTF8`, or `notContentLine` when it is not `NAME[;PARAM=…]:VALUE`.
  func parsed() throws(ImportProblem) -> ICalendarContentLine {
    try withContent { (bytes) throws(ImportProblem) in
      guard UTF8Validation.isValid(bytes) else { throw .invalidUTF8 }
      return try ICalendarContentLine(bytes)
    }
  }

  /// Appends the last line read to `storage` as a property keeps it: its raw bytes, then its
  /// unfolded content only when it was folded; where its parts are.
  func append(to storage: inout [UInt8], _ parsed: ICalendarContentLine)
    -> ICalendarProperty.Layout
  {
    let start = storage.count
    storage += raw
    if isFolded {
      let contentStart = storage.count
      storage += unfolded
      return ICalendarProperty.Layout(
        raw: start..<contentStart, content: contentStart..<storage.count,
        valueStart: contentStart + parsed.valueStart)
    }
    return layout(at: start, parsed)
  }

  /// Where the parts of the last line read are when its raw bytes are at `start` and it was
  /// not folded (its content is then the start of them).
  func layout(at start: Int, _ parsed: ICalendarContentLine) -> ICalendarProperty.Layout {
    precondition(!isFolded, "a folded line's content is not in its raw bytes")
    return ICalendarProperty.Layout(
      raw: start..<start + raw.count, content: start..<start + firstEnd,
      valueStart: start + parsed.valueStart)
  }

  /// The last line read as a property with bytes of its own.
  func property(_ parsed: ICalendarContentLine) -> ICalendarProperty {
    var bytes: [UInt8] = []
    let layout = append(to: &bytes, parsed)
    return ICalendarProperty(
      name: parsed.name, parameters: parsed.parameters, line: line, bytes: bytes[...],
      layout: layout)
  }
}
