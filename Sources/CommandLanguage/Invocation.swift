/// A parsed command line or shell line: global options, and what was asked for.
public struct Invocation: Hashable, Sendable {
  /// What a command line asks for.
  public enum Request: Hashable, Sendable {
    /// `-h`/`--help`: the help of the command named (by its name), or the overview.
    case help(String?)
    /// `--version`.
    case version
    /// A command to run, with its arguments.
    case command(ParsedArguments)
  }

  /// The global options given with the command.
  public var options: GlobalOptions
  /// What to do.
  public var request: Request

  /// Creates an invocation.
  public init(options: GlobalOptions, request: Request) {
    self.options = options
    self.request = request
  }

  /// Command-line words that parse back to this invocation: global options first, in the
  /// `--opt=value` form, then the command's canonical words.
  ///
  /// For logs and tests: `CommandParser.parse(invocation.arguments) == invocation`.
  public var arguments: [String] {
    var words: [String] = []
    if let path = options.databasePath { words.append("--db=" + path) }
    if options.json { words.append("--json") }
    if let color = options.color { words.append("--color=" + color.rawValue) }
    if let width = options.width { words.append("--width=\(width)") }
    switch request {
    case .help(let name): return words + (name.map { [$0] } ?? []) + ["--help"]
    case .version: return words + ["--version"]
    case .command(let arguments): return words + arguments.canonicalWords
    }
  }
}

/// The options every command accepts, before or after the command word.
public struct GlobalOptions: Hashable, Sendable {
  /// `--db PATH`; nil when not given (then `$CALPAGER_DB`, then the default path).
  public var databasePath: String?
  /// `--json`: print one JSON object per command.
  public var json = false
  /// `--color`; nil when not given (then `auto`).
  public var color: ColorMode?
  /// `--width N`, 1…10,000; nil when not given (then the terminal, `$COLUMNS`, 80).
  public var width: Int?

  /// The widest `--width` (and `$COLUMNS`) accepted: a wider page is no page, and the width
  /// must stay far from where arithmetic on it overflows.
  public static var maximumWidth: Int { 10_000 }

  /// Options with nothing given.
  public init() {}

  /// These options with those a line gave laid over them.
  public func overlaid(by line: GlobalOptions) -> GlobalOptions {
    var result = self
    if line.json { result.json = true }
    if let color = line.color { result.color = color }
    if let width = line.width { result.width = width }
    return result
  }
}

/// When to colour output.
public enum ColorMode: String, CaseIterable, Hashable, Sendable {
  /// Colour when standard output is a terminal and `NO_COLOR` is unset.
  case auto
  /// Always colour, even with `NO_COLOR` set (a command-line flag wins).
  case always
  /// Never colour.
  case never
}
