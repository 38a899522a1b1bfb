/// The commands a parser knows: their specs, the default command, and the words a user may
/// type for them by mistake.
///
/// The command line builds one from its registry of commands; lookups are by dictionary, so a
/// line mode parsing a hundred thousand lines pays no search per line.
public struct Grammar: Sendable {
  /// Every command, in the order help lists them.
  public let commands: [CommandSpec]
  /// The command run when none is given.
  public let defaultCommand: String
  /// Words that stand for other commands, for suggestions only: `remove` → `rm`.
  public let suggestionAliases: [String: String]
  private let indexByWord: [String: Int]
  private let optionsBySpelling: [String: Option]

  /// Creates a grammar.
  ///
  /// - Precondition: Command names and aliases are unique, and `defaultCommand` is one of
  ///   them.
  public init(
    commands: [CommandSpec], defaultCommand: String, suggestionAliases: [String: String] = [:]
  ) {
    self.commands = commands
    self.defaultCommand = defaultCommand
    self.suggestionAliases = suggestionAliases
    var index: [String: Int] = [:]
    var options: [String: Option] = [:]
    for option in Option.global {
      for spelling in option.spellings { options[spelling] = option }
    }
    for (position, spec) in commands.enumerated() {
      for word in [spec.name] + spec.aliases {
        precondition(index[word] == nil, "command word '\(word)' declared twice")
        index[word] = position
      }
      for entry in spec.options {
        for spelling in entry.option.spellings {
          precondition(
            options[spelling] == nil || options[spelling] == entry.option,
            "option '\(spelling)' declared with two meanings")
          options[spelling] = entry.option
        }
      }
    }
    precondition(index[defaultCommand] != nil, "the default command is not declared")
    indexByWord = index
    optionsBySpelling = options
  }

  /// The command a word names (its name or an alias), or nil.
  public func command(named word: some StringProtocol) -> CommandSpec? {
    position(of: word).map { commands[$0] }
  }

  /// Where the command a word names (its name or an alias) is in `commands`, or nil.
  public func position(of word: some StringProtocol) -> Int? {
    indexByWord[String(word)]
  }

  /// The spec of the default command.
  public var defaultSpec: CommandSpec {
    commands[indexByWord[defaultCommand] ?? 0]
  }

  /// The option a spelling (`--db`, `-o`) names, or nil.
  public func option(spelled spelling: some StringProtocol) -> Option? {
    optionsBySpelling[String(spelling)]
  }

  /// The commands a user can type in `mode`, in the order help lists them.
  public func commands(in mode: ParseMode) -> [CommandSpec] {
    commands.filter { $0.isAvailable(in: mode) }
  }

  /// Every option of any command and the global ones, each once, in declaration order.
  public var allOptions: [Option] {
    var seen = Set<Option>()
    var result: [Option] = []
    for option in Option.global + commands.flatMap({ $0.options.map(\.option) })
    where seen.insert(option).inserted {
      result.append(option)
    }
    return result
  }
}
