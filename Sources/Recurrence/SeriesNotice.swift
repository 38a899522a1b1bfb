import CalendarPaging
import DisplayText

/// What a series says about itself when it met a bound.
///
/// A rule that yields nothing, more instances than are counted, a search that stopped: its
/// caller names the series with it.
public enum SeriesNotice: Sendable, Equatable, CustomStringConvertible {
  /// The rule (as written) yields no instance at all, beyond the series' start.
  case yieldsNoInstance(rule: String)
  /// More than `limit` instances come before the local time `before`: later ones are not
  /// shown. `rule` is the rule whose `COUNT` needed counting, nil for a window's own limit.
  case tooManyInstances(rule: String?, limit: Int, before: LocalDateTime)
  /// A bounded search found no instance after the local time `after` and stopped there.
  case searchStopped(after: LocalDateTime)

  /// One line naming the bound.
  public var description: String {
    switch self {
    case .yieldsNoInstance(let rule):
      return "the rule \(Quote.quoted(rule)) yields no instance"
    case .tooManyInstances(.some(let rule), let limit, let before):
      return "the rule \(Quote.quoted(rule)) has more than \(limit) instances before \(before): "
        + "later ones are not shown"
    case .tooManyInstances(.none, let limit, let before):
      return "more than \(limit) instances before \(before): later ones are not shown"
    case .searchStopped(let after):
      return "no instance found in a bounded search after \(after)"
    }
  }
}

/// One instance of a recurrence set.
public struct RecurrenceInstance: Sendable, CustomStringConvertible {
  /// The start on the series' own wall clock (midnight for an all-day series): what a
  /// `RECURRENCE-ID` names.
  public let local: LocalDateTime
  /// The start instant, in seconds since 1970-01-01T00:00:00Z (an all-day or floating series
  /// placed in the user's zone).
  public let instant: Int
  /// The end an `RDATE` PERIOD gives this instance, nil for the event's own length.
  public let periodEnd: RecurrenceDate.PeriodEnd?

  /// `local` and the instant.
  public var description: String { "\(local) (\(instant))" }
}

/// The instances of a series in a window of instants, and what bounded them.
public struct InstanceWindow: Sendable {
  /// The instances, ordered by instant, each once.
  public let instances: [RecurrenceInstance]
  /// Bounds met on the way (a window's limit, a search budget): the list may be short.
  public let notices: [SeriesNotice]
}

/// The result of a bounded search for one value: an instance of a series, or an occurrence
/// of an event.
public enum BoundedSearch<Found: Sendable>: Sendable {
  /// The value.
  case found(Found)
  /// There is none: the series ends, or provably yields no more.
  case none
  /// A bounded search stopped before finding one.
  case stopped(SeriesNotice)

  /// The value found, if any.
  public var value: Found? {
    if case .found(let value) = self { return value }
    return nil
  }
}

/// The result of looking for one instance of a series.
public typealias InstanceSearch = BoundedSearch<RecurrenceInstance>

extension BoundedSearch where Found == RecurrenceInstance {
  /// The instance found, if any.
  public var instance: RecurrenceInstance? { value }
}

/// How a series ends.
public enum SeriesEnd: Sendable {
  /// With this instance, its last.
  case last(RecurrenceInstance)
  /// Never, within 0001…9999.
  case unbounded
  /// Not known: a bound stopped the search (the summary's notices say which).
  case unknown
}

/// What a caller keeps about a series once: its first instance, how it ends, and the bounds
/// it met, so that a finished series is skipped with one comparison.
public struct SeriesSummary: Sendable {
  /// The first instance, nil when every one is excluded.
  public let first: RecurrenceInstance?
  /// How the series ends.
  public let end: SeriesEnd
  /// Rules that yield nothing, counts too large to count, searches that stopped.
  public let notices: [SeriesNotice]
}
