internal import CalendarPaging

/// RFC 4180 input, one record at a time.
///
/// A header row names the columns (`day` and `body` required; `uid`,
/// `created`, `updated` optional; any order, names matched ignoring case and surrounding
/// spaces; others ignored, and named in `unknownColumns` but for `id`), quoted fields with `""`
/// for a quote and separators, CR and LF inside, CRLF or LF line ends, blank and white-space
/// lines skipped. Every record must have as many fields as the header. Empty `uid`, `created`
/// and `updated` fields mean "not given"; an empty or white-space `body` is refused.
///
/// The separator is `,`, or `;` as spreadsheets write CSV in many locales: the header row
/// decides (more `;` than `,` outside quotes), or a first line `sep=;` as Excel writes it. A
/// header split only by tabs or `|` is refused, naming the separator.
struct CSVDecoder {
  private struct Columns {
    var count: Int
    var uid: Int?
    var day: Int
    var body: Int
    var created: Int?
    var updated: Int?
  }

  /// One field of the current record: its byte range, and whether it was quoted with `""`
  /// inside (so needs unescaping).
  private struct Field {
    var start: Int
    var end: Int
    var hasDoubledQuotes: Bool
  }

  private enum ScanState {
    case fieldStart
    case unquoted
    case quoted
    case afterQuote
    case carriageReturn(at: Int)
  }

  private var columns: Columns?
  private var started = false
  /// The field separator, known once the header row has been seen.
  private(set) var separator: UInt8?
  /// The header's columns calpager does not read, as written (trimmed).
  private(set) var unknownColumns: [String] = []
  private var fields: [Field] = []
  private var scratch: [UInt8] = []

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      try reader.skipByteOrderMark()
      started = true
    }
    while true {
      if separator == nil {
        guard try findSeparator(&reader) else { return nil }
      }
      guard let (contentLength, recordLength, newlines) = try scanRecord(&reader) else {
        return nil
      }
      let line = reader.line
      let note = try reader.withBytes { bytes -> DecodedNote? in
        let record = UnsafeBufferPointer(rebasing: bytes[..<contentLength])
        if Self.isBlank(record) { return nil }
        do throws(ImportProblem) {
          splitFields(record)
          guard let columns else {
            let header = try Self.columns(
              fromHeader: record, fields: fields, separator: separator!)
            columns = header.columns
            unknownColumns = header.unknown
            return nil
          }
          return try decodeNote(in: record, columns: columns, line: line)
        } catch {
          throw RecordProblem(line: line, problem: error)
        }
      }
      reader.consume(recordLength, newlines: newlines)
      if let note { return note }
    }
  }

  /// Whether a record holds nothing but spaces and tabs (or nothing).
  private static func isBlank(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
    record.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Looks at the first line that is not blank to choose the separator, consuming blank lines
  /// and Excel's `sep=;` line; false at the end of the input.
  private mutating func findSeparator(_ reader: inout ByteReader) throws -> Bool {
    while true {
      guard let next = try reader.nextLine() else { return false }
      let line = reader.line
      let (choice, consume) = try reader.withBytes { bytes -> (UInt8?, Bool) in
        var length = next.length
        if length > 0 && bytes[length - 1] == 0x0D { length -= 1 }
        let text = UnsafeBufferPointer(rebasing: bytes[..<length])
        if Self.isBlank(text) { return (nil, true) }
        if length == 5, text[0] | 0x20 == UInt8(ascii: "s"), text[1] | 0x20 == UInt8(ascii: "e"),
          text[2] | 0x20 == UInt8(ascii: "p"), text[3] == UInt8(ascii: "=")
        {
          return (try Self.checked(text[4], line: line), true)
        }
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for byte in text {
          if byte == UInt8(ascii: "\"") { quoted.toggle() }
          if !quoted { counts[byte, default: 0] += 1 }
        }
        let commas = counts[UInt8(ascii: ","), default: 0]
        let semicolons = counts[UInt8(ascii: ";"), default: 0]
        if semicolons > commas { return (UInt8(ascii: ";"), false) }
        if commas == 0 && semicolons == 0 {
          for other in [UInt8(0x09), UInt8(ascii: "|")] where counts[other, default: 0] > 0 {
            return (try Self.checked(other, line: line), false)
          }
        }
        return (UInt8(ascii: ","), false)
      }
      if consume { reader.consumeLine(next) }
      if let choice {
        separator = choice
        return true
      }
    }
  }

  /// `byte` when calpager reads it as a separator, else the problem naming it.
  private static func checked(_ byte: UInt8, line: Int) throws -> UInt8 {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: ";"): return byte
    case 0x09: throw RecordProblem(line: line, problem: .unsupportedSeparator("tabs"))
    default:
      let name = "'" + Quote.text(String(UnicodeScalar(byte))) + "'"
      throw RecordProblem(line: line, problem: .unsupportedSeparator(name))
    }
  }

  /// Finds the end of the next record; nil at the end of the input.
  ///
  /// Returns the length of its content (without the line end), of the whole record, and the
  /// line breaks it holds.
  private func scanRecord(_ reader: inout ByteReader) throws -> (
    Int, Int, Int
  )? {
    var state = ScanState.fieldStart
    var newlines = 0
    var scanned = 0
    let line = reader.line
    let separator = self.separator!
    while true {
      var strayCharacter: Int?
      let found = try reader.withBytes { bytes -> (Int, Int)? in
        var index = scanned
        while index < bytes.count {
          let byte = bytes[index]
          switch state {
          case .quoted:
            if byte == UInt8(ascii: "\"") {
              state = .afterQuote
            } else if byte == 0x0A {
              newlines += 1
            }
          case .carriageReturn(let at):
            guard byte == 0x0A else {
              throw RecordProblem(line: line, problem: .bareCarriageReturn)
            }
            return (at, index + 1)
          case .fieldStart, .unquoted, .afterQuote:
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: ";"):
              // Literal cases keep the switch a jump table; only one of them separates.
              if byte == separator {
                state = .fieldStart
              } else if case .afterQuote = state {
                strayCharacter = index
                return nil
              } else {
                state = .unquoted
              }
            case 0x0A: return (index, index + 1)
            case 0x0D: state = .carriageReturn(at: index)
            case UInt8(ascii: "\""):
              switch state {
              case .fieldStart, .afterQuote: state = .quoted
              default: throw RecordProblem(line: line, problem: .quoteInUnquotedField)
              }
            default:
              if case .afterQuote = state {
                strayCharacter = index
                return nil
              }
              state = .unquoted
            }
          }
          index += 1
        }
        return nil
      }
      if let (content, record) = found { return (content, record, newlines + 1) }
      if let strayCharacter {
        // Read the whole character first, so that the message does not depend on chunks.
        _ = try reader.ensure(strayCharacter + 4)
        let found = reader.withBytes { Quote.character(in: $0, at: strayCharacter) }
        throw RecordProblem(line: line, problem: .characterAfterClosingQuote(found))
      }
      scanned = reader.available
      if try !reader.readMore(recordLine: line) {
        if reader.available == 0 { return nil }
        switch state {
        case .quoted: throw RecordProblem(line: line, problem: .unterminatedQuotedField)
        case .carriageReturn(let at): return (at, reader.available, newlines)
        default: return (reader.available, reader.available, newlines)
        }
      }
    }
  }

  /// Splits a record already checked by `scanRecord` into `fields`.
  private mutating func splitFields(_ record: UnsafeBufferPointer<UInt8>) {
    let separator = self.separator!
    fields.removeAll(keepingCapacity: true)
    var index = 0
    while true {
      if index < record.count && record[index] == UInt8(ascii: "\"") {
        var end = index + 1
        var doubled = false
        while end < record.count {
          if record[end] == UInt8(ascii: "\"") {
            if end + 1 < record.count && record[end + 1] == UInt8(ascii: "\"") {
              doubled = true
              end += 2
              continue
            }
            break
          }
          end += 1
        }
        fields.append(Field(start: index + 1, end: end, hasDoubledQuotes: doubled))
        index = end + 1
      } else {
        let start = index
        while index < record.count && record[index] != separator { index += 1 }
        fields.append(Field(start: start, end: index, hasDoubledQuotes: false))
      }
      guard index < record.count else { return }
      index += 1  // the separator; a field (perhaps empty) follows
    }
  }

  private static func columns(
    fromHeader record: UnsafeBufferPointer<UInt8>, fields: [Field], separator: UInt8
  ) throws(ImportProblem) -> (columns: Columns, unknown: [String]) {
    guard UTF8Validation.isValid(record) else { throw .invalidUTF8 }
    var found: [String: Int] = [:]
    var unknown: [String] = []
    for (position, field) in fields.enumerated() {
      let raw = String(
        decoding: UnsafeBufferPointer(rebasing: record[field.start..<field.end]), as: UTF8.self)
      let trimmed = raw.replacingDoubledQuotes(field.hasDoubledQuotes).trimmingSpaces()
      let name = trimmed.lowercased()
      guard CSVWriter.columns.contains(name) else {
        if name != "id" { unknown.append(trimmed) }
        continue
      }
      guard found[name] == nil else { throw .duplicateColumn(name) }
      found[name] = position
    }
    func missing(_ name: String) -> ImportProblem {
      separator == UInt8(ascii: ",")
        ? .missingColumn(name) : .missingColumnWithSeparator(name, separator: ";")
    }
    guard let day = found["day"] else { throw missing("day") }
    guard let body = found["body"] else { throw missing("body") }
    let columns = Columns(
      count: fields.count, uid: found["uid"], day: day, body: body, created: found["created"],
      updated: found["updated"])
    return (columns, unknown)
  }

  private mutating func decodeNote(
    in record: UnsafeBufferPointer<UInt8>, columns: Columns, line: Int
  ) throws(ImportProblem) -> DecodedNote {
    guard fields.count == columns.count else {
      throw .fieldCount(found: fields.count, expected: columns.count)
    }
    let uid =
      try columns.uid.map { (column) throws(ImportProblem) in
        try withField(column, in: record) { (bytes) throws(ImportProblem) in
          try FieldValues.uid(bytes)
        }
      } ?? nil
    let day = try withField(columns.day, in: record) { (bytes) throws(ImportProblem) in
      try FieldValues.day(bytes, field: "day")
    }
    let body = try withField(columns.body, in: record) { (bytes) throws(ImportProblem) in
      try FieldValues.body(bytes)
    }
    let created =
      try columns.created.map { (column) throws(ImportProblem) in
        try withField(column, in: record) { (bytes) throws(ImportProblem) in
          try FieldValues.timestamp(bytes, field: "created")
        }
      } ?? nil
    let updated =
      try columns.updated.map { (column) throws(ImportProblem) in
        try withField(column, in: record) { (bytes) throws(ImportProblem) in
          try FieldValues.timestamp(bytes, field: "updated")
        }
      } ?? nil
    return DecodedNote(
      uid: uid, day: day, body: body, created: created, updated: updated, line: line)
  }

  /// Calls `body` with the bytes of field `column`, `""` turned back into `"`.
  private mutating func withField<Result>(
    _ column: Int, in record: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> Result
  ) throws(ImportProblem) -> Result {
    let field = fields[column]
    let bytes = UnsafeBufferPointer(rebasing: record[field.start..<field.end])
    guard field.hasDoubledQuotes else { return try body(bytes) }
    scratch.removeAll(keepingCapacity: true)
    var index = 0
    while index < bytes.count {
      scratch.append(bytes[index])
      index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
    }
    return try scratch.withUnsafeBufferPointer { (unescaped) throws(ImportProblem) in
      try body(unescaped)
    }
  }
}

extension String {
  fileprivate func replacingDoubledQuotes(_ doubled: Bool) -> String {
    guard doubled else { return self }
    var result = ""
    var previousWasQuote = false
    for character in self {
      if character == "\"" && previousWasQuote {
        previousWasQuote = false
        continue
      }
      previousWasQuote = character == "\""
      result.append(character)
    }
    return result
  }

  fileprivate func trimmingSpaces() -> String {
    var slice = Substring(self)
    while slice.first == " " || slice.first == "\t" { slice.removeFirst() }
    while slice.last == " " || slice.last == "\t" { slice.removeLast() }
    return String(slice)
  }
}
