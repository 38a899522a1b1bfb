/// The words and option values of one command, as the parser found them: options already
/// checked against the command's spec, arguments not yet read.
///
/// A command reads its arguments and options into typed values through the keys it declared
/// them with (`read(_:)` of an `ArgumentKey` or an `OptionKey`), whose messages name the
/// argument by its label.
public struct ParsedArguments: Sendable, Hashable {
  /// An option's value with the spelling it was given under (`-o` or `--output`), for
  /// messages.
  public struct Given: Sendable, Hashable {
    /// The value; empty for a flag.
    public var value: String
    /// The option as typed, without any `=value`.
    public var spelling: String
    /// Whether the value was typed in the line mode starting with an unquoted `~`.
    public var isHomeRelative = false

    /// Equal when the values are: the spelling only words messages.
    public static func == (left: Given, right: Given) -> Bool { left.value == right.value }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }

  /// The command's spec.
  public let spec: CommandSpec
  /// The argument words, in order.
  public let words: [String]
  /// The index in `words` from which words came after `--` (`Int.max` when there was none).
  public let literalFrom: Int
  /// Command line or shell line.
  public let mode: ParseMode
  /// The command's options, by option; a repeated option keeps its last value.
  public let values: [Option: Given]
  /// `$HOME`, where a file name typed as `~/…` in the line mode starts.
  public var home: String?
  /// The indexes in `words` of the words typed with an unquoted leading `~`.
  public var homeRelativeWords: Set<Int> = []

  /// Creates the arguments of `spec`.
  public init(
    spec: CommandSpec, words: [String], literalFrom: Int = .max, mode: ParseMode,
    values: [Option: Given] = [:]
  ) {
    self.spec = spec
    self.words = words
    self.literalFrom = literalFrom
    self.mode = mode
    self.values = values
  }

  /// The command's name.
  public var name: String { spec.name }

  /// A usage error of this command.
  public func failure(_ message: String) -> UsageError {
    spec.failure(message)
  }

  /// Words that parse back to these arguments: the command word, the options in the
  /// `--opt=value` form (by long name), the words read before `--`, then `--` and the words
  /// after it.
  public var canonicalWords: [String] {
    var result = [spec.name]
    for (option, given) in values.sorted(by: { $0.key.long < $1.key.long }) {
      result.append(option.valueName == nil ? option.long : option.long + "=" + given.value)
    }
    let split = min(literalFrom, words.count)
    result += words[..<split]
    if split < words.count || literalFrom != .max {
      result.append("--")
      result += words[split...]
    }
    return result
  }

  /// Equal when they are the same command with the same words, options and mode.
  public static func == (left: ParsedArguments, right: ParsedArguments) -> Bool {
    left.spec.name == right.spec.name && left.words == right.words
      && min(left.literalFrom, left.words.count) == min(right.literalFrom, right.words.count)
      && left.mode == right.mode && left.values == right.values
  }

  /// Hashes the command's name and words.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(spec.name)
    hasher.combine(words)
  }
}
