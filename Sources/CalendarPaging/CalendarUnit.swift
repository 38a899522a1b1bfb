/// The unit the pager steps and shows by: a day, a week or a month (`--by`, `page-by`).
public enum CalendarUnit: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// One day at a time.
  case day
  /// Seven days at a time; a page is a week starting on the first weekday.
  case week
  /// One month at a time, keeping the day of the month (clamped to the month's end).
  case month

  /// Reads a unit's name: `day`, `week` or `month`.
  ///
  /// - Throws: `PeriodError.unknownUnit` naming the text and the units there are.
  public init(parsing text: some StringProtocol) throws(PeriodError) {
    guard let unit = CalendarUnit(rawValue: String(text)) else {
      throw .unknownUnit(String(text))
    }
    self = unit
  }

  /// The unit's name, such as `week`.
  public var description: String { rawValue }
}
