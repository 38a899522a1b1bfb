extension ClosedRange where Bound == Day {
  /// Every day of the range, first to last: what a page or a menu walks.
  public var everyDay: [Day] {
    (lowerBound.dayNumber...upperBound.dayNumber).compactMap { Day(dayNumber: $0) }
  }
}
