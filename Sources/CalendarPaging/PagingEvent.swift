/// What the paging controller reports to its observer, synchronously, as it happens.
///
/// The order is Parchment's, made strict (`PagingController` documents each command's
/// sequence):
/// - A transition is one or more `isScrolling` events, then exactly one `didScroll`. The
///   first `isScrolling` comes before `willScroll`, which is sent once per transition that
///   has an item to go to. A failed transition (past an edge, or cancelled) ends with
///   `didScroll` reporting the current item and `transitionSuccessful: false`.
/// - `select(_:)` sends `didSelect` before its transition.
/// - A rebuilt window and reloaded pages send `didReload(around:)`.
public enum PagingEvent<Item: PagingItem>: Sendable, Hashable {
  /// A transition from `from` towards `to` (nil past an edge) is `progress` of the way.
  case isScrolling(from: Item, to: Item?, progress: Double)
  /// A transition towards `to` has started.
  case willScroll(to: Item)
  /// A transition has ended: on `to` when successful, or back on the current item.
  case didScroll(to: Item, transitionSuccessful: Bool)
  /// The caller selected an item (`select(_:)`), possibly the current one.
  case didSelect(Item)
  /// The window and pages were rebuilt around an item, which is now selected.
  case didReload(around: Item)
}
