/// Input that does not fit the command language: printed as `Error: …` then `Usage: …`, exit
/// status 64.
///
/// The message is sentence case, quotes the offending input with `Quote.quoted`, says what is
/// accepted where that helps, and has no trailing period. The usage lines come from the
/// command the error is about, so a command can raise one too (`arguments.failure(…)`).
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which usage lines follow the message.
  public enum Usage: Hashable, Sendable {
    /// None: the error is about quoting or encoding, not about a command.
    case none
    /// The root's: `calpager <subcommand>`.
    case root
    /// A command's: its name and its usage lines.
    case command(name: String, lines: [String])
  }

  /// The exit status of a usage error.
  public static let exitStatus: Int32 = 64

  /// What was wrong, without the `Error: ` prefix.
  public var message: String
  /// Which usage lines to show.
  public var usage: Usage

  /// Creates a usage error.
  public init(_ message: String, usage: Usage) {
    self.message = message
    self.usage = usage
  }

  /// The usage lines, each a complete command form such as `calpager next [<n>] [--with-notes]`.
  public var usageLines: [String] {
    switch usage {
    case .none: return []
    case .root: return CommandSpec.rootUsage
    case .command(_, let lines): return lines
    }
  }

  /// The usage block and where to read more, without a final newline; nil for `.none`.
  ///
  /// For example:
  ///
  ///     Usage: calpager next [<n>] [--with-notes]
  ///       See 'calpager help next' for more information.
  public var usageText: String? {
    switch usage {
    case .none:
      return nil
    case .root:
      return HelpText.usage(usageLines, width: 80, label: "Usage:")
        + "\n  See 'calpager --help' for more information."
    case .command(let name, let lines):
      return HelpText.usage(lines, width: 80, label: "Usage:")
        + "\n  See 'calpager help \(name)' for more information."
    }
  }

  /// The full text for standard error, without a final newline: `Error: …` and the usage.
  public var description: String {
    "Error: " + message + (usageText.map { "\n" + $0 } ?? "")
  }
}
