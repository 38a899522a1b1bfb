/// Reads iCalendar content lines from a `ByteReader`, keeping each line's bytes twice: as read
/// (`raw`: folds and line break included) and unfolded (`content`).
///
/// A line break followed by a space or a tab continues the line (the break and that one
/// character are removed); lines end with CRLF or LF. The buffers are reused from line to
/// line.
struct ICalendarLineReader {
  /// The bytes of the last line read, as they were.
  private(set) var raw: [UInt8] = []
  /// The last line read, unfolded, without its line break.
  private(set) var content: [UInt8] = []
  /// The 1-based line where the last line read starts.
  private(set) var line = 1

  /// Whether the last line read holds nothing but spaces and tabs (or nothing at all).
  var isBlank: Bool {
    content.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Reads the next logical line; false at the end of the input.
  ///
  /// - Throws: what the source throws, or `recordTooLong` naming `recordLine` (else the line's
  ///   own) when a line passes the reader's limit.
  mutating func next(_ reader: inout ByteReader, recordLine: Int? = nil) throws -> Bool {
    raw.removeAll(keepingCapacity: true)
    content.removeAll(keepingCapacity: true)
    line = reader.line
    let limitLine = recordLine ?? line
    var isContinuation = false
    while true {
      guard let next = try reader.nextLine(recordLine: limitLine) else { return isContinuation }
      let (length, hasNewline) = next
      reader.withBytes { bytes in
        raw.append(contentsOf: bytes[0..<(length + (hasNewline ? 1 : 0))])
        var end = length
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        let start = isContinuation ? 1 : 0
        if end > start { content.append(contentsOf: bytes[start..<end]) }
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
    try content.withUnsafeBufferPointer { (bytes) throws(ImportProblem) in
      guard UTF8Validation.isValid(bytes) else { throw .invalidUTF8 }
      return try ICalendarContentLine(bytes)
    }
  }

  /// The last line read as a property with bytes of its own.
  func property(_ parsed: ICalendarContentLine) -> ICalendarProperty {
    ICalendarProperty(
      name: parsed.name, parameters: parsed.parameters, line: line, bytes: (raw + content)[...],
      contentStart: raw.count, valueStart: raw.count + parsed.valueStart)
  }
}
