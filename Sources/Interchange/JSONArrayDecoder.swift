/// One JSON array of note objects, read element by element.
///
/// Each object is found by matching its braces (outside strings), then parsed as a whole. An
/// input that is empty or only white space holds no notes.
struct JSONArrayDecoder {
  private enum Phase {
    case start
    case firstElement
    case afterElement
    case done
  }

  private var phase = Phase.start

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    while true {
      switch phase {
      case .start:
        // An empty input goes straight to the end, which finds nothing after it.
        let opened = try JSONStreamReading.open(
          UInt8(ascii: "["), &reader, expected: "'[' to open the array of notes")
        phase = opened ? .firstElement : .done
      case .firstElement, .afterElement:
        let first = phase == .firstElement
        if try JSONStreamReading.nextObject(&reader, first: first, object: "a note object") {
          return try element(&reader)
        }
        phase = .done
      case .done:
        try JSONStreamReading.expectEnd(&reader, after: "']'")
        return nil
      }
    }
  }

  /// Reads the object that starts at the reader's first byte, its `{`.
  private mutating func element(_ reader: inout ByteReader) throws -> DecodedNote {
    let note = try JSONStreamReading.parseValue(&reader, closing: "'}' to close the note") {
      parser, line throws(ImportProblem) in
      let note = try parser.parseNote(line: line)
      if parser.index < parser.bytes.count {
        throw parser.unexpected(expected: "the end of the note")
      }
      return note
    }
    phase = .afterElement
    return note
  }
}
