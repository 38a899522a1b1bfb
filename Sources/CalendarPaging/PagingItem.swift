/// An item the paging model can select, page to and place in a menu.
///
/// Identity and order come from the value itself (`==` and `<`), never from `hashValue`:
/// two items are the same item exactly when they are equal, so a hash collision can never make
/// the window claim to contain an item it does not hold.
public protocol PagingItem: Hashable, Comparable, Sendable {}

/// A paging item that knows its own neighbours, such as a day, a week or a month.
///
/// `BoundedDataSource` pages through any sequential item between two bounds.
public protocol SequentialItem: PagingItem {
  /// The item right after this one, or nil when there is none.
  var next: Self? { get }
  /// The item right before this one, or nil when there is none.
  var previous: Self? { get }
}
