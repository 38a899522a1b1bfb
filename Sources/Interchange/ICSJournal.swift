internal import CalendarPaging

/// The properties of one VJOURNAL as they are read, and the note they make.
///
/// The note's day is `DTSTART` (a DATE, or the date of a DATE-TIME); its text is
/// `DESCRIPTION` (several are joined by line breaks; `SUMMARY` stands in when there is none);
/// `created` is `CREATED`, `updated` is `LAST-MODIFIED` or else `DTSTAMP`. calpager's own
/// extensions (see `ICSWriter`) replace them only while they agree: `X-CALPAGER-CREATED` and
/// `X-CALPAGER-UPDATED` when they fall in the same second as the standard time (or it is
/// absent), `X-CALPAGER-BODY` when its text, rendered as `DESCRIPTION` would be, equals the
/// `DESCRIPTION`. A journal edited by another program therefore keeps that program's edits.
struct ICSJournal {
  /// The line of `BEGIN:VJOURNAL`.
  let line: Int
  private var uid: String?
  private var day: Day?
  private var description: [UInt8]?
  private var summary: [UInt8]?
  private var created: Timestamp?
  private var lastModified: Timestamp?
  private var stamp: Timestamp?
  private var exactCreated: Timestamp?
  private var exactUpdated: Timestamp?
  private var exactBody: [UInt8]?
  private var seen: Set<String> = []

  init(line: Int) {
    self.line = line
  }

  /// Takes in one property of the journal; `value` is the bytes after the colon.
  mutating func add(_ property: ICSContentLine, value: UnsafeBufferPointer<UInt8>)
    throws(ImportProblem)
  {
    let name = property.name
    switch name {
    case "UID", "DTSTART", "CREATED", "LAST-MODIFIED", "DTSTAMP":
      guard seen.insert(name).inserted else { throw .duplicateProperty(name) }
    default: break
    }
    switch name {
    case "UID":
      var text: [UInt8] = []
      ICSContentLine.appendUnescapedText(value, into: &text)
      uid = try text.withUnsafeBufferPointer { (bytes) throws(ImportProblem) in
        try FieldValues.uid(bytes)
      }
    case "DTSTART": day = try Self.date(value, property: name)
    case "CREATED": created = try Self.dateTime(value, property: name)
    case "LAST-MODIFIED": lastModified = try Self.dateTime(value, property: name)
    case "DTSTAMP": stamp = try Self.dateTime(value, property: name)
    case "DESCRIPTION":
      if description == nil {
        description = []
      } else {
        description!.append(0x0A)
      }
      ICSContentLine.appendUnescapedText(value, into: &description!)
    case "SUMMARY":
      if summary == nil {
        var text: [UInt8] = []
        ICSContentLine.appendUnescapedText(value, into: &text)
        summary = text
      }
    case "X-CALPAGER-CREATED": exactCreated = Timestamp.parse(bytes: value)
    case "X-CALPAGER-UPDATED": exactUpdated = Timestamp.parse(bytes: value)
    case "X-CALPAGER-BODY":
      if property.encoding == "BASE64", let decoded = Base64.decode(value),
        decoded.withUnsafeBufferPointer({ UTF8Validation.isValid($0) })
      {
        exactBody = decoded
      }
    default: break
    }
  }

  /// The note the journal describes.
  func finish() throws(ImportProblem) -> DecodedNote {
    guard let day else { throw .missingProperty("DTSTART") }
    guard let text = description ?? summary else { throw .missingProperty("DESCRIPTION") }
    var body = text
    if let exactBody, description != nil, Self.renderedAsText(exactBody) == text {
      body = exactBody
    }
    let updated = lastModified ?? stamp
    return DecodedNote(
      uid: uid, day: day, body: String(decoding: body, as: UTF8.self),
      created: Self.prefer(exactCreated, over: created),
      updated: Self.prefer(exactUpdated, over: updated), line: line)
  }

  private static func prefer(_ exact: Timestamp?, over standard: Timestamp?) -> Timestamp? {
    guard let exact else { return standard }
    guard let standard else { return exact }
    return exact.truncatedToSecond == standard ? exact : standard
  }

  /// `text` as `ICSWriter` renders it in `DESCRIPTION` once unescaped: CRLF and lone CR as
  /// LF, other control characters but tab and LF as U+FFFD.
  static func renderedAsText(_ text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      let byte = text[index]
      index += 1
      switch byte {
      case 0x0D:
        result.append(0x0A)
        if index < text.count && text[index] == 0x0A { index += 1 }
      case 0x09, 0x0A: result.append(byte)
      case 0..<0x20, 0x7F: result.append(contentsOf: [0xEF, 0xBF, 0xBD])
      default: result.append(byte)
      }
    }
    return result
  }

  // MARK: Dates

  /// A DATE `YYYYMMDD`, or the date of a DATE-TIME `YYYYMMDDTHHMMSS[Z]`.
  static func date(_ value: UnsafeBufferPointer<UInt8>, property: String) throws(ImportProblem)
    -> Day
  {
    guard value.count == 8 || isDateTime(value) else {
      throw .invalidDay(
        field: property, .malformed(Quote.bytes(value)), expected: "YYYYMMDD")
    }
    return try day(UnsafeBufferPointer(rebasing: value[..<8]), text: value, property: property)
  }

  /// A DATE-TIME `YYYYMMDDTHHMMSS[Z]` (taken as UTC either way), or a DATE as its midnight.
  static func dateTime(_ value: UnsafeBufferPointer<UInt8>, property: String)
    throws(ImportProblem) -> Timestamp
  {
    // The problem is made only when needed: quoting allocates.
    func problem() -> ImportProblem {
      .invalidTime(field: property, text: Quote.bytes(value), expected: "YYYYMMDDTHHMMSSZ")
    }
    guard value.count == 8 || isDateTime(value) else { throw problem() }
    guard
      let day = try? day(
        UnsafeBufferPointer(rebasing: value[..<8]), text: value, property: property)
    else { throw problem() }
    guard value.count > 8 else { return Timestamp(day: day, hour: 0, minute: 0, second: 0)! }
    guard let hour = Timestamp.twoDigits(value, 9), let minute = Timestamp.twoDigits(value, 11),
      let second = Timestamp.twoDigits(value, 13),
      let timestamp = Timestamp(day: day, hour: hour, minute: minute, second: second)
    else { throw problem() }
    return timestamp
  }

  private static func isDateTime(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    (value.count == 15 || (value.count == 16 && value[15] == UInt8(ascii: "Z")))
      && value[8] == UInt8(ascii: "T")
  }

  private static func day(
    _ digits: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, property: String
  ) throws(ImportProblem) -> Day {
    var quoted: String { Quote.bytes(text) }
    var year = 0
    var month = 0
    var dayOfMonth = 0
    for (position, byte) in digits.enumerated() {
      guard let digit = Timestamp.digit(byte) else {
        throw .invalidDay(field: property, .malformed(quoted), expected: "YYYYMMDD")
      }
      switch position {
      case 0..<4: year = year * 10 + digit
      case 4..<6: month = month * 10 + digit
      default: dayOfMonth = dayOfMonth * 10 + digit
      }
    }
    guard year > 0 else {
      throw .invalidDay(field: property, .yearZero(quoted), expected: "YYYYMMDD")
    }
    guard (1...12).contains(month) else {
      throw .invalidDay(field: property, .invalidMonth(quoted, month: month), expected: "YYYYMMDD")
    }
    guard let day = Day(year: year, month: month, day: dayOfMonth) else {
      throw .invalidDay(
        field: property, .invalidDay(quoted, year: year, month: month, day: dayOfMonth),
        expected: "YYYYMMDD")
    }
    return day
  }
}
