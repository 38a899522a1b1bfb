import CalendarPaging
import DisplayText

/// Why a recurrence value (a rule, a date, a date-time, a period, a duration) cannot be read.
///
/// Each case carries the offending text; `description` is one line naming it, in the form the
/// command line prints after `Error: `.
public enum RecurrenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A rule part that RFC 5545 does not define (`FOO=1`).
  case unknownRulePart(String)
  /// A rule part that is not of the form `NAME=VALUE`.
  case malformedRulePart(String)
  /// A rule part given twice.
  case repeatedRulePart(String)
  /// A value a rule part does not accept: the part's name and the value.
  case invalidRuleValue(part: String, value: String)
  /// A rule without its `FREQ` part.
  case missingFrequency(String)
  /// A text that is not a DATE (`YYYYMMDD`).
  case invalidDate(String)
  /// A text that is not a DATE-TIME (`YYYYMMDDTHHMMSS`, with a trailing `Z` for UTC).
  case invalidDateTime(String)
  /// A text that is not a DURATION (`P1D`, `PT1H30M`, `-P2W`).
  case invalidDuration(String)
  /// A text that is not a PERIOD (`START/END` or `START/DURATION`).
  case invalidPeriod(String)

  /// One line saying what was wrong and what is accepted.
  public var description: String {
    switch self {
    case .unknownRulePart(let name):
      return "\(Quote.quoted(name)) is not a rule part: expected FREQ, INTERVAL, COUNT, UNTIL, "
        + "BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, "
        + "BYSETPOS or WKST"
    case .malformedRulePart(let text):
      return "\(Quote.quoted(text)) is not a rule part: expected NAME=VALUE"
    case .repeatedRulePart(let name):
      return "the rule part \(Quote.quoted(name)) is given more than once"
    case .invalidRuleValue(let part, let value):
      return "\(Quote.quoted(value)) is not a value of \(part): expected \(Self.accepted(part))"
    case .missingFrequency(let text):
      return "the rule \(Quote.quoted(text)) has no FREQ part"
    case .invalidDate(let text):
      return "\(Quote.quoted(text)) is not a date: expected YYYYMMDD, years 0001 to 9999"
    case .invalidDateTime(let text):
      return "\(Quote.quoted(text)) is not a date-time: expected YYYYMMDDTHHMMSS, "
        + "with Z for UTC"
    case .invalidDuration(let text):
      return "\(Quote.quoted(text)) is not a duration: expected such as P1D, PT1H30M or -P2W"
    case .invalidPeriod(let text):
      return "\(Quote.quoted(text)) is not a period: expected START/END or START/DURATION"
    }
  }

  /// What a rule part accepts, for its error message.
  static func accepted(_ part: String) -> String {
    switch part {
    case "FREQ": return "SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"
    case "INTERVAL": return "a whole number from 1"
    case "COUNT": return "a whole number from 0"
    case "UNTIL": return "a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS, Z for UTC)"
    case "BYSECOND": return "a list of seconds 0 to 60"
    case "BYMINUTE": return "a list of minutes 0 to 59"
    case "BYHOUR": return "a list of hours 0 to 23"
    case "BYDAY":
      return "a list of weekdays SU, MO, TU, WE, TH, FR, SA with an optional ordinal (1MO, -1FR)"
    case "BYMONTHDAY": return "a list of days 1 to 31 or -31 to -1"
    case "BYYEARDAY": return "a list of days 1 to 366 or -366 to -1"
    case "BYWEEKNO": return "a list of weeks 1 to 53 or -53 to -1"
    case "BYMONTH": return "a list of months 1 to 12"
    case "BYSETPOS": return "a list of positions 1 to 366 or -366 to -1"
    case "WKST": return "one of SU, MO, TU, WE, TH, FR, SA"
    default: return "a valid value"
    }
  }
}
