public import CalendarPaging

/// A DATE argument as typed, resolved to a day only when the command runs.
///
/// DATE is `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, a signed offset from the selected
/// day in days (`+3`, `-2`, `+0`), weeks (`+2w`) or months (`-1m`, keeping the day of the
/// month, clamped to a shorter month's end), a month `YYYY-MM` (its first day), an ISO week
/// `YYYY-Www` (its Monday), or a weekday name (`mon` … `sun`, `monday` … `sunday`: the next
/// such day after today). `yesterday`, `tomorrow` and weekday names count from today,
/// offsets from the selected day. A month or a week stands for its last day where a DATE ends
/// something (the end of a range, `--to`): see `days(today:selected:)`.
public enum DateExpression: Hashable, Sendable, CustomStringConvertible {
  /// A day given as `YYYY-MM-DD`.
  case day(Day)
  /// `today`.
  case today
  /// `yesterday`: the day before today.
  case yesterday
  /// `tomorrow`: the day after today.
  case tomorrow
  /// `+N` or `-N`: N days after or before the selected day.
  case offset(Int)
  /// `+Nw` or `-Nw`: N weeks of seven days after or before the selected day.
  case weekOffset(Int)
  /// `+Nm` or `-Nm`: N months after or before the selected day, the same day of the month
  /// clamped to a shorter month's end.
  case monthOffset(Int)
  /// `YYYY-MM`: the month, its first day (its last at the end of a range).
  case month(Month)
  /// `YYYY-Www`: the ISO week, its Monday (its Sunday at the end of a range).
  case week(Week)
  /// `mon` … `sun`, `monday` … `sunday`: the next such day after today.
  case weekday(Weekday)

  /// The largest offset in days that can land on a day, from 0001-01-01 to 9999-12-31.
  ///
  /// Larger ones are refused when parsed, so resolving never has to think about overflow.
  public static let maximumOffset = Day.last.dayNumber - Day.first.dayNumber

  /// The largest offset in weeks that can land on a day.
  public static let maximumWeekOffset = maximumOffset / 7

  /// The largest offset in months that can land on a day: from 0001-01 to 9999-12.
  public static let maximumMonthOffset = 9999 * 12 - 1

  /// Parses a DATE.
  ///
  /// - Throws: `DateExpressionError` saying what was wrong and what is accepted.
  public init(parsing text: some StringProtocol) throws(DateExpressionError) {
    let parsed =
      text.utf8.withContiguousStorageIfAvailable { DateExpression.parse(bytes: $0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { DateExpression.parse(bytes: $0) }
    guard let parsed else { throw DateExpressionError.diagnosingDate(String(text)) }
    self = parsed
  }

  /// Reads a DATE from exactly the bytes given, without allocating; nil when it is not one.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> DateExpression? {
    guard let first = bytes.first else { return nil }
    switch first {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      switch bytes.count {
      case 7: return parseMonth(bytes).map { .month($0) }
      case 8: return parseWeek(bytes).map { .week($0) }
      default:
        if case .day(let day) = Day.parse(bytes: bytes) { return .day(day) }
        return nil
      }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      return parseOffset(bytes)
    default:
      // Any case, as weekday names are (`Tomorrow`, `TODAY`, `FRI`).
      if isWord("today", bytes) { return .today }
      if isWord("yesterday", bytes) { return .yesterday }
      if isWord("tomorrow", bytes) { return .tomorrow }
      return weekday(named: bytes).map { .weekday($0) }
    }
  }

  /// The words a DATE may be besides numbers, for shell completion: keep it in step with
  /// `parse(bytes:)`.
  public static let words = ["today", "yesterday", "tomorrow"]
  /// `+N`, `-N`, `+Nw`, `-Nm`: an offset within its unit's limit, or nil.
  private static func parseOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> DateExpression? {
    let negative = bytes[0] == UInt8(ascii: "-")
    var digits = UnsafeBufferPointer(rebasing: bytes.dropFirst())
    let unit = digits.last
    if unit == UInt8(ascii: "w") || unit == UInt8(ascii: "m") {
      digits = UnsafeBufferPointer(rebasing: digits.dropLast())
    }
    guard let magnitude = parseDigits(digits) else { return nil }
    let count = negative ? -magnitude : magnitude
    switch unit {
    case UInt8(ascii: "w"): return magnitude <= maximumWeekOffset ? .weekOffset(count) : nil
    case UInt8(ascii: "m"): return magnitude <= maximumMonthOffset ? .monthOffset(count) : nil
    default: return magnitude <= maximumOffset ? .offset(count) : nil
    }
  }

  /// `YYYY-MM`, a month of 0001-01…9999-12, or nil.
  private static func parseMonth(_ bytes: UnsafeBufferPointer<UInt8>) -> Month? {
    guard bytes[4] == UInt8(ascii: "-"),
      let year = parseDigits(UnsafeBufferPointer(rebasing: bytes[0..<4])),
      let month = parseDigits(UnsafeBufferPointer(rebasing: bytes[5..<7]))
    else { return nil }
    return Month(year: year, month: month)
  }

  /// `YYYY-Www` (or `w`), an ISO week the year has, as a week starting on Monday; or nil.
  private static func parseWeek(_ bytes: UnsafeBufferPointer<UInt8>) -> Week? {
    guard bytes[4] == UInt8(ascii: "-"), bytes[5] | 0x20 == UInt8(ascii: "w"),
      let year = parseDigits(UnsafeBufferPointer(rebasing: bytes[0..<4])),
      let week = parseDigits(UnsafeBufferPointer(rebasing: bytes[6..<8])),
      let monday = Day(isoWeekYear: year, week: week)
    else { return nil }
    return Week(containing: monday, firstWeekday: .monday)
  }

  /// Whether `bytes` spell `word` (lowercase ASCII letters) in any case.
  static func isWord(_ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    return bytes.count == letters.count && zip(bytes, letters).allSatisfy { $0 | 0x20 == $1 }
  }

  /// The weekday `bytes` names, in full or by its first three letters, in any ASCII case.

  static func weekday(named bytes: UnsafeBufferPointer<UInt8>) -> Weekday? {
    guard bytes.count >= 3, bytes.count <= 9 else { return nil }
    for weekday in Weekday.allCases {
      let name = weekday.name.utf8
      guard bytes.count == 3 || bytes.count == name.count else { continue }
      if zip(bytes, name).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) { return weekday }
    }
    return nil
  }

  /// The value of one or more ASCII digits, or nil when `bytes` is empty, holds anything else,
  /// or is too long to be a useful number (more than 18 digits).
  static func parseDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    return CalendarText.digits(bytes)
  }

  /// The day this expression stands for: for a month or a week, its first day.
  ///
  /// - Parameters:
  ///   - today: Today's local date, the base of `today`, `yesterday`, `tomorrow` and weekday
  ///     names.
  ///   - selected: The selected day, the base of offsets.
  /// - Returns: The day.
  /// - Throws: `DateExpressionError.outOfRange` when the day would be before 0001-01-01 or
  ///   after 9999-12-31.
  public func resolve(today: Day, selected: Day) throws(DateExpressionError) -> Day {
    try days(today: today, selected: selected).lowerBound
  }

  /// The day this expression stands for where it ends something (`--to`, the end of a range):
  /// for a month or a week, its last day.
  ///
  /// - Throws: `DateExpressionError.outOfRange`, as `resolve(today:selected:)`.
  public func resolveEnd(today: Day, selected: Day) throws(DateExpressionError) -> Day {
    try days(today: today, selected: selected).upperBound
  }

  /// The days this expression names: one day, or every day of a month or a week (those that
  /// exist: the last ISO week of 9999 ends in year 10000).
  ///
  /// - Throws: `DateExpressionError.outOfRange`, as `resolve(today:selected:)`.
  public func days(today: Day, selected: Day) throws(DateExpressionError) -> ClosedRange<Day> {
    let day: Day
    switch self {
    case .day(let given): day = given
    case .today: day = today
    case .yesterday: day = try step(today.adding(days: -1), from: today, forward: false)
    case .tomorrow: day = try step(today.adding(days: 1), from: today, forward: true)
    case .offset(let count):
      day = try step(selected.adding(days: count), from: selected, forward: count >= 0)
    case .weekOffset(let count):
      day = try step(selected.adding(weeks: count), from: selected, forward: count >= 0)
    case .monthOffset(let count):
      day = try step(selected.adding(months: count), from: selected, forward: count >= 0)
    case .month(let month): return month.days
    case .week(let week): return week.days
    case .weekday(let weekday):
      let ahead = (weekday.rawValue - today.weekday.rawValue + 6) % 7 + 1
      day = try step(today.adding(days: ahead), from: today, forward: true)
    }
    return day...day
  }

  /// Whether the expression names the same day whatever today and the selected day are.
  public var isAbsolute: Bool {
    switch self {
    case .day, .month, .week: return true
    default: return false
    }
  }

  /// The expression as a user would type it: `2024-05-01`, `today`, `+3`, `-2w`, `2024-05`,
  /// `2024-W18`, `friday`.
  public var description: String {
    switch self {
    case .day(let day): return day.description
    case .today: return "today"
    case .yesterday: return "yesterday"
    case .tomorrow: return "tomorrow"
    case .offset(let count): return DateExpression.signed(count)
    case .weekOffset(let count): return DateExpression.signed(count) + "w"
    case .monthOffset(let count): return DateExpression.signed(count) + "m"
    case .month(let month): return month.description
    case .week(let week): return week.description
    case .weekday(let weekday): return weekday.name.lowercased()
    }
  }

  private static func signed(_ count: Int) -> String {
    count < 0 ? "\(count)" : "+\(count)"
  }

  /// `day`, or the error of a step from `base` that left the calendar.
  private func step(_ day: Day?, from base: Day, forward: Bool) throws(DateExpressionError)
    -> Day
  {
    guard let day else {
      throw .outOfRange(self, from: base, direction: forward ? .after : .before)
    }
    return day
  }
}

extension DateExpression {
  /// The days from `from` to `to`, both included, as `--from` and `--to` name them: a month or
  /// a week starts on its first day in `from` and ends on its last in `to`; a side not given
  /// reaches 0001-01-01 or 9999-12-31.
  ///
  /// - Throws: `DateExpressionError.outOfRange` when a side leaves the calendar, `.fromAfterTo`
  ///   when `from` is after `to`.
  public static func days(
    from: DateExpression?, to: DateExpression?, today: Day, selected: Day
  ) throws(DateExpressionError) -> ClosedRange<Day> {
    let start = try from?.resolve(today: today, selected: selected) ?? .first
    let end = try to?.resolveEnd(today: today, selected: selected) ?? .last
    guard start <= end else { throw .fromAfterTo(from: start, to: end) }
    return start...end
  }
}
