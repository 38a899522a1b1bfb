import CommandLanguage

/// Runs a parsed command: finds its type in the registry, reads its arguments and runs it.
///
/// The one-shot path and the line mode both come through here.
enum Dispatcher {
  /// Reads `arguments` into their command and runs it in `context`.
  ///
  /// - Throws: `UsageError` from reading the arguments; any error of the command's run.
  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> any CommandResult
  {
    guard let type = CommandRegistry.command(named: arguments.name) else {
      preconditionFailure("the grammar holds only registered commands")
    }
    return try run(type, arguments, in: context)
  }

  /// The command `arguments` name, its arguments read, not run yet.
  ///
  /// - Throws: `UsageError` from reading the arguments.
  static func command(for arguments: ParsedArguments) throws -> any CalPagerCommand {
    guard let type = CommandRegistry.command(named: arguments.name) else {
      preconditionFailure("the grammar holds only registered commands")
    }
    return try type.init(arguments)
  }

  /// Reads and runs one command.
  ///
  /// A DATE or RANGE argument that resolves outside 0001-01-01…9999-12-31 (or to a range
  /// that ends before it starts) is a usage error, as one that does not parse is, in every
  /// command: it is about the argument, whatever the selected day that an offset counts from.
  /// A paging step past an edge is a runtime error (`DayError`, `CLIError.cannotStep`).
  private static func run<Command: CalPagerCommand>(
    _ type: Command.Type, _ arguments: ParsedArguments, in context: CommandContext
  ) throws -> any CommandResult {
    let command = try Command(arguments)
    do {
      return try command.run(in: context)
    } catch let error as DateExpressionError {
      throw arguments.failure(error.description)
    }
  }
}
