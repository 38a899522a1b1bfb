import CalendarPaging

extension RecurrenceRule {
  /// Reads an `RRULE` value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=10`.
  ///
  /// Every part of RFC 5545 §3.3.10 is read, in any order, names and values in any case. A
  /// part the RFC does not define, a value out of its range, a part given twice or a missing
  /// `FREQ` is an error naming it; an empty part (a trailing `;`) is allowed, as many writers
  /// leave one.
  ///
  /// - Parameters:
  ///   - text: The value, without `RRULE:`.
  ///   - untilZone: The zone of the series' start when it has a `TZID`: a local `UNTIL`
  ///     date-time is read in it.
  /// - Throws: `RecurrenceError`.
  public init(parsing text: some StringProtocol, untilZone: (any ZoneRules)? = nil)
    throws(RecurrenceError)
  {
    let quick = text.utf8.withContiguousStorageIfAvailable {
      Self.quicklyParsed($0, untilZone: untilZone)
    }
    if let quick = quick ?? nil {
      self = quick
      return
    }
    try self.init(generalParsing: text, untilZone: untilZone)
  }

  /// Reads an `RRULE` value from its UTF-8 bytes, as `init(parsing:untilZone:)` reads its
  /// text: what a reader of content lines calls with a value's bytes, without making a string
  /// of them unless it must name a problem.
  package init(parsingUTF8 text: UnsafeBufferPointer<UInt8>, untilZone: (any ZoneRules)? = nil)
    throws(RecurrenceError)
  {
    if let quick = Self.quicklyParsed(text, untilZone: untilZone) {
      self = quick
      return
    }
    try self.init(
      generalParsing: String(decoding: text, as: UTF8.self), untilZone: untilZone)
  }

  /// The general reading behind `init(parsing:untilZone:)`, character by character, which
  /// names what is wrong; `quicklyParsed` reads the common rules before it.
  init(generalParsing text: some StringProtocol, untilZone: (any ZoneRules)?)
    throws(RecurrenceError)
  {
    var rule = RecurrenceRule(frequency: .daily)
    var seen: Set<String> = []
    for part in text.split(separator: ";", omittingEmptySubsequences: true) {
      guard let equals = part.firstIndex(of: "=") else { throw .malformedRulePart(String(part)) }
      let name = part[..<equals].uppercased()
      let value = String(part[part.index(after: equals)...])
      guard seen.insert(name).inserted else { throw .repeatedRulePart(name) }
      try rule.read(name: name, value: value, untilZone: untilZone)
    }
    guard seen.contains("FREQ") else { throw .missingFrequency(String(text)) }
    self = rule
  }

  /// Reads one part into the rule.
  private mutating func read(name: String, value: String, untilZone: (any ZoneRules)?)
    throws(RecurrenceError)
  {
    let invalid = RecurrenceError.invalidRuleValue(part: name, value: value)
    let upper = value.uppercased()
    switch name {
    case "FREQ":
      guard let frequency = Frequency.allCases.first(where: { $0.name == upper }) else {
        throw invalid
      }
      self.frequency = frequency
    case "INTERVAL":
      guard let number = Self.integer(value), number >= 1 else { throw invalid }
      interval = number
    case "COUNT":
      guard let number = Self.integer(value), number >= 0 else { throw invalid }
      count = number
    case "UNTIL":
      do { until = try DateTimeValue(parsing: upper, zone: untilZone) } catch { throw invalid }
    case "BYSECOND": bySecond = try Self.numbers(value, in: 0...60, signed: false, or: invalid)
    case "BYMINUTE": byMinute = try Self.numbers(value, in: 0...59, signed: false, or: invalid)
    case "BYHOUR": byHour = try Self.numbers(value, in: 0...23, signed: false, or: invalid)
    case "BYMONTHDAY": byMonthDay = try Self.numbers(value, in: 1...31, signed: true, or: invalid)
    case "BYYEARDAY": byYearDay = try Self.numbers(value, in: 1...366, signed: true, or: invalid)
    case "BYWEEKNO": byWeekNumber = try Self.numbers(value, in: 1...53, signed: true, or: invalid)
    case "BYMONTH": byMonth = try Self.numbers(value, in: 1...12, signed: false, or: invalid)
    case "BYSETPOS":
      bySetPosition = try Self.numbers(value, in: 1...366, signed: true, or: invalid)
    case "BYDAY":
      byDay = []
      for item in upper.split(separator: ",", omittingEmptySubsequences: false) {
        guard let number = Self.weekdayNumber(item) else {
          throw .invalidRuleValue(part: name, value: String(item))
        }
        byDay.append(number)
      }
    case "WKST":
      guard let index = Self.weekdayCodes.firstIndex(of: upper) else { throw invalid }
      weekStart = Weekday.allCases[index]
    default:
      throw .unknownRulePart(name)
    }
  }

  /// A whole number with an optional sign; nil when it is not one.
  ///
  /// One of more than twelve digits reads as 1,000,000,000,001: more than any rule can count
  /// or step within 0001…9999 (ten thousand years are 3.2 · 10¹¹ seconds).
  static func integer(_ text: some StringProtocol) -> Int? {
    integer(bytes: Array(text.utf8)[...])
  }

  /// `integer(_:)` of the text `bytes` spell.
  static func integer<Bytes: Collection<UInt8>>(bytes: Bytes) -> Int?
  where Bytes.SubSequence == Bytes {
    var bytes = bytes
    var sign = 1
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      bytes = bytes.dropFirst()
    }
    guard !bytes.isEmpty,
      bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    let significant = bytes.drop { $0 == UInt8(ascii: "0") }
    guard significant.count <= 12 else { return sign * 1_000_000_000_001 }
    return sign * (ValueScanner.number(significant) ?? 0)
  }

  /// A comma list of numbers whose magnitudes lie in `range` (negatives too when `signed`).
  private static func numbers(
    _ text: String, in range: ClosedRange<Int>, signed: Bool, or error: RecurrenceError
  ) throws(RecurrenceError) -> [Int] {
    var values: [Int] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let number = integer(item), range.contains(signed ? abs(number) : number),
        signed || item.first != "+" && item.first != "-"
      else {
        if case .invalidRuleValue(let part, _) = error {
          throw .invalidRuleValue(part: part, value: String(item))
        }
        throw error
      }
      values.append(number)
    }
    return values
  }

  /// `MO`, `+2TU`, `-1FR`: an ordinal 1…53 (either sign) before a two-letter weekday.
  private static func weekdayNumber(_ text: Substring) -> WeekdayNumber? {
    guard text.count >= 2, let index = weekdayCodes.firstIndex(of: String(text.suffix(2))) else {
      return nil
    }
    let prefix = text.dropLast(2)
    var ordinal = 0
    if !prefix.isEmpty {
      guard let number = integer(prefix), (1...53).contains(abs(number)) else { return nil }
      ordinal = number
    }
    return WeekdayNumber(Weekday.allCases[index], ordinal: ordinal)
  }
}
