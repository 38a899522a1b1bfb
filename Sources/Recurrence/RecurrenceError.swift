import CalendarPaging
import DisplayText

/// Why a recurrence value (a rule, a date, a date-time, a period, a duration) cannot be read.
///
/// Each case carries the offending text; `description` is one line naming it, in the form the
/// command line prints after `Error: `.
public enum RecurrenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A text that is not of the form a value of `form` takes.
  case invalid(ValueForm, String)
  /// A rule part that RFC 5545 does not define (`FOO=1`).
  case unknownRulePart(String)
  /// A rule part given twice.
  case repeatedRulePart(String)
  /// A value a rule part does not accept: the part's name and the value.
  case invalidRuleValue(part: String, value: String)
  /// A rule without its `FREQ` part.
  case missingFrequency(String)

  /// A kind of value, as an error names it: what it is and the forms it takes.
  public struct ValueForm: Sendable, Equatable {
    /// What the value is, with its article: `a date`.
    public let noun: String
    /// The forms it takes: `YYYYMMDD, years 0001 to 9999`.
    public let forms: String

    /// A rule part: `NAME=VALUE`.
    public static let rulePart = ValueForm(noun: "a rule part", forms: "NAME=VALUE")
    /// A DATE.
    public static let date = ValueForm(noun: "a date", forms: "YYYYMMDD, " + CalendarLimits.years)
    /// A DATE-TIME.
    public static let dateTime = ValueForm(
      noun: "a date-time", forms: "YYYYMMDDTHHMMSS, with Z for UTC")
    /// A DURATION.
    public static let duration = ValueForm(
      noun: "a duration", forms: "such as P1D, PT1H30M or -P2W")
    /// A PERIOD.
    public static let period = ValueForm(
      noun: "a period", forms: "START/END or START/DURATION")
  }

  /// A rule part that is not of the form `NAME=VALUE`.
  public static func malformedRulePart(_ text: String) -> Self { .invalid(.rulePart, text) }
  /// A text that is not a DATE (`YYYYMMDD`).
  public static func invalidDate(_ text: String) -> Self { .invalid(.date, text) }
  /// A text that is not a DATE-TIME (`YYYYMMDDTHHMMSS`, with a trailing `Z` for UTC).
  public static func invalidDateTime(_ text: String) -> Self { .invalid(.dateTime, text) }
  /// A text that is not a DURATION (`P1D`, `PT1H30M`, `-P2W`).
  public static func invalidDuration(_ text: String) -> Self { .invalid(.duration, text) }
  /// A text that is not a PERIOD (`START/END` or `START/DURATION`).
  public static func invalidPeriod(_ text: String) -> Self { .invalid(.period, text) }

  /// One line saying what was wrong and what is accepted.
  public var description: String {
    switch self {
    case .invalid(let form, let text):
      return "\(Quote.quoted(text)) is not \(form.noun): expected \(form.forms)"
    case .unknownRulePart(let name):
      return "\(Quote.quoted(name)) is not a rule part: expected FREQ, INTERVAL, COUNT, UNTIL, "
        + "BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, "
        + "BYSETPOS or WKST"
    case .repeatedRulePart(let name):
      return "the rule part \(Quote.quoted(name)) is given more than once"
    case .invalidRuleValue(let part, let value):
      return "\(Quote.quoted(value)) is not a value of \(part): expected \(Self.accepted(part))"
    case .missingFrequency(let text):
      return "the rule \(Quote.quoted(text)) has no FREQ part"
    }
  }

  /// What a rule part accepts, for its error message.
  static func accepted(_ part: String) -> String {
    acceptedValues[part] ?? "a valid value"
  }

  /// What each rule part accepts, by its name.
  private static let acceptedValues: [String: String] = [
    "FREQ": "SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY",
    "INTERVAL": "a whole number from 1",
    "COUNT": "a whole number from 0",
    "UNTIL": "a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS, Z for UTC)",
    "BYSECOND": "a list of seconds 0 to 60",
    "BYMINUTE": "a list of minutes 0 to 59",
    "BYHOUR": "a list of hours 0 to 23",
    "BYDAY": "a list of weekdays SU, MO, TU, WE, TH, FR, SA with an optional ordinal (1MO, -1FR)",
    "BYMONTHDAY": "a list of days 1 to 31 or -31 to -1",
    "BYYEARDAY": "a list of days 1 to 366 or -366 to -1",
    "BYWEEKNO": "a list of weeks 1 to 53 or -53 to -1",
    "BYMONTH": "a list of months 1 to 12",
    "BYSETPOS": "a list of positions 1 to 366 or -366 to -1",
    "WKST": "one of SU, MO, TU, WE, TH, FR, SA",
  ]
}
