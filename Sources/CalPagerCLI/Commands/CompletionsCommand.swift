import CalendarPaging
import CommandLanguage
import DisplayText

/// `completions bash|zsh|fish`: a shell completion script, generated from the registry.
struct CompletionsCommand: CalPagerCommand {
  /// `<shell>`: the shell the script is for.
  static let shell = ArgumentKey<CompletionShell>(
    label: "<shell>", help: "The shell: bash, zsh or fish.",
    kind: .choice(CompletionShell.allCases.map(\.rawValue))
  ) { (arguments, slot) throws(UsageError) in
    let word = try arguments.word(at: slot, expected: "expected bash, zsh or fish")
    if let shell = CompletionShell(rawValue: word) { return shell }
    throw arguments.failure("unknown shell \(Quote.quoted(word)): expected bash, zsh or fish")
  }

  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a completion script for bash, zsh or fish.",
    discussion: """
      The script completes calpager's commands, each command's options, setting keys and \
      their values, format names, date words, and file names where a command takes a file. \
      It is generated from calpager's own commands, so it completes what this calpager \
      accepts.

      Examples:
        source <(calpager completions bash)
        calpager completions zsh > ~/.zfunc/_calpager
        calpager completions fish > ~/.config/fish/completions/calpager.fish
      """,
    arguments: [shell.declaration]
  )

  /// The shell the script is for.
  let shell: CompletionShell

  func run(in context: CommandContext) throws -> TextResult {
    TextResult(text: String(shell.script().dropLast()), key: "completions")
  }
}

extension CompletionsCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    shell = try arguments.read(Self.shell)
    try arguments.expectNoMoreWords()
  }
}
