/// Where the paging controller is: nothing selected, an item selected, or between two items.
public enum PagingState<Item: PagingItem>: Sendable, Hashable {
  /// Nothing is selected.
  case empty
  /// `Item` is selected and no transition is under way.
  case selected(Item)
  /// A transition from an item is under way, towards `to` (nil past an edge), `progress` of
  /// the way: positive forward (towards later items), negative backward; 1 or -1 completes it.
  case scrolling(from: Item, to: Item?, progress: Double)

  /// The selected item, or the item a transition started from.
  public var currentItem: Item? {
    switch self {
    case .empty: return nil
    case .selected(let item): return item
    case .scrolling(let from, _, _): return from
    }
  }

  /// The item a transition is heading to, or nil.
  public var upcomingItem: Item? {
    if case .scrolling(_, let to, _) = self { return to }
    return nil
  }

  /// How far a transition has gone, 0 when none is under way.
  public var progress: Double {
    if case .scrolling(_, _, let progress) = self { return progress }
    return 0
  }

  /// The item to highlight: the upcoming item once a transition is more than half way,
  /// otherwise the current one.
  public var visuallySelectedItem: Item? {
    if case .scrolling(_, let to?, let progress) = self, abs(progress) > 0.5 {
      return to
    }
    return currentItem
  }

  /// Whether a transition is under way.
  public var isScrolling: Bool {
    if case .scrolling = self { return true }
    return false
  }
}
