/// Where the paging model gets its items: the item before and after a given one.
///
/// This is Parchment's infinite data source: the controller asks for neighbours one at a time
/// and nil marks an edge, past which no move can go. A source may be unbounded, bounded on
/// one side or both, or a fixed list (see `FixedPagingDataSource`). It must be deterministic:
/// asking twice gives equal items, and `item(after: item(before: x)!)` is `x`.
///
/// The controller asks only when it builds a window, never for a step inside one, and tells
/// the source each time it has built one (`windowDidChange(_:)`), so a source can load data
/// for the whole window at once, such as the note count of every day in it.
public protocol PagingDataSource<Item> {
  /// The type of the items the source pages through.
  associatedtype Item: PagingItem

  /// The item right before `item`, or nil when `item` is the first.
  func item(before item: Item) -> Item?

  /// The item right after `item`, or nil when `item` is the last.
  func item(after item: Item) -> Item?

  /// The item to show for `item`: `item` itself when the source holds it, else the item it
  /// holds closest to it, or nil when it holds none.
  ///
  /// The default is `item`: an unbounded source holds every item.
  func nearestItem(to item: Item) -> Item?

  /// Tells the source the controller has built a new window of items around the selection.
  ///
  /// Called once per window, after the controller is done asking for items and before it
  /// reports the move or reload that caused it. The default does nothing.
  mutating func windowDidChange(_ window: PagingWindow<Item>)
}

extension PagingDataSource {
  /// Returns `item`: an unbounded source holds every item.
  public func nearestItem(to item: Item) -> Item? {
    item
  }

  /// Does nothing.
  public mutating func windowDidChange(_ window: PagingWindow<Item>) {}
}
