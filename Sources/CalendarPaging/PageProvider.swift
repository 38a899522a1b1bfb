/// Where the paging controller gets the page shown for an item, such as a day's notes.
///
/// The controller asks only for the selected item and its two neighbours, and keeps those
/// three pages, so a step asks for one new page.
public protocol PageProvider<Item, Page> {
  /// The type of the items pages are for.
  associatedtype Item: PagingItem
  /// The type of a page; it may carry a failure, such as a `Result`.
  associatedtype Page

  /// The page for `item`.
  mutating func page(for item: Item) -> Page
}

/// The page provider of a controller that pages through items without pages.
public struct NoPages<Item: PagingItem>: PageProvider, Sendable {
  /// Creates the provider.
  public init() {}

  /// Returns nothing.
  public func page(for item: Item) {}
}
