import CalendarPaging
import Testing

@testable import CalPagerCLI

@Suite struct SettingsTests {
  static let defaults: [(SettingKey, String)] = [
    (.menuItemSize, "fixed:8"), (.menuSpacing, "1"), (.menuInsets, "0"),
    (.menuAlignment, "left"), (.selectedPosition, "prefer-centered"), (.indicator, "visible"),
    (.indicatorInsets, "0"), (.border, "hidden"), (.borderInsets, "0"), (.menuPosition, "top"),
    (.firstWeekday, "monday"), (.pageBy, "day"),
  ]

  @Test func everySettingHasADefault() {
    #expect(Self.defaults.map(\.0) == SettingKey.allCases)
    for (key, value) in Self.defaults {
      #expect(key.defaultValue == value)
      #expect(MenuOptions().value(for: key) == value)
    }
  }

  @Test func settingsBuildOptions() throws {
    let options = MenuOptions(settings: [
      "menu-item-size": "self-sizing:9", "menu-spacing": "0", "menu-insets": "1,3",
      "menu-alignment": "right", "selected-position": "center", "indicator": "hidden",
      "indicator-insets": "2", "border": "visible", "border-insets": "0,4",
      "menu-position": "bottom", "first-weekday": "Sun", "selected-day": "2024-05-01",
    ])
    #expect(options.itemSize == .selfSizing(estimatedWidth: 9))
    #expect(options.spacing == 0)
    #expect(options.insets == HorizontalInsets(left: 1, right: 3))
    #expect(options.alignment == .right)
    #expect(options.selectedPosition == .center)
    #expect(options.indicator == MenuDecoration(isVisible: false, insets: .init(left: 2, right: 2)))
    #expect(options.border == .visible(insets: HorizontalInsets(left: 0, right: 4)))
    #expect(options.position == .bottom)
    #expect(options.firstWeekday == .sunday)
    #expect(MenuOptions(settings: [:]) == MenuOptions())
  }

  @Test func aStoredValueThisCalpagerRefusesKeepsItsDefault() {
    let options = MenuOptions(settings: ["border": "wide", "menu-spacing": "3"])
    #expect(options.border == MenuOptions().border)
    #expect(options.spacing == 3)
  }

  static let accepted: [(SettingKey, String, String)] = [
    (.menuItemSize, "fixed:12", "fixed:12"), (.menuItemSize, "Size-To-Fit:1", "size-to-fit:1"),
    (.menuItemSize, "self-sizing:080", "self-sizing:80"), (.menuSpacing, "20", "20"),
    (.menuSpacing, "0", "0"), (.menuInsets, "4", "4"), (.menuInsets, "4,4", "4"),
    (.menuInsets, "0,40", "0,40"), (.menuAlignment, "CENTER", "center"),
    (.selectedPosition, "prefer-centered", "prefer-centered"), (.selectedPosition, "left", "left"),
    (.indicator, "Hidden", "hidden"), (.borderInsets, "2,1", "2,1"),
    (.menuPosition, "bottom", "bottom"),
    (.firstWeekday, "saturday", "saturday"), (.firstWeekday, "TUE", "tuesday"),
    (.menuItemSize, "FIXED:8", "fixed:8"), (.pageBy, "Week", "week"), (.pageBy, "month", "month"),
  ]

  @Test(arguments: accepted)
  func valuesAreReadAndShownCanonically(key: SettingKey, value: String, canonical: String) throws {
    #expect(try MenuOptions.canonicalValue(value, for: key) == canonical)
    #expect(try MenuOptions.canonicalValue(canonical, for: key) == canonical)
    var options = MenuOptions()
    try options.set(key, to: value)
    #expect(options.value(for: key) == canonical)
  }

  static let refused: [(SettingKey, String, String)] = [
    (.menuSpacing, "abc", "Invalid menu-spacing 'abc': expected a whole number from 0 to 20"),
    (.menuSpacing, "21", "Invalid menu-spacing '21': expected a whole number from 0 to 20"),
    (.menuSpacing, "-1", "Invalid menu-spacing '-1': expected a whole number from 0 to 20"),
    (.menuSpacing, " 2", "Invalid menu-spacing ' 2': expected a whole number from 0 to 20"),
    (.menuSpacing, "+2", "Invalid menu-spacing '+2': expected a whole number from 0 to 20"),
    (.menuSpacing, "", "Invalid menu-spacing '': expected a whole number from 0 to 20"),
    (.menuSpacing, "00002", "Invalid menu-spacing '00002': expected a whole number from 0 to 20"),
    (.menuSpacing, "２", "Invalid menu-spacing '２': expected a whole number from 0 to 20"),
    (
      .menuItemSize, "fixed",
      "Invalid menu-item-size 'fixed': expected fixed:N, size-to-fit:N or self-sizing:N, "
        + "with N a whole number from 1 to 80"
    ),
    (
      .menuItemSize, "fixed:0",
      "Invalid menu-item-size 'fixed:0': expected fixed:N, size-to-fit:N or self-sizing:N, "
        + "with N a whole number from 1 to 80"
    ),
    (
      .menuItemSize, "wide:7",
      "Invalid menu-item-size 'wide:7': expected fixed:N, size-to-fit:N or self-sizing:N, "
        + "with N a whole number from 1 to 80"
    ),
    (
      .menuInsets, "1,2,3",
      "Invalid menu-insets '1,2,3': expected N or LEFT,RIGHT, whole numbers from 0 to 40"
    ),
    (
      .indicatorInsets, "1,",
      "Invalid indicator-insets '1,': expected N or LEFT,RIGHT, whole numbers from 0 to 40"
    ),
    (
      .borderInsets, "41",
      "Invalid border-insets '41': expected N or LEFT,RIGHT, whole numbers from 0 to 40"
    ),
    (
      .selectedPosition, "centre",
      "Invalid selected-position 'centre': expected left, right, prefer-centered or center"
    ),
    (
      .menuAlignment, "ｌｅｆｔ",
      "Invalid menu-alignment 'ｌｅｆｔ': expected left, center or right"
    ),
    (.indicator, "yes", "Invalid indicator 'yes': expected visible or hidden"),
    (.border, "visible\n", "Invalid border 'visible\\n': expected visible or hidden"),
    (.menuPosition, "middle", "Invalid menu-position 'middle': expected top or bottom"),
    (
      .firstWeekday, "funday",
      "Invalid first-weekday 'funday': expected a day of the week, monday to sunday or mon to sun"
    ),
    (
      .firstWeekday, "7",
      "Invalid first-weekday '7': expected a day of the week, monday to sunday or mon to sun"
    ),
  ]

  @Test(arguments: refused)
  func badValuesAreRefusedWithOneClearLine(key: SettingKey, value: String, message: String) {
    var options = MenuOptions()
    #expect(throws: CLIError.invalidSetting(value, key: key)) { try options.set(key, to: value) }
    #expect(options == MenuOptions())
    let error = CLIError.invalidSetting(value, key: key)
    #expect(error.description == message)
    #expect(!message.hasSuffix(".") && !message.contains("\n"))
    #expect(message.first?.isUppercase == true)
  }

  @Test func unknownSettingsAreRefused() throws {
    #expect(throws: CLIError.unknownSetting("colour")) { try SettingKey(parsing: "colour") }
    #expect(throws: CLIError.unknownSetting("Menu-Spacing")) {
      try SettingKey(parsing: "Menu-Spacing")
    }
    #expect(try SettingKey(parsing: "first-weekday") == .firstWeekday)
    #expect(
      CLIError.unknownSetting("colour").description
        == "Unknown setting 'colour': the settings are menu-item-size, menu-spacing, menu-insets, "
        + "menu-alignment, selected-position, indicator, indicator-insets, border, border-insets, "
        + "menu-position, first-weekday, page-by, sync-dir, undo-depth")
  }

  @Test func everySettingDescribesItself() {
    for key in SettingKey.allCases {
      #expect(!key.summary.isEmpty && !key.summary.hasSuffix("."))
      #expect(!key.acceptedValues.isEmpty)
      #expect(key.description == key.rawValue)
    }
    #expect(SettingKey.menuPosition.acceptedValues == "top or bottom")
  }

  @Test func hiddenDecorationsKeepTheirInsets() throws {
    var options = MenuOptions()
    try options.set(.borderInsets, to: "3")
    #expect(options.value(for: .borderInsets) == "3")
    try options.set(.border, to: "visible")
    #expect(options.border == .visible(insets: HorizontalInsets(left: 3, right: 3)))
  }
}
