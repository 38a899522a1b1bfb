import CommandLanguage

/// What a word being completed may be.
enum CompletionSlot: Hashable, Sendable {
  /// Free text: nothing to offer.
  case none
  /// One of these words.
  case words([String])
  /// A DATE or a RANGE: the date words.
  case dates
  /// A file path.
  case files
  /// A note id: the notes of the selected day (the interactive shell; scripts offer none).
  case noteIDs
  /// A setting's name.
  case settingKeys
  /// A value of the setting named by the argument before it.
  case settingValues
  /// A command's name.
  case commands

  /// The slot for what `kind` holds.
  init(_ kind: ArgumentKind) {
    switch kind {
    case .text: self = .none
    case .date, .range: self = .dates
    case .file: self = .files
    case .noteID: self = .noteIDs
    case .choice(let words): self = .words(words)
    case .settingKey: self = .settingKeys
    case .command: self = .commands
    }
  }
}

/// A command whose positional arguments complete otherwise than its spec's arguments say (a
/// command with an action word first, such as `config`).
protocol CustomPositionalCompletion {
  /// The slot of each positional argument, in order.
  static var positionalSlots: [CompletionSlot] { get }
}

/// What shell completion knows, read from the command registry.
///
/// The commands, each one's options and what their values and its arguments hold; the global
/// options; the setting keys and their values. The completion scripts (`calpager
/// completions`) and the interactive shell's Tab both come from here, so neither can
/// disagree with the parser.
struct CompletionModel {
  /// An option as completion sees it.
  struct OptionEntry: Hashable, Sendable {
    /// The option.
    let option: Option
    /// What it does, from the spec.
    let help: String
    /// What its value holds; nil for a flag.
    let value: CompletionSlot?
  }

  /// A command as completion sees it.
  struct CommandEntry: Sendable {
    /// The command word.
    let name: String
    /// Other words for it.
    let aliases: [String]
    /// Its one-sentence summary.
    let abstract: String
    /// Its own options, then the global ones it accepts.
    let options: [OptionEntry]
    /// What each positional argument holds, in order.
    let positionals: [CompletionSlot]
    /// Whether the last positional argument repeats (`<text> ...`).
    let repeatsLast: Bool

    /// The slot of the positional argument at `index` (counted from 0).
    func positional(at index: Int) -> CompletionSlot {
      if index < positionals.count { return positionals[index] }
      return repeatsLast ? positionals.last ?? .none : .none
    }

    /// The option a spelling (`--format`, `-o`) names, if this command accepts it.
    func option(spelled spelling: some StringProtocol) -> OptionEntry? {
      options.first { $0.option.isSpelled(spelling) }
    }
  }

  /// The commands that can be typed, in the order help lists them.
  let commands: [CommandEntry]
  /// The global options, for a line with no command yet.
  let globalOptions: [OptionEntry]

  /// The model of the commands that can be typed in `mode`.
  init(mode: ParseMode) {
    let globals = Option.global.filter { !($0 == .database && mode == .shellLine) }
    func globalEntry(_ option: Option) -> OptionEntry {
      OptionEntry(
        option: option, help: CommandSpec.globalHelp(option),
        value: option.valueName == nil ? nil : CompletionSlot(CommandSpec.globalKind(option)))
    }
    globalOptions = globals.map(globalEntry)
    commands = CommandRegistry.commands.filter { $0.spec.isAvailable(in: mode) }.map { type in
      let spec = type.spec
      let own = spec.options.map { entry in
        OptionEntry(
          option: entry.option, help: entry.help,
          value: entry.option.valueName == nil ? nil : CompletionSlot(entry.kind))
      }
      let slots =
        (type as? any CustomPositionalCompletion.Type)?.positionalSlots
        ?? spec.arguments.map { CompletionSlot($0.kind) }
      return CommandEntry(
        name: spec.name, aliases: spec.aliases, abstract: spec.abstract,
        options: own + globals.filter(spec.accepts).map(globalEntry), positionals: slots,
        repeatsLast: spec.arguments.last?.repeats ?? false)
    }
  }

  /// The command a word names (its name or an alias).
  func command(named word: some StringProtocol) -> CommandEntry? {
    commands.first { $0.name == word || $0.aliases.contains(String(word)) }
  }

  /// Every command word: names, then aliases.
  var commandWords: [String] {
    commands.map(\.name) + commands.flatMap(\.aliases)
  }

  /// The setting keys, in the order `config list` shows them.
  static let settingKeys =
    SettingKey.allCases.map(\.rawValue) + [SyncSettings.directory, HistorySettings.depth]

  /// The values offered for the setting named `key` (none for an unknown key).
  static func settingValues(of key: some StringProtocol) -> [String] {
    SettingKey(rawValue: String(key))?.suggestedValues ?? []
  }

  /// The words offered for a DATE or a RANGE.
  static let dateWords = DateExpression.words
}

extension ConfigCommand: CustomPositionalCompletion {
  /// The action, then a setting key, then (for `set`) its value.
  static var positionalSlots: [CompletionSlot] {
    [.words(actions), .settingKeys, .settingValues]
  }
}
