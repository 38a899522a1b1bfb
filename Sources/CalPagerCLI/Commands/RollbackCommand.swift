import CommandLanguage

/// `rollback`: drop the changes made since `begin`.
struct RollbackCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "rollback",
    abstract: "Drop the changes made since begin.",
    discussion: """
      Only in the line mode (calpager shell). Ends the transaction begin started and \
      leaves the notes, the settings and the selected day as they were before it.

      Example:
        begin
        add Only trying
        rollback
      """,
    usage: ["rollback"],
    availability: .lineModeOnly
  )

  func run(in context: CommandContext) throws -> TransactionResult {
    let session = try context.session
    try session.rollbackTransaction()
    return TransactionResult(state: .rolledBack, line: session.lineNumber)
  }
}
