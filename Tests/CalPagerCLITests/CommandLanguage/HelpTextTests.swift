import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

@Suite struct HelpTextTests {
  /// Every registered command's name: the tests below cover a command added to the registry
  /// without an edit here.
  static let registered = CommandRegistry.commands.map { $0.spec.name }

  /// The registered command `name`'s spec.
  static func spec(_ name: String) -> CommandSpec {
    CommandRegistry.grammar.command(named: name)!
  }

  /// Help on the registered command `name`, or the overview.
  static func help(_ name: String?, width: Int = 80) -> String {
    HelpText.text(
      for: name.map(spec), grammar: CommandRegistry.grammar, width: width, mode: .commandLine)
  }

  @Test func overviewIsGolden() {
    // The golden is the overview of the commands `CommandName` lists; a command added since
    // shows in the real overview (checked by `everyCommandIsListedInTheOverview`).
    let specs = CommandRegistry.commands.map { $0.spec }.filter {
      CommandName(rawValue: $0.name) != nil
    }
    let grammar = Grammar(commands: specs, defaultCommand: "show")
    #expect(HelpText.text(for: nil, grammar: grammar) == HelpTextTests.overview)
  }

  @Test func nextIsGolden() {
    #expect(HelpText.text(for: .next) == HelpTextTests.next)
  }

  @Test func addIsGolden() {
    #expect(HelpText.text(for: .add) == HelpTextTests.add)
  }

  @Test(arguments: registered)
  func everyCommandHasFullHelp(name: String) {
    let text = HelpTextTests.help(name)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "OVERVIEW: " + HelpTextTests.spec(name).abstract)
    #expect(lines[1] == "")
    #expect(lines.contains { $0.hasPrefix("USAGE: ") })
    #expect(lines.contains("OPTIONS:"))
    #expect(lines.last == "  -h, --help              Show help information.")
    #expect(!text.contains("\n\n\n"))
    #expect(!text.hasSuffix("\n"))
    for line in lines {
      #expect(line.count <= 80, "\(name): \(line)")
      #expect(!line.hasSuffix(" "), "\(name): '\(line)'")
    }
    let spec = HelpTextTests.spec(name)
    #expect(!spec.discussion.isEmpty)
    #expect(spec.abstract.hasSuffix("."))
    #expect(spec.arguments.isEmpty == !lines.contains("ARGUMENTS:"))
  }

  @Test(arguments: registered)
  func helpMatchesWhatTheParserAccepts(name: String) {
    let spec = HelpTextTests.spec(name)
    let usage = spec.usage.joined(separator: " ")
    let text = HelpTextTests.help(name)
    for option in OptionName.allCases {
      let listed = text.contains("\n  \(option.label) ")
      #expect(listed == spec.accepts(option), "\(name) \(option)")
      if !option.isGlobal && spec.accepts(option) {
        #expect(usage.contains("[\(option.usageForm)]"), "\(name) \(option)")
      }
    }
    for argument in spec.arguments {
      #expect(usage.contains(argument.label), "\(name) \(argument.label)")
    }
  }

  @Test func everyCommandIsListedInTheOverview() {
    let text = HelpText.text(for: nil)
    for spec in CommandRegistry.grammar.commands(in: .commandLine) {
      #expect(text.contains("\n  \(spec.name) "), "\(spec.name)")
    }
    for name in [CommandName.quit, .begin, .commit, .rollback] {
      #expect(!text.contains("\n  \(name.rawValue) "), "\(name)")
    }
  }

  @Test func lineModeOverviewListsLineModeCommands() {
    let text = HelpText.text(for: nil, mode: .shellLine)
    for name in [CommandName.quit, .begin, .commit, .rollback] {
      #expect(text.contains("\n  \(name.rawValue) "), "\(name)")
    }
    #expect(!text.contains("\n  shell "))
    #expect(!text.contains("--db"))
    #expect(!HelpText.text(for: .next, mode: .shellLine).contains("--db"))
  }

  @Test func datesAndRangesAreExplainedWhereTheyApply() {
    for name in [CommandName.goto, .add, .mv, .list, .export] {
      #expect(HelpText.text(for: name).contains("DATE is YYYY-MM-DD, today"), "\(name)")
    }
    #expect(HelpText.text(for: .list).contains("RANGE is a DATE, DATE..DATE"))
  }

  @Test(arguments: [40, 60, 100, 132])
  func wrapsToTheWidth(width: Int) {
    for name in [nil] + HelpTextTests.registered {
      var inUsage = false
      for line in HelpTextTests.help(name, width: width).split(
        separator: "\n", omittingEmptySubsequences: false)
      {
        // Examples and the usage (its line and the lines continuing it) are commands to copy,
        // never broken; a single word longer than the width cannot be.
        inUsage = line.hasPrefix("USAGE:") || (inUsage && line.hasPrefix(" "))
        let isExample = line.hasPrefix("  ") && !line.hasPrefix("   ") && line.contains("calpager")
        let isOneWord = !line.trimmingCharacters(in: .whitespaces).contains(" ")
        if !isExample && !isOneWord && !inUsage {
          #expect(line.count <= width, "\(String(describing: name)) \(width): \(line)")
        }
      }
    }
    // Help is laid out for 20 columns at the narrowest.
    #expect(HelpText.text(for: .next, width: 10) == HelpText.text(for: .next, width: 20))
  }

  @Test func putsLongLabelsOnTheirOwnLine() {
    let text = HelpText.section(
      "OPTIONS", [("--a-very-long-option-name <value>", "Does a thing.")], 80)
    #expect(
      text == """
        OPTIONS:
          --a-very-long-option-name <value>
                                  Does a thing.
        """)
  }

  @Test func wrapsUsageUnderTheFirstBracket() {
    #expect(
      HelpText.wrapUsage(
        "calpager x [--aaaa <a>] [--bbbb <b>] [--cccc <c>]", prefix: "USAGE: ", width: 40)
        == [
          "USAGE: calpager x [--aaaa <a>]", "                  [--bbbb <b>]",
          "                  [--cccc <c>]",
        ])
  }
}
