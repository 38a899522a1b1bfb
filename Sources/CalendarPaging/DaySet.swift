/// Days marked within a range: what a menu or a month grid marks, one flag a day.
///
/// A set of a few dozen days, kept as flags rather than hashed: a `Set<Day>` costs a process
/// the first lookup of `Day`'s hashing (its conformance is found at run time, for each type a
/// process first hashes), more than a page's marks cost to work out.
public struct DaySet: Sendable {
  /// The days that may be marked; days outside are never in the set.
  public let range: ClosedRange<Day>
  private var flags: [Bool]

  /// No day of `range` marked.
  public init(in range: ClosedRange<Day>) {
    self.range = range
    flags = Array(
      repeating: false, count: range.upperBound.dayNumber - range.lowerBound.dayNumber + 1)
  }

  /// No day marked.
  public static let empty = DaySet(in: Day.first...Day.first)

  /// Whether `day` is marked.
  public func contains(_ day: Day) -> Bool {
    range.contains(day) && flags[day.dayNumber - range.lowerBound.dayNumber]
  }

  /// Marks the days of `days` that lie in the range.
  public mutating func insert(_ days: ClosedRange<Day>) {
    guard days.overlaps(range) else { return }
    let from = max(days.lowerBound, range.lowerBound).dayNumber - range.lowerBound.dayNumber
    let to = min(days.upperBound, range.upperBound).dayNumber - range.lowerBound.dayNumber
    for index in from...to { flags[index] = true }
  }

  /// Marks `day`, if it lies in the range.
  public mutating func insert(_ day: Day) { insert(day...day) }

  /// Whether no day is marked.
  public var isEmpty: Bool { !flags.contains(true) }

  /// The days marked, in order.
  public var days: [Day] {
    flags.indices.compactMap { flags[$0] ? range.lowerBound.adding(days: $0) : nil }
  }
}
