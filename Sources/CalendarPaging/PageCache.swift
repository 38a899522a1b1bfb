/// The pages of the selected item and its two neighbours, keyed by item.
///
/// Parchment keeps three pages, previous, selected and next. A step rotates them (the old
/// selected page becomes a neighbour, the old neighbour the selected page) and loads only the
/// one new neighbour; a far jump loads the target and both of its neighbours. Pages are
/// matched by item (`==`), never by position or hash value.
public struct PageCache<Provider: PageProvider> {
  /// The type of the items pages are for.
  public typealias Item = Provider.Item
  /// The type of a page.
  public typealias Page = Provider.Page

  /// One kept page.
  struct Slot {
    let item: Item
    let page: Page
  }

  /// Where pages come from.
  public private(set) var provider: Provider
  private var previous: Slot?
  private var selected: Slot?
  private var next: Slot?

  /// Creates an empty cache loading pages from `provider`.
  public init(provider: Provider) {
    self.provider = provider
  }

  /// The selected item's page, or nil when nothing is selected.
  public var selectedPage: Page? { selected?.page }

  /// The page of the item before the selected one, or nil when there is none.
  public var previousPage: Page? { previous?.page }

  /// The page of the item after the selected one, or nil when there is none.
  public var nextPage: Page? { next?.page }

  /// The items whose pages are kept.
  public var items: (previous: Item?, selected: Item?, next: Item?) {
    (previous?.item, selected?.item, next?.item)
  }

  /// The kept page of `item`, or nil when it is not one of the three.
  public func page(for item: Item) -> Page? {
    slot(for: item)?.page
  }

  private func slot(for item: Item) -> Slot? {
    if let slot = selected, slot.item == item { return slot }
    if let slot = next, slot.item == item { return slot }
    if let slot = previous, slot.item == item { return slot }
    return nil
  }

  /// Keeps the pages of `selected` and its neighbours, reusing the pages already kept for any
  /// of them and loading the others, the selected page first.
  mutating func show(_ selected: Item, previous: Item?, next: Item?) {
    let newSelected = slot(for: selected) ?? load(selected)
    let newPrevious = previous.map { slot(for: $0) ?? load($0) }
    let newNext = next.map { slot(for: $0) ?? load($0) }
    self.selected = newSelected
    self.previous = newPrevious
    self.next = newNext
  }

  /// Drops every kept page.
  mutating func removeAll() {
    previous = nil
    selected = nil
    next = nil
  }

  private mutating func load(_ item: Item) -> Slot {
    Slot(item: item, page: provider.page(for: item))
  }
}

extension PageCache.Slot: Sendable where PageCache.Item: Sendable, PageCache.Page: Sendable {}
extension PageCache: Sendable where Provider: Sendable, Provider.Page: Sendable {}
