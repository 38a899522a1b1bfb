/// One JSON array of note objects, read element by element: each object is found by matching
/// its braces (outside strings), then parsed as a whole.
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
        try reader.skipByteOrderMark()
        guard let byte = try Self.skipWhitespace(&reader) else {
          throw RecordProblem(
            line: reader.line, problem: .unexpectedEnd(expected: "'[' to open the array of notes"))
        }
        guard byte == UInt8(ascii: "[") else {
          throw try unexpected(&reader, expected: "'[' to open the array of notes")
        }
        reader.consume(1, newlines: 0)
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
        if try Self.skipWhitespace(&reader) != nil {
          throw try unexpected(&reader, expected: "nothing after the closing ']'")
        }
        return nil
      }
    }
  }

  /// Reads the object that starts at the reader's first byte.
  private mutating func element(_ reader: inout ByteReader) throws
    -> DecodedNote
  {
    guard reader[0] == UInt8(ascii: "{") else {
      throw try unexpected(&reader, expected: "a note object")
    }
    let line = reader.line
    var depth = 0
    var inString = false
    var escaped = false
    var newlines = 0
    var scanned = 0
    var end: Int?
    while end == nil {
      end = reader.withBytes { bytes -> Int? in
        var index = scanned
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          if byte == 0x0A { newlines += 1 }
          if inString {
            if escaped {
              escaped = false
            } else if byte == UInt8(ascii: "\\") {
              escaped = true
            } else if byte == UInt8(ascii: "\"") {
              inString = false
            }
            continue
          }
          switch byte {
          case UInt8(ascii: "\""): inString = true
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return index }
          default: break
          }
        }
        return nil
      }
      if end != nil { break }
      scanned = reader.available
      if try !reader.readMore(recordLine: line) {
        throw RecordProblem(
          line: line,
          problem: inString
            ? .unterminatedString : .unexpectedEnd(expected: "'}' to close the note"))
      }
    }
    let length = end!
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

  /// Consumes JSON whitespace and returns the next byte (not consumed), or nil at the end.
  private static func skipWhitespace(_ reader: inout ByteReader) throws -> UInt8? {
    while true {
      if reader.available == 0 {
        if try !reader.readMore() { return nil }
      }
      let byte = reader[0]
      switch byte {
      case 0x20, 0x09, 0x0D: reader.consume(1, newlines: 0)
      case 0x0A: reader.consume(1, newlines: 1)
      default: return byte
      }
    }
  }

  /// The problem of an unexpected character at the reader's first byte (read whole first, so
  /// that the message does not depend on where the source's chunks end).
  private func unexpected(_ reader: inout ByteReader, expected: String) throws
    -> RecordProblem
  {
    _ = try reader.ensure(4)
    let found = reader.withBytes { Quote.character(in: $0, at: 0) }
    return RecordProblem(
      line: reader.line, problem: .unexpectedCharacter(found, expected: expected))
  }
}
