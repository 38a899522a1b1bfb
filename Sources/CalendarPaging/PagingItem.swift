/// An item the paging model can select, page to and place in a menu.
///
/// Identity and order come from the value itself (`==` and `<`), never from `hashValue`:
/// two items are the same item exactly when they are equal, so a hash collision can never make
/// the window claim to contain an item it does not hold.
public protocol PagingItem: Hashable, Comparable, Sendable {}
