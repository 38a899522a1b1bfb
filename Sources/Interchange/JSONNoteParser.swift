internal import CalendarPaging
internal import NoteModel

/// Reads one note object from bytes held in memory.
///
/// Strictly per RFC 8259: valid UTF-8, no
/// unescaped control characters, no lone surrogates, no duplicate keys, the right type for
/// each known key. `id` and unknown keys are checked to be valid JSON and otherwise ignored.
struct JSONNoteParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  /// Decoded bytes of a string that held escapes; reused.
  private var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  private enum Key: Int {
    case id, uid, day, body, created, updated, ical
  }

  /// Reads the object starting at `index` (after any whitespace); `index` ends past its `}`.
  mutating func parseNote(line: Int) throws(ImportProblem) -> DecodedNote {
    skipWhitespace()
    guard index < bytes.count else { throw .unexpectedEnd(expected: "a note object") }
    guard bytes[index] == UInt8(ascii: "{") else {
      throw unexpected(expected: "a note object")
    }
    index += 1
    var uid: String?
    var day: Day?
    var body: String?
    var created: Timestamp?
    var updated: Timestamp?
    var ical: String?
    try members(required: "day", key: Self.key) { (parser, key) throws(ImportProblem) in
      switch key {
      case .uid: uid = try parser.uid(field: "uid")
      case .day: day = try parser.day(field: "day")
      case .body:
        body = try parser.string(field: "body") { (value) throws(ImportProblem) in
          try FieldValues.body(value)
        }
      case .created: created = try parser.timestamp(field: "created")
      case .updated: updated = try parser.timestamp(field: "updated")
      case .ical:
        ical =
          try parser.stringOrNull(field: "ical") { (value) throws(ImportProblem) in
            try ICalItem.check(value)
          } ?? nil
      case .id, nil:
        try parser.skipValue()
      }
    }
    guard let day else { throw .missingField("day") }
    guard let body else { throw .missingField("body") }
    return DecodedNote(
      uid: uid, day: day, body: body, created: created, updated: updated, line: line, ical: ical)
  }

  /// Reads the members of the object whose `{` was just read, up to and past its `}`.
  ///
  /// Each key is looked up with `key`; a key it does not know (nil) may not repeat either, and
  /// its value is for `value` to skip. `value` reads each member's value, leaving `index`
  /// past it. An empty object is refused as missing its `required` member.
  mutating func members<Key: RawRepresentable>(
    required: String, key: (UnsafeBufferPointer<UInt8>) -> Key?,
    value: (inout JSONNoteParser, Key?) throws(ImportProblem) -> Void
  ) throws(ImportProblem) where Key.RawValue == Int {
    var seen = 0
    var otherKeys: [[UInt8]] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      throw .missingField(required)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw .unexpectedEnd(expected: "a key") }
      guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a key") }
      let found = try withString { (name) throws(ImportProblem) -> Key? in
        if let found = key(name) {
          guard seen & (1 << found.rawValue) == 0 else { throw .duplicateKey("\(found)") }
          seen |= 1 << found.rawValue
          return found
        }
        guard !otherKeys.contains(where: { $0.elementsEqual(name) }) else {
          throw .duplicateKey(Quote.bytes(name))
        }
        otherKeys.append(Array(name))
        return nil
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':'")
      skipWhitespace()
      guard index < bytes.count else { throw .unexpectedEnd(expected: "a value") }
      try value(&self, found)
      skipWhitespace()
      guard index < bytes.count else { throw .unexpectedEnd(expected: "',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}'")
      return
    }
  }

  private static func key(_ name: UnsafeBufferPointer<UInt8>) -> Key? {
    func equals(_ literal: StaticString) -> Bool {
      literal.withUTF8Buffer { $0.elementsEqual(name) }
    }
    switch name.count {
    case 2: return equals("id") ? .id : nil
    case 3: return equals("uid") ? .uid : equals("day") ? .day : nil
    case 4: return equals("body") ? .body : equals("ical") ? .ical : nil
    case 7: return equals("created") ? .created : equals("updated") ? .updated : nil
    default: return nil
    }
  }

  // MARK: Values

  /// Calls `body` with the decoded bytes of the string value at `index`; a value of another
  /// type is refused.
  mutating func string<Result>(
    field: String, _ body: (UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> Result
  ) throws(ImportProblem) -> Result {
    guard bytes[index] == UInt8(ascii: "\"") else {
      throw .wrongType(field: field, expected: "a string", found: typeName())
    }
    return try withString(body)
  }

  /// As `string(field:_:)`, but nil for `null`.
  mutating func stringOrNull<Result>(
    field: String, _ body: (UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> Result
  ) throws(ImportProblem) -> Result? {
    if bytes[index] == UInt8(ascii: "n") {
      try literal("null")
      return nil
    }
    guard bytes[index] == UInt8(ascii: "\"") else {
      throw .wrongType(field: field, expected: "a string or null", found: typeName())
    }
    return try withString(body)
  }

  /// The day of member `field`: a `YYYY-MM-DD` string.
  mutating func day(field: String) throws(ImportProblem) -> Day {
    try string(field: field) { (value) throws(ImportProblem) in
      try FieldValues.day(value, field: field)
    }
  }

  /// The uid of member `field`: a string, or null for none.
  mutating func uid(field: String) throws(ImportProblem) -> String? {
    try stringOrNull(field: field) { (value) throws(ImportProblem) in
      try FieldValues.uid(value)
    } ?? nil
  }

  /// The time of member `field`: a timestamp string, or null for none.
  mutating func timestamp(field: String) throws(ImportProblem) -> Timestamp? {
    try stringOrNull(field: field) { (value) throws(ImportProblem) in
      try FieldValues.timestamp(value, field: field)
    } ?? nil
  }

  /// Reads the string at `index` (its opening quote) and calls `body` with its decoded bytes,
  /// valid only during the call.
  mutating func withString<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> Result
  ) throws(ImportProblem) -> Result {
    if let range = try parseString() {
      return try body(UnsafeBufferPointer(rebasing: bytes[range]))
    }
    return try scratch.withUnsafeBufferPointer { (decoded) throws(ImportProblem) -> Result in
      try body(decoded)
    }
  }

  func typeName() -> String {
    switch bytes[index] {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    default: return "'\(Quote.character(in: bytes, at: index))'"
    }
  }

  /// Reads the string at `index` (its opening quote): returns the range of its contents when it
  /// holds no escape, else nil with the decoded bytes in `scratch`.
  mutating func parseString() throws(ImportProblem) -> Range<Int>? {
    index += 1
    let contentStart = index
    // Fast path: a run with no escape, control character or non-ASCII byte.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return contentStart..<(index - 1)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw .controlCharacterInString(byte) }
      if byte < 0x80 {
        index += 1
      } else {
        guard let length = UTF8Validation.sequenceLength(bytes, at: index) else {
          throw .invalidUTF8
        }
        index += length
      }
    }
    guard index < bytes.count else { throw .unterminatedString }
    // Slow path: copy what was read so far, then decode escapes.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes[contentStart..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return nil
      case UInt8(ascii: "\\"):
        try decodeEscape()
      case 0..<0x20:
        throw .controlCharacterInString(byte)
      case 0x80...:
        guard let length = UTF8Validation.sequenceLength(bytes, at: index) else {
          throw .invalidUTF8
        }
        scratch.append(contentsOf: bytes[index..<(index + length)])
        index += length
      default:
        scratch.append(byte)
        index += 1
      }
    }
    throw .unterminatedString
  }

  /// Decodes the escape at `index` (its backslash) into `scratch`.
  private mutating func decodeEscape() throws(ImportProblem) {
    guard index + 1 < bytes.count else { throw .unterminatedString }
    let escaped = bytes[index + 1]
    let simple: UInt8?
    switch escaped {
    case UInt8(ascii: "\""): simple = 0x22
    case UInt8(ascii: "\\"): simple = 0x5C
    case UInt8(ascii: "/"): simple = 0x2F
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      throw .invalidEscape("\\" + Quote.character(in: bytes, at: index + 1))
    }
    if let simple {
      scratch.append(simple)
      index += 2
      return
    }
    let first = try hexEscape(at: index)
    index += 6
    var scalar = first
    if (0xD800..<0xDC00).contains(first) {
      // A high surrogate must be followed at once by an escaped low one.
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw .loneSurrogate(Self.escapeText(first)) }
      let second = try hexEscape(at: index)
      guard (0xDC00..<0xE000).contains(second) else {
        throw .loneSurrogate(Self.escapeText(first))
      }
      index += 6
      scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    } else if (0xDC00..<0xE000).contains(first) {
      throw .loneSurrogate(Self.escapeText(first))
    }
    appendUTF8(scalar)
  }

  /// Appends the UTF-8 form of a scalar value (never a surrogate here) to `scratch`.
  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case ..<0x80:
      scratch.append(UInt8(scalar))
    case ..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// The value of the `\uXXXX` escape at `offset`.
  private func hexEscape(at offset: Int) throws(ImportProblem) -> UInt32 {
    var value: UInt32 = 0
    for position in (offset + 2)..<(offset + 6) {
      guard position < bytes.count else { throw .unterminatedString }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        let end = min(bytes.count, offset + 6)
        throw .invalidEscape(Quote.bytes(UnsafeBufferPointer(rebasing: bytes[offset..<end])))
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private static func escapeText(_ unit: UInt32) -> String {
    let hex = String(unit, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
