/// An event's `STATUS` (RFC 5545 §3.8.1.11).
public enum EventStatus: Hashable, Sendable, CustomStringConvertible {
  /// `TENTATIVE`.
  case tentative
  /// `CONFIRMED`.
  case confirmed
  /// `CANCELLED`: an override so marked hides its instance, a master hides its series.
  case cancelled
  /// Any other value, kept as written.
  case other(String)

  /// The status a `STATUS` value names, in any case.
  public init(parsing text: some StringProtocol) {
    switch text.uppercased() {
    case "TENTATIVE": self = .tentative
    case "CONFIRMED": self = .confirmed
    case "CANCELLED": self = .cancelled
    default: self = .other(String(text))
    }
  }

  /// The value as `STATUS` writes it.
  public var description: String {
    switch self {
    case .tentative: return "TENTATIVE"
    case .confirmed: return "CONFIRMED"
    case .cancelled: return "CANCELLED"
    case .other(let text): return text
    }
  }
}

/// The text of an event or of one of its overrides: what a page shows of an occurrence.
public struct EventFields: Hashable, Sendable {
  /// `SUMMARY`.
  public var summary: String?
  /// `LOCATION`.
  public var location: String?
  /// `DESCRIPTION`.
  public var description: String?
  /// `STATUS`.
  public var status: EventStatus?

  /// Fields with the given values, each absent by default.
  public init(
    summary: String? = nil, location: String? = nil, description: String? = nil,
    status: EventStatus? = nil
  ) {
    self.summary = summary
    self.location = location
    self.description = description
    self.status = status
  }

  /// Whether `STATUS` is `CANCELLED`.
  public var isCancelled: Bool { status == .cancelled }
}

/// How an event's occurrences end: `DTEND`, `DURATION` or neither (RFC 5545 §3.6.1).
public enum EventEnd: Sendable {
  /// Neither: a DATE start lasts one day, a DATE-TIME start is an instant.
  case none
  /// `DTEND`: every instance lasts the same exact time as the first (§3.8.5.3); for a DATE
  /// start, the same number of days.
  case at(DateTimeValue)
  /// `DURATION`: days on the wall clock (nominal, across changes of summer time), hours and
  /// less on the time line (exact), §3.3.6.
  case after(CalendarDuration)
}

/// A `RECURRENCE-ID` component: one instance of a series moved, changed or cancelled, or
/// with `RANGE=THISANDFUTURE` that instance and every later one.
public struct EventOverride: Sendable {
  /// `RECURRENCE-ID`: the instance's original start, matched by instant whatever its value
  /// type or zone (a DATE matches the instance on that day).
  public var recurrenceID: DateTimeValue
  /// `RANGE=THISANDFUTURE`: later instances move by as much as this one and take its length
  /// and fields.
  public var thisAndFuture: Bool
  /// The override's `DTSTART`.
  public var start: DateTimeValue
  /// The override's `DTEND` or `DURATION`.
  public var end: EventEnd
  /// The override's text; `STATUS:CANCELLED` cancels the instance.
  public var fields: EventFields

  /// An override of the instance `recurrenceID`.
  public init(
    recurrenceID: DateTimeValue, thisAndFuture: Bool = false, start: DateTimeValue,
    end: EventEnd = .none, fields: EventFields = EventFields()
  ) {
    self.recurrenceID = recurrenceID
    self.thisAndFuture = thisAndFuture
    self.start = start
    self.end = end
    self.fields = fields
  }
}
