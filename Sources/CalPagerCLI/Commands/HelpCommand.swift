import CalendarPaging
import CommandLanguage

/// `help [COMMAND]`: the overview, or a command's help.
struct HelpCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "help",
    abstract: "Show help information.",
    discussion: """
      Every subcommand also shows its help with -h or --help.

      Examples:
        calpager help
        calpager help export
      """,
    usage: ["calpager help [<subcommand>]"],
    arguments: [Argument(label: "<subcommand>", help: "The subcommand to show help for.")]
  )

  /// The command whose help is shown (a spec's name); nil for the overview.
  var topic: String?

  func run(in context: CommandContext) throws -> TextResult {
    let grammar = CommandRegistry.grammar
    return .help(
      HelpText.text(
        for: topic.flatMap(grammar.command(named:)), grammar: grammar, width: context.style.width,
        mode: context.mode))
  }
}

extension HelpCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let word = arguments.words.first else {
      topic = nil
      return
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
