import DisplayText

/// Why a time zone cannot be built: a TZif file, a POSIX TZ rule or a `VTIMEZONE` that is not
/// one.
///
/// Each case says where the input broke; `description` is one line, in the form the command
/// line prints after `Error: ` (and `calendars` after a calendar's name).
public enum ZoneError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Bytes that are not a TZif file (RFC 8536): what was wrong with them.
  case invalidTZif(String)
  /// A text that is not a POSIX TZ rule (RFC 8536 §3.3.1): the text.
  case invalidPosixRule(String)
  /// A `VTIMEZONE` whose observances do not make a zone: what was wrong with them.
  case invalidTimeZone(String)

  /// One line saying what was wrong.
  public var description: String {
    switch self {
    case .invalidTZif(let reason): "not a time zone file (TZif): \(reason)"
    case .invalidPosixRule(let text):
      "\(Quote.quoted(text)) is not a time zone rule: expected such as "
        + "EST5EDT,M3.2.0,M11.1.0 or <+0530>-5:30"
    case .invalidTimeZone(let reason): "not a usable VTIMEZONE: \(reason)"
    }
  }
}
