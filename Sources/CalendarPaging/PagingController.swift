/// The paging model: a selection that moves through a data source's items, the window of items
/// around it (the menu), the pages of the selection and its neighbours, and the events that
/// report every change.
///
/// This is Parchment's `PagingController` and `PageViewManager` off UIKit, with the fixes its
/// users asked for: a move past an edge fails cleanly and the selection stays; selecting the
/// current item rebuilds the window around it and reports `didSelect`; a command that arrives
/// during a transition is queued, not dropped; `reloadData()` keeps the selection on any
/// source; far jumps rebuild a contiguous window, never Parchment's gapped union.
///
/// Transitions are instant in a terminal but keep Parchment's events, so the order can be
/// relied on. For each command, the events sent, in order (A is the selection):
/// - `selectNext()` / `selectPrevious()` to B: `isScrolling(A, B, ±1)`, `willScroll(B)`,
///   `didScroll(B, true)`. Past an edge: `isScrolling(A, nil, ±1)`, `didScroll(A, false)`.
/// - `select(X)`, X ≠ A: `didSelect(X)`, `isScrolling(A, X, ±1)`, `willScroll(X)`,
///   `didScroll(X, true)`. `select(A)`: `didSelect(A)`. From the empty state: `didSelect(X)`,
///   `didReload(around: X)`. An item the source does not hold: nothing.
/// - `reloadData()`, `reloadData(around:)`, `reloadMenu()`: `didScroll(A, false)` if a
///   transition was under way, then `didReload(around:)`.
/// - `updateTransition(progress:)` and `endTransition()` drive a transition step by step (see
///   there).
///
/// Each step inside the window costs no data source call; a step that leaves fewer than
/// `metrics.margin` columns of items beyond the selection, or that leaves the window, rebuilds
/// the window around the new selection (at most the new window's size plus 2 calls) and tells
/// the data source once (`windowDidChange(_:)`).
///
/// The controller is a class because its observer may call back into it: commands issued
/// while it is delivering events are queued and run, in order, when it is done.
public final class PagingController<DataSource: PagingDataSource, Pages: PageProvider>
where Pages.Item == DataSource.Item {
  /// The type of the items paged through.
  public typealias Item = DataSource.Item

  /// Where items come from; after changing what it holds, call `reloadData()`.
  public var dataSource: DataSource
  /// The pages of the selected item and its neighbours.
  public internal(set) var pages: PageCache<Pages>
  /// The sizes the window is filled with; a change applies from the next rebuilt window, or
  /// at once with `reloadMenu()`.
  public var metrics: WindowMetrics
  /// The width of an item in columns, when items are measured (Parchment's size delegate);
  /// nil charges every item `metrics.estimatedItemWidth`.
  public var itemWidth: ((Item) -> Int)?
  /// Receives every event, synchronously, in order.
  public var onEvent: ((PagingEvent<Item>) -> Void)?

  /// Where the controller is: nothing selected, an item selected, or a transition.
  public internal(set) var state: PagingState<Item> = .empty
  /// The items around the selection; empty when nothing is selected.
  public internal(set) var window: PagingWindow<Item> = .empty
  /// The index of the selected item (or of the item a transition started from) in `window`.
  public internal(set) var selectedIndex = 0

  /// Commands waiting for the current command or transition to end.
  var pending: [Command] = []
  /// Whether a command is running (its events are being delivered).
  var isBusy = false

  /// A command, as queued.
  enum Command {
    case select(Item)
    case next
    case previous
    case progress(Double)
    case endTransition
    case reload
    case reloadAround(Item)
    case reloadMenu

    /// Whether the command waits for a transition under way to end.
    var waitsForTransition: Bool {
      switch self {
      case .select, .next, .previous: return true
      case .progress, .endTransition, .reload, .reloadAround, .reloadMenu: return false
      }
    }
  }

  /// Creates a controller with nothing selected; `select(_:)` or `reloadData(around:)` selects
  /// the first item.
  ///
  /// - Parameters:
  ///   - dataSource: Where items come from.
  ///   - pageProvider: Where pages come from.
  ///   - metrics: The sizes to fill windows with.
  public init(dataSource: DataSource, pageProvider: Pages, metrics: WindowMetrics) {
    self.dataSource = dataSource
    self.pages = PageCache(provider: pageProvider)
    self.metrics = metrics
  }

  /// The selected item, or the item a transition started from; nil when nothing is selected.
  public var selectedItem: Item? { state.currentItem }

  /// The item before the selection, or nil at the data source's first item.
  ///
  /// - Complexity: O(1); no data source call.
  public var previousItem: Item? {
    guard !window.items.isEmpty else { return nil }
    return selectedIndex > 0 ? window.items[selectedIndex - 1] : window.itemBefore
  }

  /// The item after the selection, or nil at the data source's last item.
  ///
  /// - Complexity: O(1); no data source call.
  public var nextItem: Item? {
    guard !window.items.isEmpty else { return nil }
    return selectedIndex + 1 < window.items.count
      ? window.items[selectedIndex + 1] : window.itemAfter
  }

  /// Whether `selectPrevious()` can succeed.
  public var canGoBack: Bool { previousItem != nil }

  /// Whether `selectNext()` can succeed.
  public var canGoForward: Bool { nextItem != nil }

  /// Selects `item`: a transition to it, or, when it is already selected, a rebuilt window
  /// centred on it; fails when the data source does not hold it.
  @discardableResult
  public func select(_ item: Item) -> PagingResult<Item> { perform(.select(item)) }

  /// Moves the selection to the next item; fails past the last item.
  @discardableResult
  public func selectNext() -> PagingResult<Item> { perform(.next) }

  /// Moves the selection to the previous item; fails before the first item.
  @discardableResult
  public func selectPrevious() -> PagingResult<Item> { perform(.previous) }

  /// Rebuilds the window and reloads every page around the selection, kept (or moved to the
  /// nearest item the data source still holds).
  @discardableResult
  public func reloadData() -> PagingResult<Item> { perform(.reload) }

  /// Rebuilds the window and reloads every page around `item`, which becomes the selection.
  @discardableResult
  public func reloadData(around item: Item) -> PagingResult<Item> {
    perform(.reloadAround(item))
  }

  /// Rebuilds the window around the selection, keeping the pages; for new metrics or widths.
  @discardableResult
  public func reloadMenu() -> PagingResult<Item> { perform(.reloadMenu) }

  /// Moves a transition on to `progress`, as Parchment's content scroll does.
  ///
  /// From a selection, a non-zero progress starts a transition towards the next item
  /// (positive) or the previous one (negative): `isScrolling`, then `willScroll` when there is
  /// an item that way. During a transition it sends `isScrolling`; reaching 1 or -1 completes
  /// it (`didScroll(to, true)`), 0 cancels it (`isScrolling(A, nil, 0)`, `didScroll(A,
  /// false)`), and a change of sign cancels it and starts one the other way. Past an edge the
  /// transition has no item to go to and ends only with 0 or `endTransition()`.
  ///
  /// - Parameter progress: How far the transition has gone, -1…1; beyond counts as ±1.
  /// - Returns: The item selected after the update: the target once the transition
  ///   completes, else the current item.
  @discardableResult
  public func updateTransition(progress: Double) -> PagingResult<Item> {
    perform(.progress(progress))
  }

  /// Ends a transition: it completes when it has an item to go to and is more than half way,
  /// and fails otherwise (`didScroll(A, false)`).
  ///
  /// - Returns: The item selected: the target, or the current item after a cancel; past an
  ///   edge, a failure naming the edge.
  @discardableResult
  public func endTransition() -> PagingResult<Item> { perform(.endTransition) }

  /// Runs `command` now, or queues it while another runs or a transition is under way.
  func perform(_ command: Command) -> PagingResult<Item> {
    if isBusy || (command.waitsForTransition && state.isScrolling) {
      pending.append(command)
      return .queued
    }
    isBusy = true
    let result = execute(command)
    isBusy = false
    if !pending.isEmpty { runPending() }
    return result
  }

  /// Runs queued commands in order until none is left or the next waits for a transition.
  private func runPending() {
    while let command = pending.first, !(command.waitsForTransition && state.isScrolling) {
      pending.removeFirst()
      isBusy = true
      _ = execute(command)
      isBusy = false
    }
  }

  func emit(_ event: PagingEvent<Item>) {
    onEvent?(event)
  }
}

extension PagingController where Pages == NoPages<DataSource.Item> {
  /// Creates a controller without pages, with nothing selected.
  ///
  /// - Parameters:
  ///   - dataSource: Where items come from.
  ///   - metrics: The sizes to fill windows with.
  public convenience init(dataSource: DataSource, metrics: WindowMetrics) {
    self.init(dataSource: dataSource, pageProvider: NoPages(), metrics: metrics)
  }
}
