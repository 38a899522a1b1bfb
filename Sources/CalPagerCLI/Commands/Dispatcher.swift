import CalendarPaging
import CommandLanguage
import DisplayText

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
    try run(commandType(for: arguments), arguments, in: context)
  }

  /// The command `arguments` name, its arguments read, not run yet.
  ///
  /// - Throws: `UsageError` from reading the arguments, or for a command the registry does
  ///   not hold.
  static func command(for arguments: ParsedArguments) throws(UsageError) -> any CalPagerCommand {
    try commandType(for: arguments).init(arguments)
  }

  /// The type of the command `arguments` name.
  ///
  /// - Throws: `UsageError` for a command the registry does not hold (the grammar is made
  ///   from the registry, so only a grammar of another making can name one).
  private static func commandType(for arguments: ParsedArguments) throws(UsageError)
    -> any CalPagerCommand.Type
  {
    guard let type = CommandRegistry.command(named: arguments.name) else {
      throw UsageError("unknown command \(Quote.quoted(arguments.name))", usage: .root)
    }
    return type
  }

  /// Reads and runs one command.
  ///
  /// An error about what the command was given is a usage error of that command, with its
  /// usage lines, whichever layer found it: a DATE or RANGE argument that resolves outside
  /// 0001-01-01…9999-12-31 (or to a range that ends before it starts), as one that does not
  /// parse is (it is about the argument, whatever the selected day that an offset counts
  /// from), and a `CLIError` that is a usage error (a setting's key or value `config` refused).
  /// A paging step past an edge is a runtime error (`DayError`, `CLIError.cannotStep`).
  private static func run<Command: CalPagerCommand>(
    _ type: Command.Type, _ arguments: ParsedArguments, in context: CommandContext
  ) throws -> any CommandResult {
    let command = try Command(arguments)
    do {
      return try command.run(in: context)
    } catch let error as DateExpressionError {
      throw arguments.failure(error.description)
    } catch let error as CLIError where error.isUsageError {
      throw arguments.failure(error.description)
    }
  }
}
