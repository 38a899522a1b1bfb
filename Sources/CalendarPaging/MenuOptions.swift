/// How the menu line looks: Parchment's menu options, in terminal columns.
///
/// The defaults suit an 80-column terminal: day items such as `Wed 1` in 8 columns (room for
/// the label, today's `*` and the `•` of a day with notes), 1 column apart, the selection
/// centred where possible and underlined, the menu above the page.
/// `calpager config` sets them (see `SettingKey`).
public struct MenuOptions: Sendable, Hashable {
  /// How wide each item is.
  public var itemSize: MenuItemSize = .fixed(width: 8)
  /// The columns between two items.
  public var spacing = 1
  /// The columns kept free at the start and end of the items.
  public var insets = HorizontalInsets()
  /// Where the selected item is placed on the line.
  public var selectedPosition: SelectedPosition = .preferCentered
  /// Where items that all fit on the line, with room to spare, are placed.
  public var alignment: MenuAlignment = .left
  /// The mark under (or over) the selected item.
  public var indicator: MenuDecoration = .visible(insets: HorizontalInsets())
  /// The line along the whole menu, between the items and the page.
  public var border: MenuDecoration = .hidden
  /// Whether the menu is drawn above or below the page.
  public var position: MenuPosition = .top
  /// The weekday weeks start on, when paging by week.
  public var firstWeekday: Weekday = .monday
  /// The unit pages step and show by when a command does not say (`--by`).
  public var pageBy: CalendarUnit = .day

  /// Creates the default options.
  public init() {}

  /// The window metrics that give a menu line `lineWidth` columns wide enough items: the line
  /// width as budget, the item size's estimated width, the spacing, and the margin the
  /// selected position needs (half the line when centred, the whole line otherwise).
  public func windowMetrics(lineWidth: Int) -> WindowMetrics {
    let margin: Int
    switch selectedPosition {
    case .preferCentered, .center: margin = (lineWidth + 1) / 2
    case .left, .right: margin = lineWidth
    }
    return WindowMetrics(
      menuWidth: lineWidth, estimatedItemWidth: itemSize.estimatedWidth, spacing: spacing,
      margin: margin)
  }
}

/// How wide menu items are (Parchment's `PagingMenuItemSize`, without heights).
public enum MenuItemSize: Sendable, Hashable {
  /// Every item is `width` columns.
  case fixed(width: Int)
  /// Every item is `minWidth` columns, unless all of a bounded source's items fit on the line:
  /// then they share the line's width equally (the first ones get the spare columns).
  case sizeToFit(minWidth: Int)
  /// Every item is as wide as its label; `estimatedWidth` is charged when filling the window
  /// before labels are measured.
  case selfSizing(estimatedWidth: Int)

  /// The width charged for an item before it is measured.
  public var estimatedWidth: Int {
    switch self {
    case .fixed(let width): return width
    case .sizeToFit(let minWidth): return minWidth
    case .selfSizing(let estimatedWidth): return estimatedWidth
    }
  }
}

/// Columns kept free on the left and right of something.
public struct HorizontalInsets: Sendable, Hashable {
  /// Columns on the left.
  public var left: Int
  /// Columns on the right.
  public var right: Int

  /// Creates insets; the default is none.
  public init(left: Int = 0, right: Int = 0) {
    self.left = left
    self.right = right
  }
}

/// Where the selected item is placed on the line (Parchment's `selectedScrollPosition`).
public enum SelectedPosition: String, Sendable, Hashable, CaseIterable {
  /// At the line's left edge, unless the source's first or last item would leave a gap.
  case left
  /// At the line's right edge, unless the source's first or last item would leave a gap.
  case right
  /// In the middle, unless the source's first or last item would leave a gap: near a bounded
  /// edge the line stops scrolling.
  case preferCentered = "prefer-centered"
  /// Always in the middle, even the source's first and last items (Parchment adds half a line
  /// of inset at each end for this).
  case center
}

/// Where items that all fit on the line are placed (Parchment's `menuHorizontalAlignment`).
public enum MenuAlignment: String, Sendable, Hashable, CaseIterable {
  /// Against the left inset.
  case left
  /// In the middle of the line.
  case center
  /// Against the right inset.
  case right
}

/// Whether a menu decoration (the indicator or the border) is drawn, and its insets.
///
/// The insets are kept while hidden, so showing it again restores them.
public struct MenuDecoration: Sendable, Hashable {
  /// Whether it is drawn.
  public var isVisible: Bool
  /// The columns left out at each end.
  public var insets: HorizontalInsets

  /// Creates a decoration.
  public init(isVisible: Bool, insets: HorizontalInsets = HorizontalInsets()) {
    self.isVisible = isVisible
    self.insets = insets
  }

  /// Not drawn.
  public static let hidden = MenuDecoration(isVisible: false)

  /// Drawn, with `insets` columns left out at each end.
  public static func visible(insets: HorizontalInsets = HorizontalInsets()) -> MenuDecoration {
    MenuDecoration(isVisible: true, insets: insets)
  }
}

/// Whether the menu is drawn above or below the page.
public enum MenuPosition: String, Sendable, Hashable, CaseIterable {
  /// Above the page.
  case top
  /// Below the page.
  case bottom
}
