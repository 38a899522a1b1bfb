/// An option of the command language: its spellings and whether it takes a value.
///
/// An option has the same spelling and arity wherever it appears. The global ones are defined
/// here; a command declares its own in its spec, and the parser learns every spelling from
/// the specs it is given.
public struct Option: Hashable, Sendable {
  /// The long spelling, such as `--db`; it identifies the option.
  public let long: String
  /// The short spelling, such as `-o`; nil for most options.
  public let short: String?
  /// The placeholder of the option's value (`path` in `--db <path>`); nil for a flag.
  public let valueName: String?

  /// Creates an option.
  public init(long: String, short: String? = nil, valueName: String? = nil) {
    self.long = long
    self.short = short
    self.valueName = valueName
  }

  /// `-h`, `--help` (global).
  public static let help = Option(long: "--help", short: "-h")
  /// `--version` (global).
  public static let version = Option(long: "--version")
  /// `--db <path>` (global; not in the line mode).
  public static let database = Option(long: "--db", valueName: "path")
  /// `--json` (global).
  public static let json = Option(long: "--json")
  /// `--color <when>` (global).
  public static let color = Option(long: "--color", valueName: "when")
  /// `--width <n>` (global).
  public static let width = Option(long: "--width", valueName: "n")

  /// The options every command accepts, in the order help lists them.
  public static let global: [Option] = [.database, .json, .color, .width, .version, .help]

  /// Whether every command accepts the option.
  public var isGlobal: Bool { Option.global.contains(self) }

  /// Whether `spelling` (`--db`, `-o`) names this option.
  public func isSpelled(_ spelling: some StringProtocol) -> Bool {
    spelling == long || spelling == short ?? ""
  }

  /// The option as help and messages show it: `-o, --output <file>`, `--json`.
  public var label: String {
    let names = short.map { "\($0), \(long)" } ?? long
    return valueName.map { "\(names) <\($0)>" } ?? names
  }

  /// The option as a usage line shows it: `-o <file>`, `--with-notes`.
  public var usageForm: String {
    let name = short ?? long
    return valueName.map { "\(name) <\($0)>" } ?? name
  }

  /// The spellings a user may mean, for suggestions.
  public var spellings: [String] {
    short.map { [$0, long] } ?? [long]
  }
}
