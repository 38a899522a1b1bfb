/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Sendable, Hashable, Comparable {
  /// ISO weekday 1.
  case monday = 1
  /// ISO weekday 2.
  case tuesday
  /// ISO weekday 3.
  case wednesday
  /// ISO weekday 4.
  case thursday
  /// ISO weekday 5.
  case friday
  /// ISO weekday 6.
  case saturday
  /// ISO weekday 7.
  case sunday

  /// Orders weekdays Monday first, as ISO 8601 numbers them.
  public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The English name, such as `Wednesday`.
  public var name: String {
    Self.names[rawValue - 1]
  }

  /// The three-letter English abbreviation, such as `Wed`.
  public var shortName: String {
    Self.shortNames[rawValue - 1]
  }

  /// The weekday `count` days after this one (before it when `count` is negative).
  public func advanced(by count: Int) -> Weekday {
    // Reduce `count` first so that a count near `Int.max` cannot overflow.
    let index = (rawValue - 1 + count % 7) % 7
    return Weekday.allCases[index < 0 ? index + 7 : index]
  }

  private static let names = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  private static let shortNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
}
