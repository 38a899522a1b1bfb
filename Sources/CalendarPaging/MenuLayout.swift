/// Where each menu item goes on a terminal line: a pure function of the items' widths, the
/// selection and the options.
///
/// Items are laid end to end from the left inset, `spacing` columns apart, in content columns
/// (`frames`). The line shows `lineWidth` columns of that content starting at `offset`, chosen
/// by the selected position: the selected item at the left or right edge or in the middle,
/// clamped near a bounded edge of the data source (except `center`), or, when every item of a
/// bounded source fits, placed by the alignment. An item selected wider than the line is shown
/// from its start. When the source has more items on either side, the insets stay free at
/// both ends of the line wherever the selection is: the edges and the middle are those of
/// the columns between them.
///
/// The visible slice holds the items entirely on the line; an item cut by an edge of the line
/// is dropped, so a label is never cut in the middle of a character (`hasHiddenItemsBefore`
/// and `hasHiddenItemsAfter` tell a renderer to mark the edge). The selected item is always in
/// the slice, clipped to the line when wider than it.
///
/// The decoration row holds the border along the line and the indicator under the selected
/// item, drawn over the border; it sits between the items and the page: below the items when
/// the menu is at the top, above them when it is at the bottom.
public struct MenuLayout: Sendable, Hashable {
  /// An item on the line.
  public struct Placement: Sendable, Hashable {
    /// The item's index in the widths the layout was made from.
    public var index: Int
    /// The item's first column on the line, from 0.
    public var column: Int
    /// The columns the item takes on the line.
    public var width: Int
    /// Whether the item is wider than the line and only partly shown (the selected item only).
    public var isClipped: Bool
  }

  /// A run of columns on the line.
  public struct Span: Sendable, Hashable {
    /// The first column, from 0.
    public var column: Int
    /// The number of columns.
    public var width: Int
  }

  /// A row of the menu.
  public enum Row: Sendable, Hashable {
    /// The items.
    case items
    /// The border and the indicator.
    case decoration
  }

  /// The line's width in columns.
  public let lineWidth: Int
  /// The columns each item occupies, in content columns (before `offset` is subtracted).
  public let frames: [Range<Int>]
  /// The content column shown at the line's column 0.
  public let offset: Int
  /// The index of the selected item.
  public let selectedIndex: Int
  /// The items on the line, left to right.
  public let visibleItems: [Placement]
  /// Whether items exist left of the visible ones.
  public let hasHiddenItemsBefore: Bool
  /// Whether items exist right of the visible ones.
  public let hasHiddenItemsAfter: Bool
  /// The indicator's columns on the line, or nil when hidden or nothing of it is left.
  public let indicator: Span?
  /// The border's columns on the line, or nil when hidden or nothing of it is left.
  public let border: Span?
  /// The menu's rows, top to bottom.
  public let rows: [Row]

  /// Lays out items of the given widths with the selection at `selectedIndex`.
  ///
  /// - Parameters:
  ///   - itemWidths: The display width of each item's label, used by `selfSizing`; other
  ///     item sizes only use the count. There must be at least one.
  ///   - selectedIndex: The index of the selected item.
  ///   - lineWidth: The line's width in columns.
  ///   - options: The menu options.
  ///   - hasItemsBefore: Whether the data source has items before the first one given.
  ///   - hasItemsAfter: Whether the data source has items after the last one given.
  public init(
    itemWidths: [Int], selectedIndex: Int, lineWidth: Int, options: MenuOptions,
    hasItemsBefore: Bool = false, hasItemsAfter: Bool = false
  ) {
    precondition(itemWidths.indices.contains(selectedIndex), "selectedIndex out of range")
    let width = max(0, lineWidth)
    let spacing = max(0, options.spacing)
    let insetLeft = max(0, options.insets.left)
    let insetRight = max(0, options.insets.right)
    let bounded = !hasItemsBefore && !hasItemsAfter
    let widths = MenuLayout.widths(
      itemWidths, size: options.itemSize, fitting: bounded ? width - insetLeft - insetRight : nil,
      spacing: spacing)

    var frames: [Range<Int>] = []
    frames.reserveCapacity(widths.count)
    var column = insetLeft
    for itemWidth in widths {
      frames.append(column..<column + itemWidth)
      column += itemWidth + spacing
    }
    let contentEnd = frames[frames.count - 1].upperBound + insetRight
    let selected = frames[selectedIndex]

    var offset: Int
    if bounded, contentEnd <= width, options.selectedPosition != .center {
      switch options.alignment {
      case .left: offset = 0
      case .center: offset = -((width - contentEnd) / 2)
      case .right: offset = -(width - contentEnd)
      }
    } else {
      // A menu with more items on a side keeps its insets free at both ends of the line,
      // wherever the selection is: items are placed on the columns between them.
      let lead = bounded ? 0 : insetLeft
      let room = bounded ? width : max(0, width - insetLeft - insetRight)
      if selected.count >= room {
        offset = selected.lowerBound - lead
      } else {
        switch options.selectedPosition {
        case .left: offset = selected.lowerBound - lead
        case .right: offset = selected.upperBound - lead - room
        case .preferCentered, .center:
          offset = selected.lowerBound - lead - (room - selected.count) / 2
        }
      }
      if options.selectedPosition != .center {
        if !hasItemsAfter { offset = min(offset, contentEnd - width) }
        if !hasItemsBefore { offset = max(offset, 0) }
      }
    }

    // The columns other items must lie within: inside the insets of an open menu.
    let firstColumn = bounded ? 0 : min(insetLeft, width)
    let endColumn = bounded ? width : max(firstColumn, width - insetRight)
    var visible: [Placement] = []
    visible.reserveCapacity(frames.count)
    for (index, frame) in frames.enumerated() {
      let start = frame.lowerBound - offset
      let end = frame.upperBound - offset
      if index == selectedIndex {
        let clippedStart = min(max(start, 0), width)
        let clippedEnd = max(min(end, width), clippedStart)
        visible.append(
          Placement(
            index: index, column: clippedStart, width: clippedEnd - clippedStart,
            isClipped: clippedStart != start || clippedEnd != end))
      } else if start >= firstColumn, end <= endColumn, !frame.isEmpty || start < endColumn {
        visible.append(Placement(index: index, column: start, width: end - start, isClipped: false))
      }
    }

    var indicator: Span?
    if options.indicator.isVisible {
      let insets = options.indicator.insets
      let start = max(selected.lowerBound - offset + max(0, insets.left), 0)
      let end = min(selected.upperBound - offset - max(0, insets.right), width)
      if end > start { indicator = Span(column: start, width: end - start) }
    }
    var border: Span?
    if options.border.isVisible {
      let insets = options.border.insets
      let start = max(0, insets.left)
      let end = width - max(0, insets.right)
      if end > start { border = Span(column: start, width: end - start) }
    }
    let rows: [Row] =
      indicator == nil && border == nil
      ? [.items] : options.position == .top ? [.items, .decoration] : [.decoration, .items]

    self.lineWidth = width
    self.frames = frames
    self.offset = offset
    self.selectedIndex = selectedIndex
    self.visibleItems = visible
    self.hasHiddenItemsBefore = hasItemsBefore || visible[0].index > 0
    self.hasHiddenItemsAfter = hasItemsAfter || visible[visible.count - 1].index < frames.count - 1
    self.indicator = indicator
    self.border = border
    self.rows = rows
  }

  /// Lays out a window's items with the selection at `selectedIndex`.
  ///
  /// - Parameters:
  ///   - window: The items, and whether the data source has more on either side.
  ///   - selectedIndex: The index of the selected item in the window.
  ///   - lineWidth: The line's width in columns.
  ///   - options: The menu options.
  ///   - labelWidth: The display width of an item's label (for `selfSizing`).
  public init<Item>(
    window: PagingWindow<Item>, selectedIndex: Int, lineWidth: Int, options: MenuOptions,
    labelWidth: (Item) -> Int
  ) {
    self.init(
      itemWidths: window.items.map(labelWidth), selectedIndex: selectedIndex,
      lineWidth: lineWidth, options: options, hasItemsBefore: window.hasItemsBefore,
      hasItemsAfter: window.hasItemsAfter)
  }

  /// The columns an item occupies on the line; they may lie partly or wholly off it.
  public func columns(of index: Int) -> Range<Int> {
    frames[index].lowerBound - offset..<frames[index].upperBound - offset
  }

  /// The width of each item: fixed, its label's, or size-to-fit's minimum, stretched to share
  /// `available` columns when every item fits in them.
  private static func widths(
    _ labelWidths: [Int], size: MenuItemSize, fitting available: Int?, spacing: Int
  ) -> [Int] {
    let count = labelWidths.count
    switch size {
    case .fixed(let width):
      return Array(repeating: max(0, width), count: count)
    case .selfSizing:
      return labelWidths.map { max(0, $0) }
    case .sizeToFit(let minWidth):
      let minWidth = max(0, minWidth)
      guard let available else { return Array(repeating: minWidth, count: count) }
      let free = available - spacing * (count - 1)
      guard free >= minWidth * count else { return Array(repeating: minWidth, count: count) }
      let base = free / count
      let extra = free % count
      return (0..<count).map { base + ($0 < extra ? 1 : 0) }
    }
  }
}
