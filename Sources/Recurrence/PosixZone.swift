/// A zone given by a POSIX TZ rule (`EST5EDT,M3.2.0,M11.1.0`, `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`),
/// as a TZif file's footer gives it for the instants past its table, and as `$TZ` may.
///
/// The grammar is POSIX's with RFC 8536's extensions (§3.3.1): names in angle brackets,
/// transition times from -167 to 167 hours, and a rule that starts on 1 January at 00:00 and
/// ends after 31 December 24:00 (daylight time all year). A rule with a daylight name but no
/// dates takes the US rules, as glibc does (`M3.2.0,M11.1.0`). Offsets in the text count
/// hours west of Greenwich (`EST5`); the properties here count seconds east, as `ZoneRules`
/// does.
public struct PosixZone: ZoneRules, Hashable {
  /// The standard time's offset, seconds east of UTC.
  public let standardOffset: Int
  /// The daylight time's offset and the rule that starts and ends it; nil for a zone that
  /// keeps standard time.
  let daylight: Daylight?

  /// Daylight saving time: its offset and when it starts and ends each year.
  struct Daylight: Hashable, Sendable {
    /// Seconds east of UTC.
    let offset: Int
    /// The day and the second of that day, on the standard clock, daylight time starts.
    let start: RuleDate
    let startTime: Int
    /// The day and the second of that day, on the daylight clock, it ends.
    let end: RuleDate
    let endTime: Int
  }

  /// A day of the year as a rule names it.
  enum RuleDate: Hashable, Sendable {
    /// `Jn`: day 1…365, 29 February never counted.
    case julian(Int)
    /// `n`: day 0…365, 29 February counted.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1…4, 5 the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)

    /// The day number of this day in `year`.
    func dayNumber(in year: Int) -> Int {
      switch self {
      case .julian(let day):
        let first = Civil.dayNumber(year: year, month: 1, day: 1)
        return first + day - 1 + (Civil.isLeap(year) && day >= 60 ? 1 : 0)
      case .zeroBased(let day):
        return Civil.dayNumber(year: year, month: 1, day: 1) + day
      case .monthWeekDay(let month, let week, let weekday):
        let first = Civil.dayNumber(year: year, month: month, day: 1)
        var day = first + Civil.floorModulo(weekday - Civil.weekday(ofDayNumber: first), 7)
        day += 7 * (week - 1)
        let length = Civil.daysIn(month: month, year: year)
        while day >= first + length { day -= 7 }
        return day
      }
    }
  }

  /// The zone a POSIX TZ rule describes.
  ///
  /// - Throws: `ZoneError.invalidPosixRule` naming the text.
  public init(parsing text: some StringProtocol) throws(ZoneError) {
    var scanner = PosixScanner(Array(text.utf8))
    guard let (standard, daylight) = scanner.zone() else {
      throw .invalidPosixRule(String(text))
    }
    standardOffset = standard
    self.daylight = daylight
  }

  /// A zone at `standardOffset` all year, or with `daylight`.
  init(standardOffset: Int, daylight: Daylight?) {
    self.standardOffset = standardOffset
    self.daylight = daylight
  }

  /// Whether the zone changes its clocks at all.
  public var observesDaylightTime: Bool { daylight != nil }

  /// The offset in force at `unixSeconds`.
  public func utcOffset(at unixSeconds: Int) -> Int {
    guard let daylight else { return standardOffset }
    let seconds = InstantBounds.clamp(unixSeconds)
    let year = Civil.year(ofDayNumber: Civil.floorDivide(seconds + standardOffset, 86_400))
    let changes = Self.changes(daylight, standard: standardOffset, years: year - 1...year + 1)
    var offset = changes[0].isDaylight ? standardOffset : daylight.offset
    for change in changes where change.instant <= seconds {
      offset = change.isDaylight ? daylight.offset : standardOffset
    }
    return offset
  }

  /// The instant of `local`: a time in a gap at the offset before it, one in an overlap the
  /// first of the two.
  public func instant(of local: LocalDateTime) -> Int {
    let seconds = local.secondsSinceEpoch
    guard let daylight else { return seconds - standardOffset }
    let year = local.day.year
    let changes = Self.changes(daylight, standard: standardOffset, years: year - 1...year + 1)
    var offset = changes[0].isDaylight ? standardOffset : daylight.offset
    var threshold = Int.min
    for change in changes {
      let after = change.isDaylight ? daylight.offset : standardOffset
      threshold = max(threshold, change.instant + max(offset, after))
      guard threshold <= seconds else { break }
      offset = after
    }
    return seconds - offset
  }

  /// The changes of the years `years`, in order of instant (a change of one year before the
  /// next year's at the same instant, so a rule of daylight time all year ends in daylight
  /// time).
  static func changes(_ daylight: Daylight, standard: Int, years: ClosedRange<Int>)
    -> [(instant: Int, isDaylight: Bool)]
  {
    var changes: [(instant: Int, isDaylight: Bool)] = []
    changes.reserveCapacity(2 * years.count)
    for year in years {
      let start = daylight.start.dayNumber(in: year) * 86_400 + daylight.startTime - standard
      let end = daylight.end.dayNumber(in: year) * 86_400 + daylight.endTime - daylight.offset
      if start <= end {
        changes.append((start, true))
        changes.append((end, false))
      } else {
        changes.append((end, false))
        changes.append((start, true))
      }
    }
    // Insertion sort, stable: the lists are short and nearly always sorted already.
    for index in changes.indices.dropFirst() {
      var position = index
      while position > 0 && changes[position - 1].instant > changes[position].instant {
        changes.swapAt(position - 1, position)
        position -= 1
      }
    }
    return changes
  }
}

/// Reads a POSIX TZ rule's bytes.
struct PosixScanner {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// The whole rule: the standard offset and the daylight time, nil when the text is not one.
  mutating func zone() -> (Int, PosixZone.Daylight?)? {
    guard name(), let standardWest = offset(maxHours: 24) else { return nil }
    let standard = -standardWest
    guard peek != nil else { return (standard, nil) }
    guard name() else { return nil }
    var daylightOffset = standard + 3600
    if let byte = peek, byte != UInt8(ascii: ",") {
      guard let west = offset(maxHours: 24) else { return nil }
      daylightOffset = -west
    }
    var start = PosixZone.RuleDate.monthWeekDay(month: 3, week: 2, weekday: 0)
    var end = PosixZone.RuleDate.monthWeekDay(month: 11, week: 1, weekday: 0)
    var startTime = 7200
    var endTime = 7200
    if peek != nil {
      guard take(","), let first = date() else { return nil }
      start = first
      if take("/") {
        guard let time = offset(maxHours: 167) else { return nil }
        startTime = time
      }
      guard take(","), let second = date() else { return nil }
      end = second
      if take("/") {
        guard let time = offset(maxHours: 167) else { return nil }
        endTime = time
      }
      guard peek == nil else { return nil }
    }
    return (
      standard,
      PosixZone.Daylight(
        offset: daylightOffset, start: start, startTime: startTime, end: end, endTime: endTime)
    )
  }

  /// A zone name: three or more letters, or `<…>` of three or more letters, digits, `+`, `-`.
  mutating func name() -> Bool {
    var length = 0
    if take("<") {
      while let byte = peek, byte != UInt8(ascii: ">") {
        guard
          Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-")
        else { return false }
        position += 1
        length += 1
      }
      return take(">") && length >= 3
    }
    while let byte = peek, Self.isLetter(byte) {
      position += 1
      length += 1
    }
    return length >= 3
  }

  /// `[+-]hh[:mm[:ss]]` as seconds (positive without a sign), hours at most `maxHours`.
  mutating func offset(maxHours: Int) -> Int? {
    var sign = 1
    if take("-") { sign = -1 } else { _ = take("+") }
    guard let hours = digits(max: 3), hours <= maxHours else { return nil }
    var seconds = hours * 3600
    if take(":") {
      guard let minutes = digits(max: 2), minutes < 60 else { return nil }
      seconds += minutes * 60
      if take(":") {
        guard let extra = digits(max: 2), extra < 60 else { return nil }
        seconds += extra
      }
    }
    return sign * seconds
  }

  /// `Jn`, `n` or `Mm.w.d`.
  mutating func date() -> PosixZone.RuleDate? {
    if take("J") {
      guard let day = digits(max: 3), (1...365).contains(day) else { return nil }
      return .julian(day)
    }
    if take("M") {
      guard let month = digits(max: 2), (1...12).contains(month), take("."),
        let week = digits(max: 1), (1...5).contains(week), take("."),
        let weekday = digits(max: 1), weekday <= 6
      else { return nil }
      return .monthWeekDay(month: month, week: week, weekday: weekday)
    }
    guard let day = digits(max: 3), day <= 365 else { return nil }
    return .zeroBased(day)
  }

  /// One to `max` decimal digits.
  mutating func digits(max: Int) -> Int? {
    var value = 0
    var count = 0
    while let byte = peek, Self.isDigit(byte), count < max {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      position += 1
      count += 1
    }
    return count == 0 ? nil : value
  }

  mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard peek == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
