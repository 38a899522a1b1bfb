import CalendarPaging

extension MenuOptions {
  /// Builds options from stored settings: each known key's value applied over the defaults.
  ///
  /// Keys that are not `SettingKey`s are ignored, so the store can keep other settings in the
  /// same table, and so are values this calpager does not accept (written by hand, or by a
  /// newer calpager): that setting keeps its default.
  ///
  /// - Parameter settings: Values by setting name.
  init(settings: [String: String]) {
    self.init()
    for key in SettingKey.allCases {
      if let value = settings[key.rawValue] {
        try? set(key, to: value)
      }
    }
  }

  /// The value of a setting, in the form `set(_:to:)` reads.
  func value(for key: SettingKey) -> String {
    switch key {
    case .menuItemSize:
      switch itemSize {
      case .fixed(let width): return "fixed:\(width)"
      case .sizeToFit(let minWidth): return "size-to-fit:\(minWidth)"
      case .selfSizing(let estimatedWidth): return "self-sizing:\(estimatedWidth)"
      }
    case .menuSpacing: return String(spacing)
    case .menuInsets: return MenuOptions.format(insets)
    case .menuAlignment: return alignment.rawValue
    case .selectedPosition: return selectedPosition.rawValue
    case .indicator: return indicator.isVisible ? "visible" : "hidden"
    case .indicatorInsets: return MenuOptions.format(indicator.insets)
    case .border: return border.isVisible ? "visible" : "hidden"
    case .borderInsets: return MenuOptions.format(border.insets)
    case .menuPosition: return position.rawValue
    case .firstWeekday: return firstWeekday.name.lowercased()
    case .pageBy: return pageBy.rawValue
    }
  }

  /// Sets a setting from its text form.
  ///
  /// Words are read without regard to ASCII case; numbers are ASCII digits, with no sign or
  /// space; nothing else is trimmed.
  ///
  /// - Parameters:
  ///   - key: The setting.
  ///   - value: Its new value, as `SettingKey.acceptedValues` describes.
  /// - Throws: `CLIError.invalidSetting`, naming the value and what is accepted.
  mutating func set(_ key: SettingKey, to value: some StringProtocol) throws(CLIError) {
    let text = String(value)
    let word = MenuOptions.asciiLowercased(text)
    let invalid = CLIError.invalidSetting(text, key: key)
    switch key {
    case .menuItemSize:
      guard let colon = word.firstIndex(of: ":"),
        let width = MenuOptions.number(word[word.index(after: colon)...], in: SettingKey.itemWidths)
      else { throw invalid }
      switch word[..<colon] {
      case "fixed": itemSize = .fixed(width: width)
      case "size-to-fit": itemSize = .sizeToFit(minWidth: width)
      case "self-sizing": itemSize = .selfSizing(estimatedWidth: width)
      default: throw invalid
      }
    case .menuSpacing:
      guard let number = MenuOptions.number(word[...], in: SettingKey.spacings) else {
        throw invalid
      }
      spacing = number
    case .menuInsets, .indicatorInsets, .borderInsets:
      guard let parsed = MenuOptions.insets(word) else { throw invalid }
      switch key {
      case .menuInsets: insets = parsed
      case .indicatorInsets: indicator.insets = parsed
      default: border.insets = parsed
      }
    case .menuAlignment:
      guard let parsed = MenuAlignment(rawValue: word) else { throw invalid }
      alignment = parsed
    case .selectedPosition:
      guard let parsed = SelectedPosition(rawValue: word) else { throw invalid }
      selectedPosition = parsed
    case .indicator, .border:
      let visible: Bool
      switch word {
      case "visible": visible = true
      case "hidden": visible = false
      default: throw invalid
      }
      if key == .indicator { indicator.isVisible = visible } else { border.isVisible = visible }
    case .menuPosition:
      guard let parsed = MenuPosition(rawValue: word) else { throw invalid }
      position = parsed
    case .firstWeekday:
      guard
        let parsed = Weekday.allCases.first(where: {
          MenuOptions.asciiLowercased($0.name) == word
            || MenuOptions.asciiLowercased($0.shortName) == word
        })
      else { throw invalid }
      firstWeekday = parsed
    case .pageBy:
      guard let parsed = CalendarUnit(rawValue: word) else { throw invalid }
      pageBy = parsed
    }
  }

  /// The canonical form of a setting's value: what `value(for:)` gives back once it is set.
  ///
  /// - Parameters:
  ///   - value: The value to check.
  ///   - key: The setting.
  /// - Returns: The value as stored and shown.
  /// - Throws: `CLIError.invalidSetting`, naming the value and what is accepted.
  static func canonicalValue(
    _ value: some StringProtocol, for key: SettingKey
  ) throws(CLIError) -> String {
    var options = MenuOptions()
    try options.set(key, to: value)
    return options.value(for: key)
  }

  private static func format(_ insets: HorizontalInsets) -> String {
    insets.left == insets.right ? String(insets.left) : "\(insets.left),\(insets.right)"
  }

  /// `N` (both sides) or `LEFT,RIGHT`.
  private static func insets(_ text: String) -> HorizontalInsets? {
    let parts = text.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count <= 2, let left = number(parts[0], in: SettingKey.insets),
      let right = parts.count == 2 ? number(parts[1], in: SettingKey.insets) : left
    else { return nil }
    return HorizontalInsets(left: left, right: right)
  }

  /// A whole number of one to four ASCII digits within `range`.
  private static func number(_ text: Substring, in range: ClosedRange<Int>) -> Int? {
    guard (1...4).contains(text.utf8.count) else { return nil }
    var result = 0
    for byte in text.utf8 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      result = result * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return range.contains(result) ? result : nil
  }

  /// `text` with ASCII capitals lowered and everything else kept, unlike `lowercased()`,
  /// which would turn non-ASCII look-alikes (such as the Kelvin sign) into ASCII.
  private static func asciiLowercased(_ text: String) -> String {
    String(
      decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }
}
