import CalendarPaging
import Interchange
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

/// What a command line asks for, read through the registry as calpager reads it.
///
/// It is a command with its typed arguments, help (`help X` or `X --help`), or the version. The static
/// constructors name each command's expected value briefly in tests.
enum Parsed: Equatable, CustomStringConvertible {
  /// A command, with its arguments read.
  case command(AnyCommand)
  /// Help on a command (by name), or the overview.
  case helpTopic(String?)
  /// `--version`.
  case version

  static func == (left: Parsed, right: Parsed) -> Bool {
    switch (left, right) {
    case (.command(let a), .command(let b)): return a == b
    case (.helpTopic(let a), .helpTopic(let b)): return a == b
    case (.version, .version): return true
    default: return false
    }
  }

  var description: String {
    switch self {
    case .command(let command): return "\(command.base)"
    case .helpTopic(let name): return "help \(name ?? "(overview)")"
    case .version: return "--version"
    }
  }

  /// The command's name, as the registry knows it.
  var name: String? {
    switch self {
    case .command(let command): return type(of: command.base).spec.name
    case .helpTopic: return HelpCommand.spec.name
    case .version: return nil
    }
  }

  static func help(_ name: CommandName?) -> Parsed { .helpTopic(name?.rawValue) }
  static var show: Parsed { .command(AnyCommand(ShowCommand())) }
  static var today: Parsed { .command(AnyCommand(TodayCommand())) }
  static var undo: Parsed { .command(AnyCommand(UndoCommand())) }
  static var check: Parsed { .command(AnyCommand(CheckCommand())) }
  static var shell: Parsed { .command(AnyCommand(ShellCommand())) }
  static var quit: Parsed { .command(AnyCommand(QuitCommand())) }
  static var begin: Parsed { .command(AnyCommand(BeginCommand())) }
  static var commit: Parsed { .command(AnyCommand(CommitCommand())) }
  static var rollback: Parsed { .command(AnyCommand(RollbackCommand())) }
  static func next(count: Int, withNotes: Bool) -> Parsed {
    .command(AnyCommand(NextCommand(count: count, withNotes: withNotes)))
  }
  static func previous(count: Int, withNotes: Bool) -> Parsed {
    .command(AnyCommand(PrevCommand(count: count, withNotes: withNotes)))
  }
  static func goto(_ date: DateExpression) -> Parsed {
    .command(AnyCommand(GotoCommand(date: date)))
  }
  static func add(day: DateExpression?, body: NoteBody) -> Parsed {
    .command(AnyCommand(AddCommand(day: day, body: body)))
  }
  static func edit(id: Int, body: NoteBody) -> Parsed {
    .command(AnyCommand(EditCommand(id: id, body: body)))
  }
  static func remove(id: Int) -> Parsed { .command(AnyCommand(RemoveCommand(id: id))) }
  static func move(id: Int, to date: DateExpression) -> Parsed {
    .command(AnyCommand(MoveCommand(id: id, date: date)))
  }
  static func list(_ range: RangeExpression?) -> Parsed {
    .command(AnyCommand(ListCommand(range: range)))
  }
  static func search(query: String) -> Parsed {
    .command(AnyCommand(SearchCommand(words: query.split(separator: " ").map(String.init))))
  }
  static func export(_ command: ExportCommand) -> Parsed { .command(AnyCommand(command)) }
  static func importNotes(_ command: ImportCommand) -> Parsed { .command(AnyCommand(command)) }
  static func config(_ action: ConfigCommand.Action) -> Parsed {
    .command(AnyCommand(ConfigCommand(action: action)))
  }
  static func backup(path: String) -> Parsed { .command(AnyCommand(BackupCommand(path: path))) }
}

/// A command of any type, compared by type and value.
struct AnyCommand: Equatable {
  let base: any CalPagerCommand

  init(_ base: any CalPagerCommand) {
    self.base = base
  }

  static func == (left: AnyCommand, right: AnyCommand) -> Bool {
    func equals<C: CalPagerCommand>(_ value: C) -> Bool { (right.base as? C) == value }
    return equals(left.base)
  }
}

/// The command names, for naming help topics in expectations.
enum CommandName: String, CaseIterable {
  case show, next, prev, goto, today, add, edit, rm, mv, list, search, undo, export, `import`
  case config, check, backup, browse, shell, help, quit, begin, commit, rollback

  /// The name a word stands for (`exit` is `quit`).
  init?(word: String) {
    self.init(rawValue: word == "exit" ? "quit" : word)
  }
}

/// The arguments of `export` and `import`, as the parser's tests wrote them.
typealias ExportOptions = ExportCommand
typealias ImportOptions = ImportCommand

/// What the invocation asks for.
func parsed(_ invocation: Invocation) throws -> Parsed {
  switch invocation.request {
  case .help(let name): return .helpTopic(name)
  case .version: return .version
  case .command(let arguments):
    guard let type = CommandRegistry.command(named: arguments.name) else {
      throw UsageError("not registered", usage: .none)
    }
    let command = try type.init(arguments)
    if let help = command as? HelpCommand { return .helpTopic(help.topic) }
    return .command(AnyCommand(command))
  }
}

/// Parses `words` as calpager does.
func parse(_ words: [String], mode: ParseMode = .commandLine) throws(UsageError) -> Invocation {
  try CommandParser.parse(words, mode: mode, grammar: CommandRegistry.grammar)
}

/// Parses one shell line as calpager does.
func parseLine(_ line: String) throws(UsageError) -> Invocation? {
  try CommandParser.parseLine(line, grammar: CommandRegistry.grammar)
}

/// The command parsed from command-line words, its arguments read.
func command(_ words: [String], mode: ParseMode = .commandLine) throws -> Parsed {
  try parsed(parse(words, mode: mode))
}

/// The command parsed from one shell line.
func command(line: String) throws -> Parsed? {
  try parseLine(line).map(parsed)
}

/// The usage error the words give, or nil when they parse and read.
func usageError(_ words: [String], mode: ParseMode = .commandLine) -> UsageError? {
  do {
    _ = try command(words, mode: mode)
    return nil
  } catch let error as UsageError {
    return error
  } catch {
    Issue.record("not a usage error: \(error)")
    return nil
  }
}

/// The message of the usage error the words give, or nil when they parse.
func message(_ words: [String], mode: ParseMode = .commandLine) -> String? {
  usageError(words, mode: mode)?.message
}

/// The usage of the command named by `word`.
func usage(of word: String) -> UsageError.Usage {
  let spec = CommandRegistry.grammar.command(named: word)!
  return .command(name: spec.name, lines: spec.usage)
}

/// A day from its ISO form; the form must be valid.
func day(_ text: String) -> Day {
  Day(text)!
}

extension Invocation {
  /// What the invocation asks for, its arguments read (tests only).
  var command: Parsed {
    (try? parsed(self)) ?? .helpTopic("<unreadable>")
  }
}

extension CommandName {
  /// The commands a user can type in `mode`, in the order help lists them.
  static func available(in mode: ParseMode) -> [CommandName] {
    CommandRegistry.grammar.commands(in: mode).compactMap { CommandName(rawValue: $0.name) }
  }
}

extension CommandSpec {
  /// The spec of the command `name`.
  static func spec(for name: CommandName) -> CommandSpec {
    CommandRegistry.grammar.command(named: name.rawValue)!
  }
}

extension HelpText {
  /// Help on the command `name`, or the overview, as calpager prints it.
  static func text(
    for name: CommandName?, width: Int = 80, mode: ParseMode = .commandLine
  ) -> String {
    text(
      for: name.map(CommandSpec.spec(for:)), grammar: CommandRegistry.grammar, width: width,
      mode: mode)
  }
}

/// Every option of the language, as the parser's tests named them.
typealias OptionName = Option

extension Option {
  /// Every option of every command, and the global ones.
  static var allCases: [Option] { CommandRegistry.grammar.allOptions }
}

extension GlobalOptions {
  /// Options with these values (tests only).
  init(databasePath: String?, json: Bool, color: ColorMode?, width: Int?) {
    self.init()
    self.databasePath = databasePath
    self.json = json
    self.color = color
    self.width = width
  }
}

extension Invocation {
  /// The command word and arguments that parse back to this invocation's command.
  var commandWords: [String] {
    guard case .command(let arguments) = request else { return [] }
    return arguments.canonicalWords
  }
}
