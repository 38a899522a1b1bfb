import CalendarPaging
import CommandLanguage
import DisplayText
import Foundation
import Testing

@testable import CalPagerCLI

/// `config` and `help`, run in this process on a real database.
@Suite struct SettingsCommandTests {
  @Test func configListsGetsSetsAndUnsets() throws {
    let calpager = try InProcess()
    #expect(try calpager.run("config list").contains("menu-spacing       1  (default)\n"))
    #expect(try calpager.run("config set menu-spacing 3") == "menu-spacing = 3\n")
    #expect(try calpager.store.settings() == ["menu-spacing": "3"])
    #expect(try calpager.run("config get menu-spacing") == "3\n")
    #expect(try calpager.run("config list").contains("menu-spacing       3\n"))
    #expect(
      try calpager.json("config get first-weekday") as? [String: String] == [
        "first-weekday": "monday"
      ])
    #expect(try calpager.run("config set first-weekday SUN") == "first-weekday = sunday\n")
    #expect(try calpager.run("config unset menu-spacing") == "menu-spacing = 1\n")
    #expect(try calpager.store.settings() == ["first-weekday": "sunday"])
  }

  @Test func aRefusedKeyOrValueIsAUsageErrorOfConfig() throws {
    let calpager = try InProcess()
    let value = try #require(calpager.failure("config set border wide"))
    #expect(value.status == 64)
    #expect(value.message == "Invalid border 'wide': expected visible or hidden")
    #expect(value.usage?.contains("calpager config set <key> <value>") == true)
    let key = try #require(calpager.failure("config get colour"))
    #expect(key.status == 64)
    #expect(key.message.hasPrefix("Unknown setting 'colour': the settings are menu-item-size"))
    #expect(try calpager.store.settings().isEmpty)
  }

  @Test func helpPrintsTheOverviewOrACommandsHelp() throws {
    let calpager = try InProcess()
    #expect(try calpager.run("help").hasPrefix("OVERVIEW: A persistent calendar pager"))
    #expect(try calpager.run("help export").hasPrefix("OVERVIEW: Write the notes"))
    #expect(try calpager.run("help config set").hasPrefix("OVERVIEW: Show or change the settings."))
    #expect(try calpager.run("help", mode: .shellLine).contains("\n  begin "))
    #expect(
      calpager.failure("help nxt")?.message == "Unknown command 'nxt'; did you mean 'next'?")
  }

  @Test func setKeepsTheCanonicalValue() throws {
    let calpager = try InProcess()
    #expect(try calpager.run("config set menu-item-size FIXED:8") == "menu-item-size = fixed:8\n")
    #expect(try calpager.store.settings() == ["menu-item-size": "fixed:8"])
    #expect(try calpager.run("config get menu-item-size") == "fixed:8\n")
    #expect(try calpager.run("config list").contains("menu-item-size     fixed:8\n"))
    #expect(try calpager.run("config set page-by WEEK") == "page-by = week\n")
    #expect(try calpager.store.settings()["page-by"] == "week")
    let refused = try #require(calpager.failure("config set page-by year"))
    #expect(refused.message == "Invalid page-by 'year': expected day, week or month")
    #expect(refused.status == 64)
    #expect(try calpager.store.settings()["page-by"] == "week")
  }

  @Test func helpConfigListsEverySettingWithItsValuesAndDefault() throws {
    let calpager = try InProcess()
    let help = try calpager.run("help config --width 200")
    let lines = help.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex(of: "SETTINGS:"))
    for key in SettingKey.allCases {
      let entry = try #require(
        lines[start...].first { $0.hasPrefix("  \(key.rawValue) ") }, "\(key)")
      #expect(entry.contains(key.acceptedValues), "\(key)")
      #expect(entry.hasSuffix("(default: \(key.defaultValue))"), "\(key)")
    }
  }

  /// The page at 2030-06-14, far from the calendar's edges, with `settings` set.
  func page(_ settings: [(String, String)], width: Int) throws -> String {
    let calpager = try InProcess()
    try calpager.store.add("a note", on: Day("2030-06-14")!)
    for (key, value) in settings { try calpager.run("config set \(key) \(value)") }
    return try calpager.run("goto 2030-06-14 --width \(width)")
  }

  @Test(arguments: ["left", "right", "prefer-centered", "center"])
  func insetsAndAlignmentShowAwayFromTheEdges(position: String) throws {
    for width in [40, 80, 132] {
      let plain = try page([("selected-position", position)], width: width)
      var menus: Set<String> = [plain]
      for setting in [
        ("menu-insets", "10"), ("menu-insets", "0,9"), ("menu-alignment", "center"),
        ("menu-alignment", "right"),
      ] {
        let shown = try page([("selected-position", position), setting], width: width)
        #expect(menus.insert(shown).inserted, "\(position) \(width) \(setting)")
        for line in shown.split(separator: "\n") {
          #expect(DisplayWidth.of(String(line)) <= width, "\(setting): \(line)")
        }
      }
    }
  }

  @Test func insetsKeepColumnsFreeAtBothEndsOfTheMenu() throws {
    let shown = try page([("menu-insets", "5")], width: 80)
    let menu = try #require(shown.split(separator: "\n").first)
    // Items lie between columns 5 and 75; `…` marks the days beyond, in the insets.
    #expect(menu.hasPrefix("…    "))
    #expect(menu.hasSuffix("    …"))
    #expect(menu.count == 80)
  }

  @Test func alignmentPlacesEachLabelInItsItem() throws {
    let right = try page([("menu-alignment", "right")], width: 80)
    #expect(right.hasPrefix("  Mon 10   Tue 11   Wed 12   Thu 13 • Fri 14  Sat 15*"))
    let center = try page([("menu-alignment", "center")], width: 80)
    #expect(center.hasPrefix(" Mon 10   Tue 11   Wed 12   Thu 13   Fri 14• Sat 15*   Sun 16"))
  }
}
