/// The sizes, in terminal columns, the controller fills its window of items with.
///
/// They are Parchment's: the menu's width is the budget on each side of the selection, items
/// are charged their width plus the spacing. `MenuOptions.windowMetrics(lineWidth:)` gives the
/// metrics that match a menu layout.
public struct WindowMetrics: Sendable, Hashable {
  /// The menu's width: the columns of items the window holds on each side of the selection.
  public var menuWidth: Int
  /// The width charged for an item the controller has no measurement for.
  public var estimatedItemWidth: Int
  /// The columns between two items.
  public var spacing: Int
  /// The columns of items the window must hold beyond the selection, on each side, for the
  /// menu to show a full line; a step that leaves fewer rebuilds the window.
  ///
  /// 0 rebuilds it only when the selection reaches the window's first or last item. The
  /// default, half the menu width, is what a centred selection needs.
  public var margin: Int

  /// Creates window metrics; every value below zero counts as zero.
  ///
  /// - Parameters:
  ///   - menuWidth: The menu's width in columns.
  ///   - estimatedItemWidth: The width charged for an item with no measured width.
  ///   - spacing: The columns between two items.
  ///   - margin: The columns of items needed beyond the selection on each side; nil for half
  ///     the menu width, rounded up.
  public init(menuWidth: Int, estimatedItemWidth: Int, spacing: Int = 0, margin: Int? = nil) {
    self.menuWidth = max(0, menuWidth)
    self.estimatedItemWidth = max(0, estimatedItemWidth)
    self.spacing = max(0, spacing)
    self.margin = max(0, margin ?? (self.menuWidth + 1) / 2)
  }
}
