import CommandLanguage

/// `rollback`: drop the changes made since `begin`.
struct RollbackCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "rollback",
    abstract: "Drop the changes made since begin.",
    discussion: """
      Only in the line mode (calpager shell). Ends the transaction begin started and \
      leaves the notes as they were before it.

      Example:
        begin
        add Only trying
        rollback
      """,
    usage: ["rollback"],
    availability: .lineModeOnly
  )

  func run(in context: CommandContext) throws -> NoResult {
    let session = try context.session
    guard session.transaction != nil else { throw CLIError.noTransaction }
    session.transaction = nil
    try session.store.rollbackBatch()
    return NoResult()
  }
}
