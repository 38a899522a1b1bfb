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
        let opened = try JSONStreamReading.open(
          UInt8(ascii: "["), &reader, expected: "'[' to open the array of notes")
        guard opened else {
          phase = .done
          return nil
        }
        phase = .firstElement
      case .firstElement:
        guard let byte = try Self.skipWhitespace(&reader) else {
          throw RecordProblem(
            line: reader.line, problem: .unexpectedEnd(expected: "a note object or ']'"))
        }
        if byte == UInt8(ascii: "]") {
          reader.consume(1, newlines: 0)
          phase = .done
          continue
        }
        return try element(&reader)
      case .afterElement:
        guard let byte = try Self.skipWhitespace(&reader) else {
          throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: "',' or ']'"))
        }
        if byte == UInt8(ascii: "]") {
          reader.consume(1, newlines: 0)
          phase = .done
          continue
        }
        guard byte == UInt8(ascii: ",") else {
          throw try unexpected(&reader, expected: "',' or ']'")
        }
        reader.consume(1, newlines: 0)
        guard try Self.skipWhitespace(&reader) != nil else {
          throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: "a note object"))
        }
        return try element(&reader)
      case .done:
        try JSONStreamReading.expectEnd(&reader, after: "']'")
        return nil
      }
    }
  }

  /// Reads the object that starts at the reader's first byte.
  private mutating func element(_ reader: inout ByteReader) throws -> DecodedNote {
    guard reader[0] == UInt8(ascii: "{") else {
      throw try unexpected(&reader, expected: "a note object")
    }
    let line = reader.line
    let (length, newlines) = try JSONStreamReading.valueExtent(
      &reader, line: line, closing: "'}' to close the note")
    let note = try reader.withBytes { bytes -> DecodedNote in
      var parser = JSONNoteParser(bytes: UnsafeBufferPointer(rebasing: bytes[..<length]))
      do throws(ImportProblem) {
        let note = try parser.parseNote(line: line)
        if parser.index < length {
          throw parser.unexpected(expected: "the end of the note")
        }
        return note
      } catch {
        throw RecordProblem(line: line, problem: error)
      }
    }
    reader.consume(length, newlines: newlines)
    phase = .afterElement
    return note
  }

  private static func skipWhitespace(_ reader: inout ByteReader) throws -> UInt8? {
    try JSONStreamReading.skipWhitespace(&reader)
  }

  private func unexpected(_ reader: inout ByteReader, expected: String) throws -> RecordProblem {
    try JSONStreamReading.unexpected(&reader, expected: expected)
  }
}
