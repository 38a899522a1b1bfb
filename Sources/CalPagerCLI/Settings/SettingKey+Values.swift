import CalendarPaging

extension SettingKey {
  /// The values offered when `config set KEY` is completed: every word the setting accepts,
  /// or, for a number, its default (a value to edit rather than a list to choose from).
  var suggestedValues: [String] {
    switch self {
    case .menuItemSize:
      let width = MenuOptions().itemSize.estimatedWidth
      return ["fixed:\(width)", "size-to-fit:\(width)", "self-sizing:\(width)"]
    case .menuSpacing, .menuInsets, .indicatorInsets, .borderInsets: return [defaultValue]
    case .menuAlignment: return MenuAlignment.allCases.map(\.rawValue)
    case .selectedPosition: return SelectedPosition.allCases.map(\.rawValue)
    case .indicator, .border: return ["visible", "hidden"]
    case .menuPosition: return MenuPosition.allCases.map(\.rawValue)
    case .firstWeekday: return Weekday.allCases.map { $0.name.lowercased() }
    case .pageBy: return CalendarUnit.allCases.map(\.rawValue)
    }
  }
}
