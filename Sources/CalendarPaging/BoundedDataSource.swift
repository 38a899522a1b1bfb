/// A data source over sequential items (days, weeks, months) between two bounds.
///
/// Neighbours come from the items themselves (`next`, `previous`); the bounds are the edges.
/// The default day source runs over every day calpager knows, 0001-01-01…9999-12-31:
/// `BoundedDataSource<Day>()`.
public struct BoundedDataSource<Item: SequentialItem>: PagingDataSource, Sendable {
  /// The first and last items the source holds.
  public var bounds: ClosedRange<Item>

  /// Creates a source over the items in `bounds`.
  public init(bounds: ClosedRange<Item>) {
    self.bounds = bounds
  }

  /// The item before `item`, or nil at the lower bound.
  public func item(before item: Item) -> Item? {
    guard let previous = item.previous, bounds.contains(previous) else { return nil }
    return previous
  }

  /// The item after `item`, or nil at the upper bound.
  public func item(after item: Item) -> Item? {
    guard let next = item.next, bounds.contains(next) else { return nil }
    return next
  }

  /// `item` clamped to the bounds.
  public func nearestItem(to item: Item) -> Item? {
    min(max(item, bounds.lowerBound), bounds.upperBound)
  }
}

extension BoundedDataSource where Item == Day {
  /// Creates the default day source, over every day from 0001-01-01 to 9999-12-31.
  public init() {
    self.init(bounds: Day.first...Day.last)
  }
}

extension BoundedDataSource where Item == Week {
  /// Creates a source over every week holding a day from 0001-01-01 to 9999-12-31.
  public init(firstWeekday: Weekday) {
    self.init(
      bounds: Week(
        containing: Day.first, firstWeekday: firstWeekday)...Week(
          containing: Day.last, firstWeekday: firstWeekday))
  }
}

extension BoundedDataSource where Item == Month {
  /// Creates a source over every month from 0001-01 to 9999-12.
  public init() {
    self.init(bounds: Month.first...Month.last)
  }
}
