/// The contiguous run of items the controller holds around the selection: the menu's items.
///
/// A window is built by Parchment's fill (see `generate(around:in:metrics:width:)`): about
/// one menu width of items on each side of the selection, so a step inside it needs no call
/// to the data source. It also keeps the item just past each end, from the probe that tells
/// whether there are more, so a step off either end needs no call either.
public struct PagingWindow<Item: PagingItem>: Sendable, Hashable {
  /// The items, in ascending order, each the data source's neighbour of the next.
  public let items: [Item]
  /// The item just before the first, or nil when the first item is the data source's first.
  public let itemBefore: Item?
  /// The item just after the last, or nil when the last item is the data source's last.
  public let itemAfter: Item?
  /// `offsets[k]` is the columns charged for `items[0..<k]`; `offsets.count == items.count + 1`.
  let offsets: [Int]

  /// Creates a window from its parts.
  init(items: [Item], itemBefore: Item?, itemAfter: Item?, offsets: [Int]) {
    self.items = items
    self.itemBefore = itemBefore
    self.itemAfter = itemAfter
    self.offsets = offsets
  }

  /// The empty window of the empty state.
  static var empty: PagingWindow {
    PagingWindow(items: [], itemBefore: nil, itemAfter: nil, offsets: [0])
  }

  /// Whether the data source has items before the window (Parchment's `hasItemsBefore`).
  public var hasItemsBefore: Bool { itemBefore != nil }

  /// Whether the data source has items after the window (Parchment's `hasItemsAfter`).
  public var hasItemsAfter: Bool { itemAfter != nil }

  /// The index of `item` in `items`, or nil when the window does not hold it.
  ///
  /// - Complexity: O(log *n*), by binary search; no hashing.
  public func index(of item: Item) -> Int? {
    let index = lowerBound(count: items.count) { items[$0] < item }
    return index < items.count && items[index] == item ? index : nil
  }

  /// The columns charged for the items before `items[index]`.
  func columns(before index: Int) -> Int {
    offsets[index]
  }

  /// The columns charged for the items after `items[index]`.
  func columns(after index: Int) -> Int {
    offsets[items.count] - offsets[index + 1]
  }

  /// Builds the window around `center` with Parchment's fill.
  ///
  /// Starting at `center`, items are asked for one menu width to the left; then one width,
  /// plus whatever the left side left unused or minus what it overshot, to the right; then
  /// any width the right side left unused back to the left. Each item is charged its width
  /// plus the spacing (at least one column, so zero widths cannot loop forever); `center` is
  /// not charged. One more probe on each side that did not reach the data source's edge finds
  /// `itemBefore` and `itemAfter`.
  ///
  /// - Parameters:
  ///   - center: The item to build around; the source must hold it.
  ///   - source: The data source to ask.
  ///   - metrics: The menu width and spacing.
  ///   - width: The width of an item in columns.
  /// - Returns: The window, and the index of `center` in it.
  /// - Complexity: One data source call per item in the window, plus one: never more than the
  ///   window's size plus 2.
  public static func generate<Source: PagingDataSource>(
    around center: Item, in source: Source, metrics: WindowMetrics, width: (Item) -> Int
  ) -> (window: PagingWindow, centerIndex: Int) where Source.Item == Item {
    func charge(_ item: Item) -> Int { max(1, width(item) + metrics.spacing) }

    var before: [Item] = []  // nearest first
    var beforeCharges: [Int] = []
    var after: [Item] = []
    var afterCharges: [Int] = []
    var reachedFirst = false
    var reachedLast = false

    // Asks for the next item on `side` and charges it to `budget`; false at the edge.
    func extend(_ side: PagingSide, _ budget: inout Int) -> Bool {
      let item: Item?
      switch side {
      case .before: item = source.item(before: before.last ?? center)
      case .after: item = source.item(after: after.last ?? center)
      }
      guard let item else {
        if side == .before { reachedFirst = true } else { reachedLast = true }
        return false
      }
      let cost = charge(item)
      budget -= cost
      switch side {
      case .before:
        before.append(item)
        beforeCharges.append(cost)
      case .after:
        after.append(item)
        afterCharges.append(cost)
      }
      return true
    }

    var budgetBefore = metrics.menuWidth
    while budgetBefore > 0, extend(.before, &budgetBefore) {}
    var budgetAfter = metrics.menuWidth + budgetBefore
    while budgetAfter > 0, extend(.after, &budgetAfter) {}
    var remaining = budgetAfter
    while remaining > 0, !reachedFirst, extend(.before, &remaining) {}

    let itemBefore = reachedFirst ? nil : source.item(before: before.last ?? center)
    let itemAfter = reachedLast ? nil : source.item(after: after.last ?? center)

    var items: [Item] = []
    items.reserveCapacity(before.count + 1 + after.count)
    items.append(contentsOf: before.reversed())
    items.append(center)
    items.append(contentsOf: after)
    var offsets: [Int] = []
    offsets.reserveCapacity(items.count + 1)
    var total = 0
    offsets.append(total)
    for cost in beforeCharges.reversed() {
      total += cost
      offsets.append(total)
    }
    total += charge(center)
    offsets.append(total)
    for cost in afterCharges {
      total += cost
      offsets.append(total)
    }
    let window = PagingWindow(
      items: items, itemBefore: itemBefore, itemAfter: itemAfter, offsets: offsets)
    return (window, before.count)
  }
}
