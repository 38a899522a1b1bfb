/// What a command is called, what help says about it, and which arguments and options it
/// takes.
///
/// A command declares its spec once; the parser checks its options against it, its arguments
/// are read by the labels declared here, and help, usage lines, shell completions and the man
/// page are written from it, so none of them can disagree.
public struct CommandSpec: Sendable {
  /// A positional argument in help's `ARGUMENTS:` block.
  public struct Argument: Sendable {
    /// The label, such as `<n>` or `<text> ...`.
    public var label: String
    /// What the argument is, wrapped by the help formatter.
    public var help: String
    /// What the argument holds, for shell completion.
    public var kind: ArgumentKind

    /// Creates an argument.
    public init(label: String, help: String, kind: ArgumentKind = .text) {
      self.label = label
      self.help = help
      self.kind = kind
    }
  }

  /// An option the command accepts, with what it means for this command.
  public struct OptionHelp: Sendable {
    /// The option.
    public var option: Option
    /// What the option does, wrapped by the help formatter.
    public var help: String
    /// What the option's value holds, for shell completion.
    public var kind: ArgumentKind

    /// Creates an option entry.
    public init(_ option: Option, help: String, kind: ArgumentKind = .text) {
      self.option = option
      self.help = help
      self.kind = kind
    }
  }

  /// Where a command can be typed.
  public enum Availability: Sendable {
    /// On the command line and in the line mode.
    case everywhere
    /// Only on the command line (`shell`).
    case commandLineOnly
    /// Only in the line mode (`quit`, `begin`, `commit`, `rollback`).
    case lineModeOnly
  }

  /// The command word.
  public var name: String
  /// Other words for the same command (`exit` for `quit`).
  public var aliases: [String] = []
  /// One sentence for `OVERVIEW:` and the root's `SUBCOMMANDS:` list.
  public var abstract: String
  /// Paragraphs after the overview: prose lines are joined and wrapped, lines starting with a
  /// space (examples) are kept as they are, blank lines separate paragraphs.
  public var discussion: String
  /// Complete usage lines, such as `calpager next [<n>] [--with-notes]`.
  public var usage: [String]
  /// The positional arguments.
  public var arguments: [Argument] = []
  /// The command's own options; the global ones are added for every command that runs
  /// outside the line mode's control commands.
  public var options: [OptionHelp] = []
  /// Where the command can be typed.
  public var availability = Availability.everywhere

  /// Creates a spec.
  public init(
    name: String, aliases: [String] = [], abstract: String, discussion: String,
    usage: [String], arguments: [Argument] = [], options: [OptionHelp] = [],
    availability: Availability = .everywhere
  ) {
    self.name = name
    self.aliases = aliases
    self.abstract = abstract
    self.discussion = discussion
    self.usage = usage
    self.arguments = arguments
    self.options = options
    self.availability = availability
  }

  /// Whether the command exists only inside `calpager shell`.
  public var isLineModeOnly: Bool {
    if case .lineModeOnly = availability { return true }
    return false
  }

  /// Whether the command can be typed in `mode`.
  public func isAvailable(in mode: ParseMode) -> Bool {
    switch (availability, mode) {
    case (.everywhere, _), (.commandLineOnly, .commandLine), (.lineModeOnly, .shellLine):
      return true
    default:
      return false
    }
  }

  /// Whether the command accepts `option` (global options included).
  public func accepts(_ option: Option) -> Bool {
    if option == .help { return true }
    if option.isGlobal { return !isLineModeOnly }
    return options.contains { $0.option == option }
  }

  /// The label of the argument at `index`, such as `<date>`, for messages.
  public func argumentLabel(at index: Int) -> String {
    index < arguments.count ? arguments[index].label : "<argument>"
  }

  /// The root's usage line.
  public static let rootUsage = ["calpager <subcommand>"]

  /// The root's overview.
  public static let rootAbstract = "A persistent calendar pager for the terminal."

  /// The root's discussion.
  public static let rootDiscussion = """
    calpager pages through calendar days, remembers the selected day between runs and keeps \
    free-text notes on days, all in one SQLite file. With no subcommand it shows the \
    selected day.
    """

  /// What a global option does; the same for every command.
  public static func globalHelp(_ option: Option) -> String {
    switch option {
    case .database:
      return "The database file. (default: $CALPAGER_DB, else "
        + "$XDG_DATA_HOME/calpager/calpager.db, else ~/.local/share/calpager/calpager.db)"
    case .json: return "Print one JSON object per command instead of text."
    case .color:
      return "When to colour the output: auto (on a terminal, unless NO_COLOR is set), "
        + "always (even with NO_COLOR set) or never. (default: auto)"
    case .width:
      return "The width in columns, 1 to 10000. (default: the terminal's width, else "
        + "$COLUMNS, else 80)"
    case .version: return "Show the version."
    default: return "Show help information."
    }
  }

  /// What a global option's value holds, for shell completion; the same for every command.
  public static func globalKind(_ option: Option) -> ArgumentKind {
    switch option {
    case .database: return .file
    case .color: return .choice(ColorMode.allCases.map(\.rawValue))
    default: return .text
    }
  }

  /// The paragraph explaining DATE.
  public static let dateForms = """
    DATE is YYYY-MM-DD, today, yesterday, tomorrow, or a number of days from the selected \
    day: +3 or -2.
    """

  /// The paragraph explaining RANGE.
  public static let rangeForms = """
    RANGE is a DATE, DATE..DATE (both days included), a month YYYY-MM or a year YYYY. Either \
    side of .. may be a month or a year too: 2024-01..2024-03 is the first quarter of 2024.
    """
}

/// What a positional argument or an option's value holds: shell completions offer candidates
/// from it.
public enum ArgumentKind: Sendable, Hashable {
  /// Free text: nothing to complete.
  case text
  /// A DATE: date words.
  case date
  /// A RANGE: date words.
  case range
  /// A file path.
  case file
  /// A note id.
  case noteID
  /// One of a fixed set of words.
  case choice([String])
  /// A setting key (then, for `set`, its value).
  case settingKey
  /// A command name.
  case command
}

/// Whether words come from the process's command line or from one line of `calpager shell`.
public enum ParseMode: Sendable, Hashable {
  /// `calpager …` from a shell: `shell` is allowed, the line-mode-only commands are not.
  case commandLine
  /// One line read by `calpager shell`: `quit`, `begin`, `commit` and `rollback` are allowed;
  /// `shell`, `--db` and `-` (standard input, which holds the commands) are not.
  case shellLine
}
