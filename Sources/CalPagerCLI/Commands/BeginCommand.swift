import CommandLanguage

/// `begin`: start the line mode's transaction.
struct BeginCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "begin",
    abstract: "Start a transaction.",
    discussion: """
      Only in the line mode (calpager shell). The commands up to commit or rollback form \
      one transaction: all of their changes are kept, or none.

      Example:
        begin
        add Flight to Lisbon
        add --day +1 Hotel check-in
        commit
      """,
    usage: ["begin"],
    availability: .lineModeOnly
  )

  func run(in context: CommandContext) throws -> TransactionResult {
    let session = try context.session
    try session.beginTransaction()
    return TransactionResult(state: .begun, line: session.lineNumber)
  }
}
