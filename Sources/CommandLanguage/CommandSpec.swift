import Synchronization

/// What a command is called, what help says about it, which arguments and options it takes,
/// and how the layers that run commands treat it.
///
/// A command declares each argument and option once, as a typed key (`ArgumentKey`,
/// `OptionKey`), and builds its spec from those keys: the parser checks options against the
/// spec, the command reads its values through the same keys, and help, usage lines, shell
/// completions and the man page are written from the spec, so none of them can disagree.
public struct CommandSpec: Sendable {
  /// A positional argument in help's `ARGUMENTS:` block.
  public struct Argument: Sendable {
    /// The label, such as `<n>` or `<text> ...` (a label ending in `...` takes every word
    /// left).
    public let label: String
    /// What the argument is, wrapped by the help formatter.
    public let help: String
    /// What the argument holds, for shell completion.
    public let kind: ArgumentKind
    /// Whether the command runs without it: usage shows it in brackets.
    public let isOptional: Bool
    /// Whether the argument takes every word left: its label ends in `...` (`<text> ...`).
    public let repeats: Bool

    /// Creates an argument.
    public init(
      label: String, help: String, kind: ArgumentKind = .text, isOptional: Bool = false
    ) {
      self.label = label
      self.help = help
      self.kind = kind
      self.isOptional = isOptional
      repeats = label.hasSuffix("...")
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
  public var name: String { storage.name }
  /// Other words for the same command (`exit` for `quit`).
  public var aliases: [String] { storage.aliases }
  /// One sentence for `OVERVIEW:` and the root's `SUBCOMMANDS:` list.
  public var abstract: String { storage.abstract }
  /// Paragraphs after the overview: prose lines are joined and wrapped, lines starting with a
  /// space (examples) are kept as they are, blank lines separate paragraphs.
  ///
  /// Made when asked for: only help, the man page and the tests read it, so a command that runs
  /// does not build every command's prose first.
  public var discussion: String { storage.makeDiscussion() }
  /// Complete usage lines, such as `calpager next [<n>] [--with-notes] [--by <unit>]`.
  ///
  /// Written from the arguments and options unless the spec gave its own, the first time they
  /// are asked for: only help and usage errors show them, so a command that runs writes none.
  public var usage: [String] { storage.usage }
  /// The positional arguments.
  public var arguments: [Argument] { storage.arguments }
  /// The command's own options; the global ones are added for every command that runs
  /// outside the line mode's control commands.
  public var options: [OptionHelp] { storage.options }
  /// Where the command can be typed.
  public var availability: Availability { storage.availability }
  /// Whether a word starting with a single `-` that is not one of the command's options is an
  /// argument rather than an unknown option (`search bank -mortgage`).
  public var takesDashWords: Bool { storage.takesDashWords }
  /// Whether the command ends the line mode's transaction (`commit`, `rollback`, `quit`): it
  /// runs even after a failed line aborted the transaction, when every other line is skipped.
  public var endsTransaction: Bool { storage.endsTransaction }
  /// Whether `browse` runs the command from its `:` prompt; the line mode and the full screen
  /// themselves, and the line mode's transactions (held open across key presses, one would lock
  /// out every other process), it does not.
  public var runsInBrowse: Bool { storage.runsInBrowse }
  /// Titled blocks of entries help shows after `ARGUMENTS:` (`config`'s settings), made when
  /// asked for, as the discussion is.
  public var sections: [Section] { storage.makeSections() }

  /// The spec's fields, shared by its copies: a spec is copied into every parsed line, and a
  /// copy then costs one reference instead of one for each of its strings and arrays.
  private final class Storage: Sendable {
    let name: String
    let aliases: [String]
    let abstract: String
    let makeDiscussion: @Sendable () -> String
    let givenUsage: [String]?
    /// The usage lines once written: a line mode answering usage errors writes each
    /// command's once, and a one-shot command that needs none writes none.
    let writtenUsage = Mutex<[String]?>(nil)
    let arguments: [Argument]
    let options: [OptionHelp]
    let availability: Availability
    let takesDashWords: Bool
    let endsTransaction: Bool
    let runsInBrowse: Bool
    let makeSections: @Sendable () -> [Section]

    init(
      name: String, aliases: [String], abstract: String,
      makeDiscussion: @escaping @Sendable () -> String, usage: [String]?, arguments: [Argument],
      options: [OptionHelp], availability: Availability, takesDashWords: Bool,
      endsTransaction: Bool, runsInBrowse: Bool, makeSections: @escaping @Sendable () -> [Section]
    ) {
      self.name = name
      self.aliases = aliases
      self.abstract = abstract
      self.makeDiscussion = makeDiscussion
      givenUsage = usage
      self.arguments = arguments
      self.options = options
      self.availability = availability
      self.takesDashWords = takesDashWords
      self.endsTransaction = endsTransaction
      self.runsInBrowse = runsInBrowse
      self.makeSections = makeSections
    }

    var usage: [String] {
      if let givenUsage { return givenUsage }
      return writtenUsage.withLock { written in
        if let written { return written }
        let lines = writeUsage()
        written = lines
        return lines
      }
    }

    /// The usage lines written from the declarations.
    ///
    /// Each is `calpager`, the command word, the arguments (an optional one in brackets), then
    /// the options (each in brackets), except that an optional argument taking every word left
    /// comes last, after the options, where it reads as the rest of the line (`calpager add
    /// [--day <date>] [<text> ...]`). A line-mode command is typed without `calpager`, one
    /// line for each of its words (`quit`, `exit`).
    private func writeUsage() -> [String] {
      var words = arguments.map { $0.isOptional ? "[" + $0.label + "]" : $0.label }
      var trailing: [String] = []
      if let last = arguments.last, last.repeats, last.isOptional {
        trailing.append(words.removeLast())
      }
      words += options.map { "[" + $0.option.usageForm + "]" } + trailing
      let tail = words.isEmpty ? "" : " " + words.joined(separator: " ")
      if case .lineModeOnly = availability { return ([name] + aliases).map { $0 + tail } }
      return ["calpager " + name + tail]
    }
  }

  private let storage: Storage

  /// A titled block of entries in help, such as `SETTINGS:`.
  public struct Section: Sendable {
    /// The title, such as `SETTINGS`.
    public var title: String
    /// The entries: a label and what it means, wrapped by the help formatter.
    public var entries: [(label: String, help: String)]

    /// Creates a section.
    public init(title: String, entries: [(label: String, help: String)]) {
      self.title = title
      self.entries = entries
    }
  }

  /// Creates a spec.
  ///
  /// - Parameters:
  ///   - name: The command word.
  ///   - aliases: Other words for it.
  ///   - abstract: One sentence for `OVERVIEW:`.
  ///   - discussion: Help's paragraphs, made when asked for.
  ///   - usage: Usage lines, for a command whose words its arguments do not describe
  ///     (`config`'s actions); nil to write them from `arguments` and `options`.
  ///   - arguments: The positional arguments' declarations (`ArgumentKey.declaration`), in
  ///     order.
  ///   - options: The options' declarations (`OptionKey.declaration`), in the order help lists
  ///     them.
  ///   - availability: Where the command can be typed.
  ///   - takesDashWords: Whether an unknown `-word` is an argument.
  ///   - endsTransaction: Whether it runs in an aborted transaction (`endsTransaction`).
  ///   - runsInBrowse: Whether browse's `:` runs it.
  ///   - sections: Help's extra blocks, made when asked for.
  public init(
    name: String, aliases: [String] = [], abstract: String,
    discussion: @autoclosure @escaping @Sendable () -> String,
    usage: [String]? = nil, arguments: [Argument] = [], options: [OptionHelp] = [],
    availability: Availability = .everywhere, takesDashWords: Bool = false,
    endsTransaction: Bool = false, runsInBrowse: Bool = true,
    sections: @autoclosure @escaping @Sendable () -> [Section] = []
  ) {
    storage = Storage(
      name: name, aliases: aliases, abstract: abstract, makeDiscussion: discussion, usage: usage,
      arguments: arguments, options: options, availability: availability,
      takesDashWords: takesDashWords, endsTransaction: endsTransaction,
      runsInBrowse: runsInBrowse, makeSections: sections)
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

  /// A usage error of this command: `message`, then its usage lines.
  public func failure(_ message: String) -> UsageError {
    UsageError(message, usage: .command(name: name, lines: usage))
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

  /// The paragraph explaining DATE, every form with an example.
  public static let dateForms = """
    DATE is YYYY-MM-DD, today, yesterday, tomorrow, a weekday, days, weeks or months from \
    the selected day, a month YYYY-MM or an ISO week YYYY-Www: 2024-05-01; fri or friday \
    (the next Friday after today); +3 or -2 (days); +2w or -1m (weeks or months; a month \
    step keeps the day of the month, clamped to a shorter month's end); 2024-06 (its first \
    day); 2024-W18 (its Monday).
    """

  /// The paragraph explaining RANGE, every form with an example.
  public static let rangeForms = """
    RANGE is a DATE, DATE..DATE (both days included), DATE.. or ..DATE (to the last day or \
    from the first), a month YYYY-MM or a year YYYY: 2024-05-01..2024-05-31, 2024-01-01.., \
    ..2024-12-31, 2024-05, 2024. A month or a week covers all its days, and at the end of a \
    range means its last day: 2024-01..2024-03 is the first quarter of 2024.
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
