/// One value of an `RDATE`: a DATE, a DATE-TIME, or a PERIOD that also gives the instance's
/// end (RFC 5545 §3.8.5.2, §3.3.9).
public enum RecurrenceDate: Sendable, CustomStringConvertible {
  /// A DATE or DATE-TIME: an instance that lasts as the event does.
  case value(DateTimeValue)
  /// A PERIOD: an instance with an end of its own.
  case period(start: DateTimeValue, end: PeriodEnd)

  /// How a PERIOD ends.
  public enum PeriodEnd: Sendable {
    /// At a DATE-TIME (`period-explicit`).
    case at(DateTimeValue)
    /// After a duration (`period-start`).
    case after(CalendarDuration)
  }

  /// Reads one `RDATE` value: a DATE, a DATE-TIME, or with `isPeriod` a PERIOD
  /// (`START/END` or `START/DURATION`).
  ///
  /// - Parameters:
  ///   - text: The value as written.
  ///   - zone: The zone a `TZID` parameter names, for local DATE-TIMEs.
  ///   - isDate: `true` for `VALUE=DATE`, `false` for `VALUE=DATE-TIME`, nil to tell by shape.
  ///   - isPeriod: `true` for `VALUE=PERIOD`; nil to tell by the `/` in the value.
  /// - Throws: `RecurrenceError.invalidPeriod`, `.invalidDate`, `.invalidDateTime` or
  ///   `.invalidDuration`.
  public init(
    parsing text: some StringProtocol, zone: (any ZoneRules)? = nil, isDate: Bool? = nil,
    isPeriod: Bool? = nil
  ) throws(RecurrenceError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard isPeriod == true || (isPeriod == nil && parts.count == 2) else {
      guard parts.count == 1 else { throw .invalidPeriod(String(text)) }
      self = .value(try DateTimeValue(parsing: text, zone: zone, isDate: isDate))
      return
    }
    guard parts.count == 2 else { throw .invalidPeriod(String(text)) }
    let start: DateTimeValue
    do { start = try DateTimeValue(parsing: parts[0], zone: zone, isDate: false) } catch {
      throw .invalidPeriod(String(text))
    }
    let endText = parts[1]
    if endText.first == "P" || endText.first == "+" || endText.first == "-" {
      let duration: CalendarDuration
      do { duration = try CalendarDuration(parsing: endText) } catch {
        throw .invalidPeriod(String(text))
      }
      guard !duration.isNegative else { throw .invalidPeriod(String(text)) }
      self = .period(start: start, end: .after(duration))
    } else {
      do {
        self = .period(
          start: start, end: .at(try DateTimeValue(parsing: endText, zone: zone, isDate: false)))
      } catch { throw .invalidPeriod(String(text)) }
    }
  }

  /// Reads a comma-separated list of `RDATE` values, each as `init(parsing:…)` reads it.
  public static func list(
    parsing text: some StringProtocol, zone: (any ZoneRules)? = nil, isDate: Bool? = nil,
    isPeriod: Bool? = nil
  ) throws(RecurrenceError) -> [RecurrenceDate] {
    var values: [RecurrenceDate] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      values.append(
        try RecurrenceDate(parsing: item, zone: zone, isDate: isDate, isPeriod: isPeriod))
    }
    return values
  }

  /// The instance's start.
  public var start: DateTimeValue {
    switch self {
    case .value(let value), .period(let value, _): return value
    }
  }

  /// The value as iCalendar writes it.
  public var description: String {
    switch self {
    case .value(let value): return value.description
    case .period(let start, .at(let end)): return "\(start)/\(end)"
    case .period(let start, .after(let duration)): return "\(start)/\(duration)"
    }
  }
}
