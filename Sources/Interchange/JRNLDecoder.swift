internal import NoteModel

/// The JSON that `jrnl --export json` writes, one entry at a time:
/// `{"tags":{…},"entries":[{"title","body","date","time","tags","starred"},…]}`.
///
/// Each entry is a note (see `JSONNoteParser.parseJRNLEntry`); members of the top object other
/// than `entries` (jrnl's tag counts) are checked to be valid JSON and otherwise ignored. An
/// input that is empty or only white space holds no entries. Starred entries are counted.
struct JRNLDecoder {
  private enum Phase {
    case start
    /// Before a member of the top object (`first`: right after its `{`).
    case member(first: Bool)
    case firstEntry
    case afterEntry
    case afterMember
    /// After the top object's `}`.
    case done
    /// Nothing more to read.
    case end
  }

  private let zone: LocalZone
  private var phase = Phase.start
  private var sawEntries = false
  /// The line of the top object's `{`.
  private var objectLine = 1
  /// Starred entries read so far.
  private(set) var starred = 0

  init(zone: LocalZone) {
    self.zone = zone
  }

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    while true {
      switch phase {
      case .start:
        let opened = try JSONStreamReading.open(
          UInt8(ascii: "{"), &reader, expected: "'{' to open jrnl's export")
        objectLine = reader.line
        phase = opened ? .member(first: true) : .end
      case .member(let first):
        guard let byte = try JSONStreamReading.skipWhitespace(&reader) else {
          throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: "a key"))
        }
        if first && byte == UInt8(ascii: "}") {
          reader.consume(1, newlines: 0)
          phase = .done
          continue
        }
        guard byte == UInt8(ascii: "\"") else { throw try unexpected(&reader, expected: "a key") }
        try member(&reader)
      case .afterMember:
        guard let byte = try JSONStreamReading.skipWhitespace(&reader) else {
          throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: "',' or '}'"))
        }
        switch byte {
        case UInt8(ascii: ","): phase = .member(first: false)
        case UInt8(ascii: "}"): phase = .done
        default: throw try unexpected(&reader, expected: "',' or '}'")
        }
        reader.consume(1, newlines: 0)
      case .firstEntry, .afterEntry:
        let first = if case .firstEntry = phase { true } else { false }
        if try JSONStreamReading.nextObject(&reader, first: first, object: "an entry") {
          return try entry(&reader)
        }
        phase = .afterMember
      case .done:
        try JSONStreamReading.expectEnd(&reader, after: "'}'")
        guard sawEntries else {
          throw RecordProblem(line: objectLine, problem: .missingField("entries"))
        }
        phase = .end
        return nil
      case .end:
        return nil
      }
    }
  }

  /// Reads `"key":` and either opens the entries or steps over the value.
  private mutating func member(_ reader: inout ByteReader) throws {
    let line = reader.line
    let isEntries = try JSONStreamReading.parseValue(&reader, closing: "'\"'") {
      parser, _ throws(ImportProblem) in
      try parser.withString { $0.elementsEqual("entries".utf8) }
    }
    guard try JSONStreamReading.skipWhitespace(&reader) == UInt8(ascii: ":") else {
      if reader.available == 0 {
        throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: "':'"))
      }
      throw try unexpected(&reader, expected: "':'")
    }
    reader.consume(1, newlines: 0)
    guard let byte = try JSONStreamReading.skipWhitespace(&reader) else {
      throw RecordProblem(line: reader.line, problem: .unexpectedEnd(expected: "a value"))
    }
    if isEntries {
      guard !sawEntries else {
        throw RecordProblem(line: line, problem: .duplicateKey("entries"))
      }
      sawEntries = true
      guard byte == UInt8(ascii: "[") else {
        throw RecordProblem(
          line: reader.line,
          problem: .wrongType(field: "entries", expected: "an array", found: typeName(byte)))
      }
      reader.consume(1, newlines: 0)
      phase = .firstEntry
      return
    }
    try JSONStreamReading.parseValue(&reader, closing: "the end of the value") {
      parser, _ throws(ImportProblem) in
      try parser.skipValue()
      if parser.index < parser.bytes.count { throw parser.unexpected(expected: "',' or '}'") }
    }
    phase = .afterMember
  }

  /// Reads the entry object that starts at the reader's first byte.
  private mutating func entry(_ reader: inout ByteReader) throws -> DecodedNote {
    let (note, isStarred) = try JSONStreamReading.parseValue(
      &reader, closing: "'}' to close the entry"
    ) { parser, line throws(ImportProblem) in
      try parser.parseJRNLEntry(line: line, zone: zone)
    }
    if isStarred { starred += 1 }
    phase = .afterEntry
    return note
  }

  private func typeName(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    default: return "a number"
    }
  }

  private func unexpected(_ reader: inout ByteReader, expected: String) throws -> RecordProblem {
    try JSONStreamReading.unexpected(&reader, expected: expected)
  }
}
