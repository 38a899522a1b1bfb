/// A data source over a fixed, finite list of items, addressed by index.
///
/// This is Parchment's finite data source. It is adapted to the neighbour interface of
/// `PagingDataSource` by default implementations that find an item's index by binary search,
/// so the items must be in strictly ascending order.
public protocol FixedPagingDataSource: PagingDataSource {
  /// The number of items.
  var count: Int { get }

  /// The item at `index`, `0..<count`; items must be in strictly ascending order.
  func item(at index: Int) -> Item
}

extension FixedPagingDataSource {
  /// The index of `item`, or nil when the source does not hold it.
  ///
  /// - Complexity: O(log *n*).
  public func index(of item: Item) -> Int? {
    let index = insertionIndex(of: item)
    return index < count && self.item(at: index) == item ? index : nil
  }

  /// The item before `item`, or nil when `item` is the first or not held.
  ///
  /// - Complexity: O(log *n*).
  public func item(before item: Item) -> Item? {
    guard let index = index(of: item), index > 0 else { return nil }
    return self.item(at: index - 1)
  }

  /// The item after `item`, or nil when `item` is the last or not held.
  ///
  /// - Complexity: O(log *n*).
  public func item(after item: Item) -> Item? {
    guard let index = index(of: item), index + 1 < count else { return nil }
    return self.item(at: index + 1)
  }

  /// `item` when held, else the held item closest to it in order (the earlier one on a tie),
  /// or nil when the source is empty.
  ///
  /// - Complexity: O(log *n*).
  public func nearestItem(to item: Item) -> Item? {
    guard count > 0 else { return nil }
    let index = insertionIndex(of: item)
    if index < count && self.item(at: index) == item { return item }
    // Items are only ordered, not measured, so "closest" is a neighbour in order: the one
    // before the gap unless the gap is at the start.
    return self.item(at: index > 0 ? index - 1 : 0)
  }

  /// The first index whose item is not less than `item`, or `count`.
  private func insertionIndex(of item: Item) -> Int {
    lowerBound(count: count) { self.item(at: $0) < item }
  }
}

/// A fixed data source over an array of items in strictly ascending order.
public struct ArrayDataSource<Item: PagingItem>: FixedPagingDataSource {
  /// The items, in strictly ascending order.
  public let items: [Item]

  /// Creates a source over `items`, which must be in strictly ascending order.
  public init(_ items: [Item]) {
    precondition(
      zip(items, items.dropFirst()).allSatisfy { $0 < $1 },
      "ArrayDataSource items must be in strictly ascending order")
    self.items = items
  }

  /// The number of items.
  public var count: Int { items.count }

  /// The item at `index`.
  public func item(at index: Int) -> Item { items[index] }
}

extension ArrayDataSource: Sendable where Item: Sendable {}
