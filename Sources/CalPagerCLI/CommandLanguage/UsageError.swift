/// Input that does not fit the command language: printed as `Error: …` then `Usage: …`, exit
/// status 64.
///
/// The message is sentence case, quotes the offending input in single quotes, says what is
/// accepted where that helps, and has no trailing period. The usage lines come from the command
/// the error is about, so the interpreter can raise one too:
/// `UsageError("no setting 'colour'", usage: .command(.config))`.
struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which usage lines follow the message.
  enum Usage: Hashable, Sendable {
    /// None: the error is about quoting or encoding, not about a command.
    case none
    /// The root's: `calpager <subcommand>`.
    case root
    /// The given command's.
    case command(CommandName)
  }

  /// The exit status of a usage error.
  static let exitStatus: Int32 = 64

  /// What was wrong, without the `Error: ` prefix.
  var message: String
  /// Which usage lines to show.
  var usage: Usage

  /// Creates a usage error.
  init(_ message: String, usage: Usage) {
    self.message = message
    self.usage = usage
  }

  /// The usage lines, each a complete command form such as `calpager next [<n>] [--with-notes]`.
  var usageLines: [String] {
    switch usage {
    case .none: return []
    case .root: return CommandSpec.rootUsage
    case .command(let name): return CommandSpec.spec(for: name).usage
    }
  }

  /// The full text for standard error, without a final newline.
  ///
  /// For example:
  ///
  ///     Error: '-3' is not a valid count: N must be a positive whole number
  ///     Usage: calpager next [<n>] [--with-notes]
  ///       See 'calpager help next' for more information.
  var description: String {
    var text = "Error: " + message
    let lines = usageLines
    if !lines.isEmpty {
      text += "\n" + HelpText.usage(lines, width: 80, label: "Usage:")
    }
    switch usage {
    case .none:
      break
    case .root:
      text += "\n  See 'calpager --help' for more information."
    case .command(let name):
      text += "\n  See 'calpager help \(name.rawValue)' for more information."
    }
    return text
  }
}

extension UsageError {
  /// Quotes user input for a message: single quotes, control and invisible characters escaped
  /// so the message stays on one line and safe on a terminal, cut after 64 characters.
  static func quoted(_ text: some StringProtocol) -> String {
    let limit = 64
    var shown = Substring(text)
    var cut = false
    if shown.unicodeScalars.count > limit {
      shown = Substring(shown.unicodeScalars.prefix(limit))
      cut = true
    }
    return "'" + TerminalText.singleLine(String(shown)) + (cut ? "…'" : "'")
  }
}
