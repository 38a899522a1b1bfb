/// Why a paging command did not move the selection.
public enum PagingFailure<Item: PagingItem>: Error, Sendable, Hashable {
  /// There is no item on `side` of `item`, the selection, which stays where it is.
  case edge(PagingSide, at: Item)
  /// The data source does not hold the item asked for; the selection stays.
  case notInDataSource(Item)
  /// Nothing is selected, so there is nothing to step from or reload around.
  case empty
}

/// A side of an item: towards earlier or later items.
public enum PagingSide: Sendable, Hashable {
  /// Towards earlier items.
  case before
  /// Towards later items.
  case after
}

/// The outcome of a paging command.
public enum PagingResult<Item: PagingItem>: Sendable, Hashable {
  /// The command ran; `Item` is now selected.
  case selected(Item)
  /// The command ran and failed; the selection did not change.
  case failed(PagingFailure<Item>)
  /// The command arrived during a transition or while events were being delivered; it will
  /// run, in order, as soon as the controller is idle, and report through events.
  case queued

  /// The selected item, or nil when the command failed or was queued.
  public var item: Item? {
    if case .selected(let item) = self { return item }
    return nil
  }

  /// The failure, or nil.
  public var failure: PagingFailure<Item>? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}
