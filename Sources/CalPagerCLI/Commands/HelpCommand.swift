import CalendarPaging
import CommandLanguage
import DisplayText

/// `help [COMMAND]`: the overview, or a command's help.
struct HelpCommand: CalPagerCommand {
  /// `[<subcommand>]`: the command whose help is shown, by its name or an alias; its name.
  static let topic = ArgumentKey<String?>(
    label: "<subcommand>", help: "The subcommand to show help for.", kind: .command,
    isOptional: true
  ) { (arguments, slot) throws(UsageError) in
    guard slot.index < arguments.words.count else { return nil }
    let word = arguments.words[slot.index]
    let grammar = CommandRegistry.grammar
    guard let spec = grammar.command(named: word) else {
      throw arguments.failure(
        "unknown command \(Quote.quoted(word))"
          + Suggestion.phrase(for: word, among: grammar.commands.map(\.name)))
    }
    return spec.name
  }
  /// `--man`: the manual page instead.
  static let man = OptionKey.flag("--man", help: "Print the manual page calpager(1), in roff.")

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
    arguments: [topic.declaration],
    options: [man.declaration]
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
    man = try arguments.read(Self.man)
    if man && !arguments.words.isEmpty {
      throw arguments.failure("--man prints the whole manual: give no subcommand with it")
    }
    topic = try arguments.read(Self.topic)
    // `help config set` reads as help on config.
    if topic == ConfigCommand.spec.name, arguments.words.count == 2,
      ConfigCommand.actions.contains(arguments.words[1])
    {
      return
    }
    try arguments.expectNoMoreWords()
  }
}
