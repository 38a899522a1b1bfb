import CommandLanguage

/// `commit`: keep the changes made since `begin`, unless a line failed.
struct CommitCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "commit",
    abstract: "Keep the changes made since begin.",
    discussion: """
      Only in the line mode (calpager shell). Ends the transaction begin started and keeps \
      all of its changes.

      Example:
        begin
        rm 12
        add --day 2024-05-03 Dentist at 10:00
        commit
      """,
    usage: ["commit"],
    availability: .lineModeOnly
  )

  func run(in context: CommandContext) throws -> NoResult {
    let session = try context.session
    guard let open = session.transaction else { throw CLIError.noTransaction }
    session.transaction = nil
    if let failed = open.failedLine {
      try session.store.rollbackBatch()
      throw CLIError.transactionRolledBack(failedLine: failed, since: open.startLine)
    }
    try session.store.commitBatch()
    return NoResult()
  }
}
