/// Why calpager does not make a note of an iCalendar item or journal: it is left alone (in a
/// vdir) or skipped (in an import), and named in the summary.
public enum ICalSkipReason: Error, Sendable, Equatable, CustomStringConvertible {
  /// An event (`VEVENT`).
  case event
  /// A to-do (`VTODO`).
  case todo
  /// Another kind of component (`VFREEBUSY`, an `X-` component…), named.
  case otherComponent(String)
  /// A calendar with no journal in it (nothing, or only time zones).
  case noJournal
  /// Journals with different UIDs in one item (a CalDAV item holds one).
  case severalJournals
  /// A journal with no text: no `SUMMARY` or `DESCRIPTION`, or only white space.
  case noText
  /// A journal with no `DTSTART`, `CREATED` or `DTSTAMP` to give its day.
  case noDay
  /// An override of one occurrence (`RECURRENCE-ID`) without its recurring journal.
  case orphanOverride
  /// A property calpager reads (`UID`, `DTSTART`, `CREATED`…) is malformed or repeated.
  case invalidProperty(ImportProblem)
  /// The item is not valid iCalendar: the line and what is wrong there.
  case unparsable(line: Int, ImportProblem)

  /// One clause saying why, such as `an event (VEVENT): calpager keeps journals only`.
  public var description: String {
    switch self {
    case .event: return "an event (VEVENT): calpager keeps journals only"
    case .todo: return "a to-do (VTODO): calpager keeps journals only"
    case .otherComponent(let name):
      return "a '\(Quote.text(name))' component: calpager keeps journals only"
    case .noJournal: return "a calendar with no journal (VJOURNAL)"
    case .severalJournals: return "journals with different UIDs in one item"
    case .noText: return "a journal with no text (no SUMMARY or DESCRIPTION with text)"
    case .noDay: return "a journal with no DTSTART, CREATED or DTSTAMP to give it a day"
    case .orphanOverride:
      return "an override (RECURRENCE-ID) whose recurring journal is not there"
    case .invalidProperty(let problem): return problem.description
    case .unparsable(let line, let problem): return "not iCalendar: line \(line): \(problem)"
    }
  }
}

/// A journal an import skipped: where it was and why.
public struct SkippedRecord: Sendable, Equatable, CustomStringConvertible {
  /// The 1-based line of its `BEGIN:VJOURNAL` (of the first journal of a group of overrides).
  public let line: Int
  /// Its `UID`, when it has a readable one.
  public let uid: String?
  /// Why it was skipped.
  public let reason: ICalSkipReason

  /// A skipped record.
  public init(line: Int, uid: String?, reason: ICalSkipReason) {
    self.line = line
    self.uid = uid
    self.reason = reason
  }

  /// `line 12 (uid 'abc'): a journal with no text (…)`.
  public var description: String {
    let uidText = uid.map { " (uid '\(Quote.text($0))')" } ?? ""
    return "line \(line)\(uidText): \(reason)"
  }
}
