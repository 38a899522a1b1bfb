internal import CalendarPaging
internal import NoteModel

/// The checks every decoder applies to a field's text, shared so that the formats agree.
enum FieldValues {
  /// A uid: nil when empty; refused when it holds a control character.
  static func uid(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> String? {
    if bytes.isEmpty { return nil }
    let uid = try text(bytes)
    if uid.unicodeScalars.contains(where: { Quote.isControl($0.value) }) {
      throw .invalidUID(Quote.text(uid))
    }
    return uid
  }

  /// A day in the form `YYYY-MM-DD`.
  static func day(_ bytes: UnsafeBufferPointer<UInt8>, field: String) throws(ImportProblem) -> Day {
    switch Day.parse(bytes: bytes) {
    case .day(let day): return day
    case .malformed: throw dayProblem(.malformed(Quote.bytes(bytes)), field: field)
    case .yearZero: throw dayProblem(.yearZero(Quote.bytes(bytes)), field: field)
    case .invalidMonth(let month):
      throw dayProblem(.invalidMonth(Quote.bytes(bytes), month: month), field: field)
    case .invalidDay(let year, let month, let day):
      throw dayProblem(
        .invalidDay(Quote.bytes(bytes), year: year, month: month, day: day), field: field)
    }
  }

  private static func dayProblem(_ error: DayError, field: String) -> ImportProblem {
    .invalidDay(field: field, error, expected: "YYYY-MM-DD")
  }

  /// A time as `Timestamp.parse(bytes:)` reads it; nil when empty.
  static func timestamp(_ bytes: UnsafeBufferPointer<UInt8>, field: String) throws(ImportProblem)
    -> Timestamp?
  {
    if bytes.isEmpty { return nil }
    guard let timestamp = Timestamp.parse(bytes: bytes) else {
      throw .invalidTime(
        field: field, text: Quote.bytes(bytes), expected: Timestamp.expectedForm)
    }
    return timestamp
  }

  /// Whether valid UTF-8 `bytes` hold something besides white space (Unicode's White_Space
  /// property, the rule `add` applies): a note needs text.
  ///
  /// - Complexity: O(*n*); the first ASCII byte that is not white space ends the scan.
  static func hasText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return true }
        index += 1
        continue
      }
      guard let length = UTF8Validation.sequenceLength(bytes, at: index) else { return true }
      var scalar = UInt32(byte) & (0xFF >> (length + 1))
      for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
      if !isWhiteSpace(scalar) { return true }
      index += length
    }
    return false
  }

  /// Unicode's White_Space scalars beyond ASCII (a stable list: Unicode 16, PropList.txt).
  private static func isWhiteSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// A body: valid UTF-8 with text in it.
  static func body(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> String {
    guard hasText(bytes) else { throw .emptyBody }
    return try text(bytes)
  }

  /// Text that must be valid UTF-8.
  static func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> String {
    guard UTF8Validation.isValid(bytes) else { throw .invalidUTF8 }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension ImportProblem: Error {}
