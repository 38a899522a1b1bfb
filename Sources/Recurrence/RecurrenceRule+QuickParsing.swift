import CalendarPaging

extension RecurrenceRule {
  /// The rule `text` (UTF-8) spells when it is printable ASCII and reads without a problem;
  /// nil for anything else, which `init(parsing:untilZone:)` then reads the general way
  /// (`init(generalParsing:untilZone:)`), naming what is wrong.
  ///
  /// The fast path of every rule read: byte by byte, no string made, no set of the parts seen.
  /// On printable ASCII the general reading's characters are single bytes and its case mapping
  /// is ASCII's, so the two cannot differ on what this one takes; `RecurrenceRuleParsingTests`
  /// reads the fuzz corpus and variations of every part both ways.
  static func quicklyParsed(_ text: UnsafeBufferPointer<UInt8>, untilZone: (any ZoneRules)?)
    -> RecurrenceRule?
  {
    var rule = RecurrenceRule(frequency: .daily)
    var seen = 0
    var partStart = 0
    var equals: Int?
    for index in 0...text.count {
      let byte = index < text.count ? text[index] : UInt8(ascii: ";")
      if byte != UInt8(ascii: ";") {
        guard byte >= 0x20 && byte < 0x7F else { return nil }
        if byte == UInt8(ascii: "=") && equals == nil { equals = index }
        continue
      }
      // An empty part (a trailing `;`) is allowed.
      if index > partStart {
        guard let equals,
          let part = QuickPart(UnsafeBufferPointer(rebasing: text[partStart..<equals])),
          seen & (1 << part.rawValue) == 0
        else { return nil }
        seen |= 1 << part.rawValue
        let value = UnsafeBufferPointer(rebasing: text[equals + 1..<index])
        guard rule.readQuickly(part, value, untilZone: untilZone) else { return nil }
      }
      partStart = index + 1
      equals = nil
    }
    guard seen & (1 << QuickPart.frequency.rawValue) != 0 else { return nil }
    return rule
  }

  /// Reads one part's value into the rule; false when the general reading would refuse it.
  private mutating func readQuickly(
    _ part: QuickPart, _ value: UnsafeBufferPointer<UInt8>, untilZone: (any ZoneRules)?
  ) -> Bool {
    switch part {
    case .frequency:
      // By raw value: `allCases` would be an array made on each call.
      var found: Frequency?
      for raw in 0..<7 {
        if let candidate = Frequency(rawValue: raw), Self.matches(value, candidate.quickName) {
          found = candidate
        }
      }
      guard let found else { return false }
      frequency = found
    case .interval:
      guard let number = Self.integer(bytes: value[...]), number >= 1 else { return false }
      interval = number
    case .count:
      guard let number = Self.integer(bytes: value[...]), number >= 0 else { return false }
      count = number
    case .until:
      // Read upper-cased, as the general reading does (`t` and `z` are `T` and `Z`).
      guard value.count <= 16 else { return false }
      let parsed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
        for index in value.indices { buffer[index] = Self.upper(value[index]) }
        return try? DateTimeValue(
          parsingUTF8: UnsafeBufferPointer(
            UnsafeMutableBufferPointer(rebasing: buffer[..<value.count])),
          zone: untilZone)
      }
      guard let parsed else { return false }
      until = parsed
    case .bySecond: return Self.quickNumbers(value, 0...60, signed: false, into: &bySecond)
    case .byMinute: return Self.quickNumbers(value, 0...59, signed: false, into: &byMinute)
    case .byHour: return Self.quickNumbers(value, 0...23, signed: false, into: &byHour)
    case .byMonthDay: return Self.quickNumbers(value, 1...31, signed: true, into: &byMonthDay)
    case .byYearDay: return Self.quickNumbers(value, 1...366, signed: true, into: &byYearDay)
    case .byWeekNumber: return Self.quickNumbers(value, 1...53, signed: true, into: &byWeekNumber)
    case .byMonth: return Self.quickNumbers(value, 1...12, signed: false, into: &byMonth)
    case .bySetPosition:
      return Self.quickNumbers(value, 1...366, signed: true, into: &bySetPosition)
    case .byDay:
      var days: [WeekdayNumber] = []
      var itemStart = 0
      for index in 0...value.count where index == value.count || value[index] == UInt8(ascii: ",") {
        guard index - itemStart >= 2,
          let weekday = Self.weekday(value[index - 2], value[index - 1])
        else { return false }
        var ordinal = 0
        if index - 2 > itemStart {
          guard let number = Self.integer(bytes: value[itemStart..<index - 2]),
            (1...53).contains(abs(number))
          else { return false }
          ordinal = number
        }
        days.append(WeekdayNumber(weekday, ordinal: ordinal))
        itemStart = index + 1
      }
      byDay = days
    case .weekStart:
      guard value.count == 2, let weekday = Self.weekday(value[0], value[1]) else { return false }
      weekStart = weekday
    }
    return true
  }

  /// A comma list of numbers whose magnitudes lie in `range` (negatives too when `signed`),
  /// into `values`; false when an item is not one.
  private static func quickNumbers(
    _ value: UnsafeBufferPointer<UInt8>, _ range: ClosedRange<Int>, signed: Bool,
    into values: inout [Int]
  ) -> Bool {
    var numbers: [Int] = []
    var itemStart = 0
    for index in 0...value.count where index == value.count || value[index] == UInt8(ascii: ",") {
      let item = value[itemStart..<index]
      guard let number = integer(bytes: item), range.contains(signed ? abs(number) : number),
        signed || (item.first != UInt8(ascii: "+") && item.first != UInt8(ascii: "-"))
      else { return false }
      numbers.append(number)
      itemStart = index + 1
    }
    values = numbers
    return true
  }

  /// The weekday of a two-letter code in any case (`MO`, `su`).
  private static func weekday(_ first: UInt8, _ second: UInt8) -> Weekday? {
    switch (upper(first), upper(second)) {
    case (UInt8(ascii: "M"), UInt8(ascii: "O")): return .monday
    case (UInt8(ascii: "T"), UInt8(ascii: "U")): return .tuesday
    case (UInt8(ascii: "W"), UInt8(ascii: "E")): return .wednesday
    case (UInt8(ascii: "T"), UInt8(ascii: "H")): return .thursday
    case (UInt8(ascii: "F"), UInt8(ascii: "R")): return .friday
    case (UInt8(ascii: "S"), UInt8(ascii: "A")): return .saturday
    case (UInt8(ascii: "S"), UInt8(ascii: "U")): return .sunday
    default: return nil
    }
  }

  /// Whether `bytes` spell `name` (upper-case ASCII) in any case.
  fileprivate static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString)
    -> Bool
  {
    guard bytes.count == name.utf8CodeUnitCount else { return false }
    let letters = name.utf8Start
    for index in bytes.indices where upper(bytes[index]) != letters[index] { return false }
    return true
  }

  /// An ASCII byte upper-cased.
  private static func upper(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
  }
}

/// The parts of a rule, as the quick reading tells them by name.
private enum QuickPart: Int {
  case frequency, until, count, interval, bySecond, byMinute, byHour, byDay, byMonthDay
  case byYearDay, byWeekNumber, byMonth, bySetPosition, weekStart

  /// The part `name` names in any case; nil for none.
  init?(_ name: UnsafeBufferPointer<UInt8>) {
    // By raw value: `allCases` would be an array made on each call.
    for raw in 0...Self.weekStart.rawValue {
      if let part = Self(rawValue: raw), RecurrenceRule.matches(name, part.name) {
        self = part
        return
      }
    }
    return nil
  }

  var name: StaticString {
    switch self {
    case .frequency: "FREQ"
    case .until: "UNTIL"
    case .count: "COUNT"
    case .interval: "INTERVAL"
    case .bySecond: "BYSECOND"
    case .byMinute: "BYMINUTE"
    case .byHour: "BYHOUR"
    case .byDay: "BYDAY"
    case .byMonthDay: "BYMONTHDAY"
    case .byYearDay: "BYYEARDAY"
    case .byWeekNumber: "BYWEEKNO"
    case .byMonth: "BYMONTH"
    case .bySetPosition: "BYSETPOS"
    case .weekStart: "WKST"
    }
  }
}

extension RecurrenceRule.Frequency {
  /// `name`, as a constant the quick reading compares bytes with.
  fileprivate var quickName: StaticString {
    switch self {
    case .secondly: "SECONDLY"
    case .minutely: "MINUTELY"
    case .hourly: "HOURLY"
    case .daily: "DAILY"
    case .weekly: "WEEKLY"
    case .monthly: "MONTHLY"
    case .yearly: "YEARLY"
    }
  }
}
