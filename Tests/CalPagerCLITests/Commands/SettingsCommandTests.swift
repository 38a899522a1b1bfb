import CommandLanguage
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
}
