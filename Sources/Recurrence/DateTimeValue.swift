public import CalendarPaging

/// An iCalendar DATE or DATE-TIME value, as `DTSTART`, `RDATE`, `EXDATE`, `RECURRENCE-ID` and a
/// rule's `UNTIL` give it (RFC 5545 §3.3.4, §3.3.5).
public enum DateTimeValue: Sendable, CustomStringConvertible {
  /// A DATE: a civil day, with no time and no zone (`VALUE=DATE:20240501`).
  case date(Day)
  /// A DATE-TIME with no zone (`20240501T090000`): the same wall-clock time wherever the
  /// user is.
  case floating(LocalDateTime)
  /// A DATE-TIME in UTC (`20240501T070000Z`), its wall clock on UTC's.
  case utc(LocalDateTime)
  /// A DATE-TIME with a `TZID`: a wall-clock time in the zone the `TZID` names.
  case zoned(LocalDateTime, any ZoneRules)

  /// Reads a DATE or DATE-TIME value: `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`.
  ///
  /// - Parameters:
  ///   - text: The value as written.
  ///   - zone: The zone a `TZID` parameter names; a local DATE-TIME is then `zoned` in it. A
  ///     UTC value and a DATE ignore it, as RFC 5545 §3.2.19 says they must not carry one.
  ///   - isDate: `true` for `VALUE=DATE`, `false` for `VALUE=DATE-TIME`, nil to tell by the
  ///     value's shape.
  /// - Throws: `RecurrenceError.invalidDate` or `.invalidDateTime`.
  public init(
    parsing text: some StringProtocol, zone: (any ZoneRules)? = nil, isDate: Bool? = nil
  ) throws(RecurrenceError) {
    // A native string's bytes are read in place; any other text is copied once.
    let read = { (bytes: UnsafeBufferPointer<UInt8>) in
      Result { () throws(RecurrenceError) in
        try DateTimeValue(parsingUTF8: bytes, zone: zone, isDate: isDate)
      }
    }
    self =
      try
      (text.utf8.withContiguousStorageIfAvailable(read)
      ?? Array(text.utf8).withUnsafeBufferPointer(read)).get()
  }

  /// Reads a value from its UTF-8 bytes, as `init(parsing:zone:isDate:)` reads its text: what
  /// a reader of content lines calls with a value's bytes, without making a string of them.
  package init(
    parsingUTF8 bytes: UnsafeBufferPointer<UInt8>, zone: (any ZoneRules)? = nil,
    isDate: Bool? = nil
  ) throws(RecurrenceError) {
    let looksLikeDate = bytes.count == 8
    if isDate == true || (isDate == nil && looksLikeDate) {
      guard looksLikeDate, let day = ValueScanner.day(bytes[...]) else {
        throw .invalidDate(String(decoding: bytes, as: UTF8.self))
      }
      self = .date(day)
      return
    }
    guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")),
      bytes[8] == UInt8(ascii: "T"), let day = ValueScanner.day(bytes[0..<8]),
      let hour = ValueScanner.number(bytes[9..<11]),
      let minute = ValueScanner.number(bytes[11..<13]),
      let second = ValueScanner.number(bytes[13..<15]),
      // A leap second (60) is read as the last second of its minute: a wall clock has none.
      let local = LocalDateTime(day: day, hour: hour, minute: minute, second: min(second, 59)),
      second <= 60
    else { throw .invalidDateTime(String(decoding: bytes, as: UTF8.self)) }
    if bytes.count == 16 {
      self = .utc(local)
    } else if let zone {
      self = .zoned(local, zone)
    } else {
      self = .floating(local)
    }
  }

  /// Reads a comma-separated list of values (one `RDATE` or `EXDATE` line), each as
  /// `init(parsing:zone:isDate:)` reads it.
  public static func list(
    parsing text: some StringProtocol, zone: (any ZoneRules)? = nil, isDate: Bool? = nil
  ) throws(RecurrenceError) -> [DateTimeValue] {
    var values: [DateTimeValue] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      values.append(try DateTimeValue(parsing: item, zone: zone, isDate: isDate))
    }
    return values
  }

  /// The wall-clock time as written (midnight for a DATE).
  public var local: LocalDateTime {
    switch self {
    case .date(let day): return LocalDateTime(day: day, secondOfDay: 0)
    case .floating(let local), .utc(let local), .zoned(let local, _): return local
    }
  }

  /// Whether this is a DATE.
  public var isDate: Bool {
    if case .date = self { return true }
    return false
  }

  /// The instant, in seconds since 1970-01-01T00:00:00Z; a DATE (its midnight) and a
  /// floating time are placed in `floatingZone`, the user's.
  public func instant(floatingIn floatingZone: any ZoneRules) -> Int {
    switch self {
    case .date, .floating: return floatingZone.instant(of: local)
    case .utc(let local): return local.secondsSinceEpoch
    case .zoned(let local, let zone): return zone.instant(of: local)
    }
  }

  /// The value as iCalendar writes it (`20240501`, `20240501T090000`, `20240501T070000Z`); a
  /// zoned value without its `TZID`.
  public var description: String {
    switch self {
    case .date(let day): return ValueScanner.compact(day)
    case .floating(let local), .zoned(let local, _): return ValueScanner.compact(local)
    case .utc(let local): return ValueScanner.compact(local) + "Z"
    }
  }
}

/// Digits and compact forms shared by the value readers.
enum ValueScanner {
  /// The unsigned decimal number the bytes spell, nil when one is not a digit or it is empty
  /// or too long to be a value here.
  static func number(_ bytes: some Collection<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// The day `YYYYMMDD` spells, nil when it is not one.
  static func day(_ bytes: some Collection<UInt8>) -> Day? {
    guard bytes.count == 8, let year = number(bytes.prefix(4)),
      let month = number(bytes.dropFirst(4).prefix(2)), let day = number(bytes.dropFirst(6))
    else { return nil }
    return Day(year: year, month: month, day: day)
  }

  /// `YYYYMMDD`.
  static func compact(_ day: Day) -> String {
    String(day.description.filter { $0 != "-" })
  }

  /// `YYYYMMDDTHHMMSS`.
  static func compact(_ local: LocalDateTime) -> String {
    String(local.description.filter { $0 != "-" && $0 != ":" })
  }
}
