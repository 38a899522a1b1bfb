import CalendarPaging

/// A setting `calpager config` reads and writes: one of the menu options, or the unit pages
/// show by.
enum SettingKey: String, CaseIterable, Sendable, CustomStringConvertible {
  /// How wide menu items are: `MenuOptions.itemSize`.
  case menuItemSize = "menu-item-size"
  /// The columns between items: `MenuOptions.spacing`.
  case menuSpacing = "menu-spacing"
  /// The columns kept free at each end of the items: `MenuOptions.insets`.
  case menuInsets = "menu-insets"
  /// Where items that all fit are placed: `MenuOptions.alignment`.
  case menuAlignment = "menu-alignment"
  /// Where the selected item is placed: `MenuOptions.selectedPosition`.
  case selectedPosition = "selected-position"
  /// Whether the selected item is marked: `MenuOptions.indicator`.
  case indicator
  /// The columns the indicator leaves out at each end of the selected item.
  case indicatorInsets = "indicator-insets"
  /// Whether a border is drawn along the menu: `MenuOptions.border`.
  case border
  /// The columns the border leaves out at each end of the line.
  case borderInsets = "border-insets"
  /// Whether the menu is above or below the page: `MenuOptions.position`.
  case menuPosition = "menu-position"
  /// The weekday weeks start on: `MenuOptions.firstWeekday`.
  case firstWeekday = "first-weekday"
  /// The unit pages show and step by: `MenuOptions.pageBy`.
  case pageBy = "page-by"

  /// Reads a setting's name, such as `menu-spacing`.
  ///
  /// - Throws: `CLIError.unknownSetting` naming the text and the settings there are.
  init(parsing name: some StringProtocol) throws(CLIError) {
    guard let key = SettingKey(rawValue: String(name)) else {
      throw .unknownSetting(String(name))
    }
    self = key
  }

  /// The setting's name, such as `menu-spacing`.
  var description: String { rawValue }

  /// What the setting changes, in a few words.
  var summary: String {
    switch self {
    case .menuItemSize: return "How wide menu items are"
    case .menuSpacing: return "Columns between menu items"
    case .menuInsets: return "Columns kept free at each end of the menu line"
    case .menuAlignment:
      return "Where each label sits in its menu item, and where the items go when they all "
        + "fit with room to spare"
    case .selectedPosition: return "Where the selected item goes on the menu line"
    case .indicator: return "Whether the selected item is underlined"
    case .indicatorInsets: return "Columns the underline leaves out at each end of the item"
    case .border: return "Whether a line separates the menu from the page"
    case .borderInsets: return "Columns the border leaves out at each end of the line"
    case .menuPosition: return "Whether the menu is above or below the page"
    case .firstWeekday: return "The day weeks start on, on week pages and month grids"
    case .pageBy:
      return "What show, next, prev, goto and today show and step by, unless --by says"
    }
  }

  /// The values the setting accepts, in words.
  var acceptedValues: String {
    switch self {
    case .menuItemSize:
      return "fixed:N, size-to-fit:N or self-sizing:N, with N a whole number from "
        + "\(SettingKey.itemWidths.lowerBound) to \(SettingKey.itemWidths.upperBound)"
    case .menuSpacing:
      return "a whole number from \(SettingKey.spacings.lowerBound) to "
        + "\(SettingKey.spacings.upperBound)"
    case .menuInsets, .indicatorInsets, .borderInsets:
      return "N or LEFT,RIGHT, whole numbers from \(SettingKey.insets.lowerBound) to "
        + "\(SettingKey.insets.upperBound)"
    case .menuAlignment: return SettingKey.list(MenuAlignment.allCases.map(\.rawValue))
    case .selectedPosition: return SettingKey.list(SelectedPosition.allCases.map(\.rawValue))
    case .indicator, .border: return "visible or hidden"
    case .menuPosition: return SettingKey.list(MenuPosition.allCases.map(\.rawValue))
    case .firstWeekday: return "a day of the week, monday to sunday or mon to sun"
    case .pageBy: return SettingKey.list(CalendarUnit.allCases.map(\.rawValue))
    }
  }

  /// The value the setting has when it is not set.
  var defaultValue: String {
    MenuOptions().value(for: self)
  }

  /// The widths `menu-item-size` accepts.
  static let itemWidths = 1...80
  /// The spacings `menu-spacing` accepts.
  static let spacings = 0...20
  /// The insets the `…-insets` settings accept, on each side.
  static let insets = 0...40

  /// `a, b or c`.
  static func list(_ words: [String]) -> String {
    words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }
}
