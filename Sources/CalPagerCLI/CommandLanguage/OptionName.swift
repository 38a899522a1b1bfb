/// Every option of the command language, global and per command.
///
/// An option has the same spelling and arity wherever it appears; which commands accept it is
/// listed in their `CommandSpec`.
enum OptionName: CaseIterable, Hashable, Sendable {
  /// `-h`, `--help` (global).
  case help
  /// `--version` (global).
  case version
  /// `--db <path>` (global; not in the line mode).
  case database
  /// `--json` (global).
  case json
  /// `--color <when>` (global).
  case color
  /// `--width <n>` (global).
  case width
  /// `--with-notes` (`next`, `prev`).
  case withNotes
  /// `--day <date>` (`add`).
  case day
  /// `--format <format>` (`export`, `import`).
  case format
  /// `--from <date>` (`export`).
  case from
  /// `--to <date>` (`export`).
  case to
  /// `-o`, `--output <file>` (`export`).
  case output
  /// `--dry-run` (`import`).
  case dryRun

  /// The options every command accepts, in the order help lists them.
  static let global: [OptionName] = [.database, .json, .color, .width, .version, .help]

  /// Reads an option's spelling (`--db`, `-o`); nil for an unknown one.
  init?(spelling: some StringProtocol) {
    switch spelling {
    case "-h", "--help": self = .help
    case "--version": self = .version
    case "--db": self = .database
    case "--json": self = .json
    case "--color": self = .color
    case "--width": self = .width
    case "--with-notes": self = .withNotes
    case "--day": self = .day
    case "--format": self = .format
    case "--from": self = .from
    case "--to": self = .to
    case "-o", "--output": self = .output
    case "--dry-run": self = .dryRun
    default: return nil
    }
  }

  /// The long spelling, such as `--db`.
  var long: String {
    switch self {
    case .help: return "--help"
    case .version: return "--version"
    case .database: return "--db"
    case .json: return "--json"
    case .color: return "--color"
    case .width: return "--width"
    case .withNotes: return "--with-notes"
    case .day: return "--day"
    case .format: return "--format"
    case .from: return "--from"
    case .to: return "--to"
    case .output: return "--output"
    case .dryRun: return "--dry-run"
    }
  }

  /// The short spelling, such as `-h`; nil for most options.
  var short: String? {
    switch self {
    case .help: return "-h"
    case .output: return "-o"
    default: return nil
    }
  }

  /// The placeholder of the option's value (`path` in `--db <path>`); nil for a flag.
  var valueName: String? {
    switch self {
    case .database: return "path"
    case .color: return "when"
    case .width: return "n"
    case .day, .from, .to: return "date"
    case .format: return "format"
    case .output: return "file"
    case .help, .version, .json, .withNotes, .dryRun: return nil
    }
  }

  /// Whether every command accepts the option.
  var isGlobal: Bool { OptionName.global.contains(self) }

  /// The option as help and messages show it: `-o, --output <file>`, `--json`.
  var label: String {
    let names = short.map { "\($0), \(long)" } ?? long
    return valueName.map { "\(names) <\($0)>" } ?? names
  }

  /// The option as a usage line shows it: `-o <file>`, `--with-notes`.
  var usageForm: String {
    let name = short ?? long
    return valueName.map { "\(name) <\($0)>" } ?? name
  }

  /// The spellings a user may mean, for suggestions.
  var spellings: [String] {
    short.map { [$0, long] } ?? [long]
  }
}
