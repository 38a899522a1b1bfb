/// Steps shared by the decoders that read one big JSON value piece by piece (`json`, `jrnl`):
/// whitespace, the extent of the next value, error messages that do not depend on chunks.
enum JSONStreamReading {
  /// Consumes JSON whitespace and returns the next byte (not consumed), or nil at the end.
  static func skipWhitespace(_ reader: inout ByteReader) throws -> UInt8? {
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

  /// Opens the top-level value, `opening` (`[` or `{`), after a byte order mark and white space.
  ///
  /// False when the input is empty or only white space: it holds no notes.
  ///
  /// - Throws: `unexpectedCharacter(expected:)` when another byte comes first; what the reader
  ///   throws.
  static func open(_ opening: UInt8, _ reader: inout ByteReader, expected: String) throws -> Bool {
    try reader.skipByteOrderMark()
    guard let byte = try skipWhitespace(&reader) else { return false }
    guard byte == opening else { throw try unexpected(&reader, expected: expected) }
    reader.consume(1, newlines: 0)
    return true
  }

  /// Checks that only white space follows the top-level value, which `closing` ended.
  ///
  /// - Throws: `unexpectedCharacter(expected:)` at anything else; what the reader throws.
  static func expectEnd(_ reader: inout ByteReader, after closing: String) throws {
    if try skipWhitespace(&reader) != nil {
      throw try unexpected(&reader, expected: "nothing after the closing \(closing)")
    }
  }

  /// Steps to the next object of an array of objects, after its `[` when `first`, else after
  /// an element: true at the object's `{` (not consumed), false past the array's `]`.
  ///
  /// - Throws: `unexpectedEnd` or `unexpectedCharacter`, naming `object` or the `,` or `]`
  ///   expected; what the reader throws.
  static func nextObject(_ reader: inout ByteReader, first: Bool, object: String) throws -> Bool {
    guard var byte = try skipWhitespace(&reader) else {
      throw RecordProblem(
        line: reader.line,
        problem: .unexpectedEnd(expected: first ? object + " or ']'" : "',' or ']'"))
    }
    if byte == UInt8(ascii: "]") {
      reader.consume(1, newlines: 0)
      return false
    }
    if !first {
      guard byte == UInt8(ascii: ",") else { throw try unexpected(&reader, expected: "',' or ']'") }
      reader.consume(1, newlines: 0)
      guard let after = try skipWhitespace(&reader) else {
        throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: object))
      }
      byte = after
    }
    guard byte == UInt8(ascii: "{") else { throw try unexpected(&reader, expected: object) }
    return true
  }

  /// Makes the whole value that starts at the reader's first byte available, and returns its
  /// length and the line breaks it holds.
  ///
  /// An object or an array runs up to its matching brace (outside strings), a string up to
  /// its closing quote, anything else up to a `,`, `}`, `]` or whitespace. The value is not
  /// checked here.
  ///
  /// - Throws: `unterminatedString` or `unexpectedEnd(expected: closing)` at `line` when the
  ///   input ends first; what the reader throws.
  static func valueExtent(_ reader: inout ByteReader, line: Int, closing: String) throws -> (
    length: Int, newlines: Int
  ) {
    let first = reader[0]
    let isContainer = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    var depth = 0
    var inString = false
    var escaped = false
    var newlines = 0
    var scanned = 0
    while true {
      let end = reader.withBytes { bytes -> Int? in
        var index = scanned
        while index < bytes.count {
          let byte = bytes[index]
          if !isContainer && first != UInt8(ascii: "\"") {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
              return index
            default:
              index += 1
              continue
            }
          }
          index += 1
          if byte == 0x0A { newlines += 1 }
          if inString {
            if escaped {
              escaped = false
            } else if byte == UInt8(ascii: "\\") {
              escaped = true
            } else if byte == UInt8(ascii: "\"") {
              inString = false
              if !isContainer { return index }
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
      if let end { return (end, newlines) }
      scanned = reader.available
      if try !reader.readMore(recordLine: line) {
        if !isContainer && first != UInt8(ascii: "\"") { return (reader.available, newlines) }
        throw RecordProblem(
          line: line, problem: inString ? .unterminatedString : .unexpectedEnd(expected: closing))
      }
    }
  }

  /// Parses the value that starts at the reader's first byte with `parse`, given a parser over
  /// exactly its bytes and the line it starts on, then steps over it: the one way each JSON
  /// decoder reads a note, an entry, a key or a value it skips.
  ///
  /// - Throws: What `valueExtent` throws (with `closing`); what `parse` throws, as a
  ///   `RecordProblem` at the value's line.
  static func parseValue<Value>(
    _ reader: inout ByteReader, closing: String,
    _ parse: (inout JSONNoteParser, Int) throws(ImportProblem) -> Value
  ) throws -> Value {
    let line = reader.line
    let (length, newlines) = try valueExtent(&reader, line: line, closing: closing)
    let value = try reader.withBytes { bytes -> Value in
      var parser = JSONNoteParser(bytes: UnsafeBufferPointer(rebasing: bytes[..<length]))
      do throws(ImportProblem) {
        return try parse(&parser, line)
      } catch {
        throw RecordProblem(line: line, problem: error)
      }
    }
    reader.consume(length, newlines: newlines)
    return value
  }

  /// The problem of an unexpected character at the reader's first byte (read whole first, so
  /// that the message does not depend on where the source's chunks end).
  static func unexpected(_ reader: inout ByteReader, expected: String) throws -> RecordProblem {
    _ = try reader.ensure(4)
    let found = reader.withBytes { Quote.character(in: $0, at: 0) }
    return RecordProblem(
      line: reader.line, problem: .unexpectedCharacter(found, expected: expected))
  }
}
