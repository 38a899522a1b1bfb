/// JSON Lines: one note object per line; blank lines are skipped; LF or CRLF line ends.
struct JSONLinesDecoder {
  private var started = false

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      try reader.skipByteOrderMark()
      started = true
    }
    while true {
      guard let next = try reader.nextLine() else { return nil }
      let lineLength = next.length
      let line = reader.line
      let note = try reader.withBytes { bytes -> DecodedNote? in
        var parser = JSONNoteParser(bytes: UnsafeBufferPointer(rebasing: bytes[..<lineLength]))
        parser.skipWhitespace()
        if parser.index == lineLength { return nil }  // a blank line
        do throws(ImportProblem) {
          let note = try parser.parseNote(line: line)
          parser.skipWhitespace()
          if parser.index < lineLength {
            throw parser.unexpected(expected: "the end of the line after the note")
          }
          return note
        } catch {
          throw RecordProblem(line: line, problem: error)
        }
      }
      reader.consumeLine(next)
      if let note { return note }
    }
  }
}
