import CalendarPaging
import CommandLanguage
import DisplayText

/// `completions bash|zsh|fish`: a shell completion script, generated from the registry.
struct CompletionsCommand: CalPagerCommand {
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
    usage: ["calpager completions <shell>"],
    arguments: [
      Argument(
        label: "<shell>", help: "The shell: bash, zsh or fish.",
        kind: .choice(CompletionShell.allCases.map(\.rawValue)))
    ]
  )

  /// The shell the script is for.
  let shell: CompletionShell

  func run(in context: CommandContext) throws -> TextResult {
    TextResult(text: String(shell.script().dropLast()), key: "completions")
  }
}

extension CompletionsCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let word = arguments.words.first else {
      throw arguments.failure("missing argument '<shell>': expected bash, zsh or fish")
    }
    guard let shell = CompletionShell(rawValue: word) else {
      throw arguments.failure(
        "unknown shell \(Quote.quoted(word)): expected bash, zsh or fish")
    }
    self.shell = shell
    try arguments.expectAtMost(1)
  }
}
