/// A parsed command line or shell line: global options and one command.
struct Invocation: Hashable, Sendable {
  /// The global options given with the command.
  var options: GlobalOptions
  /// What to do.
  var command: Command
}

/// The options every command accepts, before or after the command word.
struct GlobalOptions: Hashable, Sendable {
  /// `--db PATH`; nil when not given (then `$CALPAGER_DB`, then the default path).
  var databasePath: String?
  /// `--json`: print one JSON object per command.
  var json = false
  /// `--color`; nil when not given (then `auto`).
  var color: ColorMode?
  /// `--width N`, 1…10,000; nil when not given (then the terminal, `$COLUMNS`, 80).
  var width: Int?
}

/// When to colour output.
enum ColorMode: String, CaseIterable, Hashable, Sendable {
  /// Colour when standard output is a terminal and `NO_COLOR` is unset.
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never
}
