internal import CalendarPaging

/// RFC 4180 input, one record at a time.
///
/// A header row names the columns (`day` and `body` required; `uid`,
/// `created`, `updated` optional; any order, names matched ignoring case and surrounding
/// spaces; others, `id` included, ignored), quoted fields with `""` for a quote and commas, CR
/// and LF inside, CRLF or LF line ends, blank lines skipped. Every record must have as many
/// fields as the header. Empty `uid`, `created` and `updated` fields mean "not given".
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
  private var fields: [Field] = []
  private var scratch: [UInt8] = []

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      try reader.skipByteOrderMark()
      started = true
    }
    while true {
      guard let (contentLength, recordLength, newlines) = try scanRecord(&reader) else {
        return nil
      }
      let line = reader.line
      let note = try reader.withBytes { bytes -> DecodedNote? in
        let record = UnsafeBufferPointer(rebasing: bytes[..<contentLength])
        if record.isEmpty { return nil }  // a blank line
        do throws(ImportProblem) {
          splitFields(record)
          guard let columns else {
            columns = try Self.columns(fromHeader: record, fields: fields)
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
            case UInt8(ascii: ","): state = .fieldStart
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
        while index < record.count && record[index] != UInt8(ascii: ",") { index += 1 }
        fields.append(Field(start: start, end: index, hasDoubledQuotes: false))
      }
      guard index < record.count else { return }
      index += 1  // the comma; a field (perhaps empty) follows
    }
  }

  private static func columns(fromHeader record: UnsafeBufferPointer<UInt8>, fields: [Field])
    throws(ImportProblem) -> Columns
  {
    var found: [String: Int] = [:]
    for (position, field) in fields.enumerated() {
      let raw = String(
        decoding: UnsafeBufferPointer(rebasing: record[field.start..<field.end]), as: UTF8.self)
      let name = raw.replacingDoubledQuotes(field.hasDoubledQuotes).trimmingSpaces().lowercased()
      guard CSVWriter.columns.contains(name) else { continue }
      guard found[name] == nil else { throw .duplicateColumn(name) }
      found[name] = position
    }
    guard let day = found["day"] else { throw .missingColumn("day") }
    guard let body = found["body"] else { throw .missingColumn("body") }
    return Columns(
      count: fields.count, uid: found["uid"], day: day, body: body, created: found["created"],
      updated: found["updated"])
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
      try FieldValues.text(bytes)
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
