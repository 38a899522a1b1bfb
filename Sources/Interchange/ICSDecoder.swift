/// RFC 5545 input, one VJOURNAL at a time.
///
/// Content lines are unfolded (a line break followed by a space or a tab is removed with that
/// one character); CRLF or LF line ends; blank lines skipped. The input is
/// one or more `VCALENDAR`s; each `VJOURNAL` directly inside one is a note (`ICSJournal`);
/// every other component there (VEVENT, VTODO, VTIMEZONE…) is skipped with whatever it nests,
/// and counted. A journal's errors name its `BEGIN:VJOURNAL` line.
struct ICSDecoder {
  /// Components other than VJOURNAL skipped so far directly inside a VCALENDAR.
  private(set) var skippedComponents = 0
  private var open: [(name: String, line: Int)] = []
  private var journal: ICSJournal?
  private var logical: [UInt8] = []
  private var started = false

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      try reader.skipByteOrderMark()
      started = true
    }
    while true {
      let line = reader.line
      guard try readLogicalLine(&reader) else {
        if let innermost = open.last {
          throw RecordProblem(
            line: journal?.line ?? innermost.line, problem: .unclosedComponent(innermost.name))
        }
        return nil
      }
      if logical.isEmpty { continue }
      do throws(ImportProblem) {
        if let note = try process(line: line) { return note }
      } catch {
        throw RecordProblem(line: journal?.line ?? line, problem: error)
      }
    }
  }

  /// Takes in the logical line in `logical`, which starts on `line`; returns a note when the
  /// line ends a journal.
  private mutating func process(line: Int) throws(ImportProblem) -> DecodedNote? {
    try logical.withUnsafeBufferPointer { (bytes) throws(ImportProblem) -> DecodedNote? in
      guard UTF8Validation.isValid(bytes) else { throw .invalidUTF8 }
      let content: ICSContentLine
      do throws(ImportProblem) {
        content = try ICSContentLine(bytes)
      } catch {
        throw open.isEmpty ? .expectedCalendar(found: Quote.bytes(bytes)) : error
      }
      let value = UnsafeBufferPointer(rebasing: bytes[content.valueStart...])
      switch content.name {
      case "BEGIN":
        let name = String(decoding: value, as: UTF8.self).uppercased()
        if open.isEmpty {
          guard name == "VCALENDAR" else { throw .expectedCalendar(found: Quote.bytes(bytes)) }
        } else if open.count == 1 {
          if name == "VJOURNAL" {
            journal = ICSJournal(line: line)
          } else {
            skippedComponents += 1
          }
        }
        open.append((name, line))
      case "END":
        let name = String(decoding: value, as: UTF8.self).uppercased()
        guard let innermost = open.last else { throw .expectedCalendar(found: Quote.bytes(bytes)) }
        guard name == innermost.name else {
          throw .mismatchedEnd(found: Quote.bytes(bytes), open: Quote.text(innermost.name))
        }
        open.removeLast()
        if open.count == 1, innermost.name == "VJOURNAL", let finished = journal {
          let note = try finished.finish()  // on error, `journal` still names the line
          journal = nil
          return note
        }
      default:
        guard !open.isEmpty else { throw .expectedCalendar(found: Quote.bytes(bytes)) }
        if open.count == 2, journal != nil {
          try journal!.add(content, value: value)
        }
      }
      return nil
    }
  }

  /// Reads the next logical line into `logical`, without its line break; false at the end of
  /// the input.
  private mutating func readLogicalLine(_ reader: inout ByteReader) throws -> Bool {
    logical.removeAll(keepingCapacity: true)
    let recordLine = journal?.line ?? reader.line
    var isContinuation = false
    while true {
      guard let next = try reader.nextLine(recordLine: recordLine) else { return isContinuation }
      let (length, hasNewline) = next
      reader.withBytes { bytes in
        var end = length
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        let start = isContinuation ? 1 : 0
        if end > start { logical.append(contentsOf: bytes[start..<end]) }
      }
      reader.consumeLine(next)
      if logical.count > reader.maximumRecordSize {
        throw InterchangeError.malformed(
          line: recordLine, .recordTooLong(limit: reader.maximumRecordSize))
      }
      guard hasNewline else { return true }
      if reader.available == 0 {
        if try !reader.readMore(recordLine: recordLine) { return true }
      }
      guard reader[0] == 0x20 || reader[0] == 0x09 else { return true }
      isContinuation = true
    }
  }
}
