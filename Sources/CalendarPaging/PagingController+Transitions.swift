extension PagingController {
  /// Runs one command; events are delivered as it goes.
  func execute(_ command: Command) -> PagingResult<Item> {
    switch command {
    case .select(let item): return select(item: item)
    case .next: return step(.after)
    case .previous: return step(.before)
    case .progress(let progress): return update(progress: progress)
    case .endTransition: return finishOrCancel()
    case .reload:
      cancelTransition()
      guard let current = state.currentItem else { return .failed(.empty) }
      guard let item = dataSource.nearestItem(to: current) else {
        state = .empty
        window = .empty
        selectedIndex = 0
        pages.removeAll()
        return .failed(.empty)
      }
      return reload(around: item, keepingPages: false)
    case .reloadAround(let item):
      cancelTransition()
      guard dataSource.nearestItem(to: item) == item else {
        return .failed(.notInDataSource(item))
      }
      return reload(around: item, keepingPages: false)
    case .reloadMenu:
      cancelTransition()
      guard let current = state.currentItem else { return .failed(.empty) }
      return reload(around: current, keepingPages: true)
    }
  }

  private func select(item: Item) -> PagingResult<Item> {
    guard let current = state.currentItem else {
      guard dataSource.nearestItem(to: item) == item else {
        return .failed(.notInDataSource(item))
      }
      rebuild(around: item)
      state = .selected(item)
      showPages()
      emit(.didSelect(item))
      emit(.didReload(around: item))
      return .selected(item)
    }
    if item == current {
      // Parchment ignores this; here it re-centres the window on the selection.
      rebuild(around: item)
      showPages()
      emit(.didSelect(item))
      return .selected(item)
    }
    let index = window.index(of: item)
    if index == nil, item != window.itemBefore, item != window.itemAfter,
      dataSource.nearestItem(to: item) != item
    {
      return .failed(.notInDataSource(item))
    }
    let progress: Double = item > current ? 1 : -1
    state = .scrolling(from: current, to: item, progress: 0)
    emit(.didSelect(item))
    state = .scrolling(from: current, to: item, progress: progress)
    emit(.isScrolling(from: current, to: item, progress: progress))
    emit(.willScroll(to: item))
    complete(at: item, index: index)
    return .selected(item)
  }

  /// `selectNext()` or `selectPrevious()`: a whole transition at once.
  private func step(_ side: PagingSide) -> PagingResult<Item> {
    guard let current = state.currentItem else { return .failed(.empty) }
    let progress: Double = side == .after ? 1 : -1
    let target = side == .after ? nextItem : previousItem
    state = .scrolling(from: current, to: target, progress: progress)
    emit(.isScrolling(from: current, to: target, progress: progress))
    guard let target else {
      state = .selected(current)
      emit(.didScroll(to: current, transitionSuccessful: false))
      return .failed(.edge(side, at: current))
    }
    emit(.willScroll(to: target))
    complete(at: target, index: nil)
    return .selected(target)
  }

  private func update(progress: Double) -> PagingResult<Item> {
    switch state {
    case .empty:
      return .failed(.empty)
    case .selected(let current):
      guard progress != 0, !progress.isNaN else { return .selected(current) }
      return begin(from: current, progress: progress)
    case .scrolling(let current, let target, let old):
      if progress == 0 || progress.isNaN {
        state = .selected(current)
        emit(.isScrolling(from: current, to: nil, progress: 0))
        emit(.didScroll(to: current, transitionSuccessful: false))
        return .selected(current)
      }
      if (progress > 0) != (old > 0) {
        // Parchment drops the new direction's willScroll here; a reversal is a cancelled
        // transition followed by a new one.
        state = .selected(current)
        emit(.didScroll(to: current, transitionSuccessful: false))
        return begin(from: current, progress: progress)
      }
      state = .scrolling(from: current, to: target, progress: progress)
      emit(.isScrolling(from: current, to: target, progress: progress))
      if let target, abs(progress) >= 1 {
        complete(at: target, index: nil)
        return .selected(target)
      }
      return .selected(current)
    }
  }

  private func begin(from current: Item, progress: Double) -> PagingResult<Item> {
    let target = progress > 0 ? nextItem : previousItem
    state = .scrolling(from: current, to: target, progress: progress)
    emit(.isScrolling(from: current, to: target, progress: progress))
    guard let target else { return .selected(current) }
    emit(.willScroll(to: target))
    if abs(progress) >= 1 {
      complete(at: target, index: nil)
      return .selected(target)
    }
    return .selected(current)
  }

  private func finishOrCancel() -> PagingResult<Item> {
    guard case .scrolling(let current, let target, let progress) = state else {
      return state.currentItem.map { .selected($0) } ?? .failed(.empty)
    }
    if let target, abs(progress) > 0.5 {
      complete(at: target, index: nil)
      return .selected(target)
    }
    state = .selected(current)
    emit(.didScroll(to: current, transitionSuccessful: false))
    guard target != nil else { return .failed(.edge(progress > 0 ? .after : .before, at: current)) }
    return .selected(current)
  }

  /// Ends a transition under way as failed, for a reload.
  private func cancelTransition() {
    guard case .scrolling(let current, _, _) = state else { return }
    state = .selected(current)
    emit(.didScroll(to: current, transitionSuccessful: false))
  }

  /// Completes a successful transition to `item` (at `index` in the window when known).
  private func complete(at item: Item, index: Int?) {
    state = .selected(item)
    move(to: item, index: index)
    emit(.didScroll(to: item, transitionSuccessful: true))
  }

  private func reload(around item: Item, keepingPages: Bool) -> PagingResult<Item> {
    if !keepingPages { pages.removeAll() }
    rebuild(around: item)
    state = .selected(item)
    showPages()
    emit(.didReload(around: item))
    return .selected(item)
  }

  /// Moves the selected index to `item`, already the state's selection, inside the window when it is there and leaves enough
  /// items beyond it, else in a window rebuilt around it; then rotates the pages.
  private func move(to item: Item, index: Int?) {
    if let index = index ?? neighbourIndex(of: item) ?? window.index(of: item),
      !needsRebuild(at: index)
    {
      selectedIndex = index
    } else {
      rebuild(around: item)
    }
    showPages()
  }

  /// The index of `item` when it is next to the selection in the window: the usual step.
  private func neighbourIndex(of item: Item) -> Int? {
    let items = window.items
    if selectedIndex + 1 < items.count, items[selectedIndex + 1] == item {
      return selectedIndex + 1
    }
    if selectedIndex > 0, items[selectedIndex - 1] == item {
      return selectedIndex - 1
    }
    return nil
  }

  /// Whether a selection at `index` leaves too few items beyond it on a side that has more.
  private func needsRebuild(at index: Int) -> Bool {
    let last = window.items.count - 1
    let margin = metrics.margin
    if window.hasItemsBefore, index == 0 || window.columns(before: index) < margin {
      return true
    }
    if window.hasItemsAfter, index == last || window.columns(after: index) < margin {
      return true
    }
    return false
  }

  /// Builds the window around `item` and tells the data source.
  private func rebuild(around item: Item) {
    let estimated = metrics.estimatedItemWidth
    let (newWindow, index) = PagingWindow.generate(
      around: item, in: dataSource, metrics: metrics, width: itemWidth ?? { _ in estimated })
    window = newWindow
    selectedIndex = index
    dataSource.windowDidChange(newWindow)
  }

  /// Keeps the pages of the selection and its neighbours.
  private func showPages() {
    guard let current = state.currentItem else { return }
    pages.show(current, previous: previousItem, next: nextItem)
  }
}
