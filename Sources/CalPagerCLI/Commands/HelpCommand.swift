import CalendarPaging
import CommandLanguage
import DisplayText

/// `help [COMMAND]`: the overview, or a command's help.
struct HelpCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "help",
    abstract: "Show help information.",
    discussion: """
      Every subcommand also shows its help with -h or --help. With --man, the whole manual, \
      calpager(1), is printed in roff for man(1), written from the same help.

      Examples:
        calpager help
        calpager help export
        calpager help --man | man -l -
      """,
    usage: ["calpager help [<subcommand>] [--man]"],
    arguments: [
      Argument(label: "<subcommand>", help: "The subcommand to show help for.", kind: .command)
    ],
    options: [OptionHelp(.man, help: "Print the manual page calpager(1), in roff.")]
  )

  /// The command whose help is shown (a spec's name); nil for the overview.
  var topic: String?
  /// `--man`: the manual page instead.
  var man = false

  func run(in context: CommandContext) throws -> TextResult {
    if man { return TextResult(text: String(ManPage.roff().dropLast()), key: "man") }
    let grammar = CommandRegistry.grammar
    return .help(
      HelpText.text(
        for: topic.flatMap(grammar.command(named:)), grammar: grammar, width: context.style.width,
        mode: context.mode))
  }
}

extension HelpCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    man = arguments.flag(.man)
    guard let word = arguments.words.first else {
      topic = nil
      return
    }
    if man {
      throw arguments.failure("--man prints the whole manual: give no subcommand with it")
    }
    let grammar = CommandRegistry.grammar
    guard let spec = grammar.command(named: word) else {
      throw arguments.failure(
        "unknown command \(Quote.quoted(word))"
          + Suggestion.phrase(for: word, among: grammar.commands.map(\.name)))
    }
    topic = spec.name
    // `help config set` reads as help on config.
    if spec.name == ConfigCommand.spec.name, arguments.words.count == 2,
      ConfigCommand.actions.contains(arguments.words[1])
    {
      return
    }
    try arguments.expectAtMost(1)
  }
}
