import CommandLanguage

/// `rollback`: drop the changes made since `begin`.
struct RollbackCommand: TransactionCommand {
  static let spec = transactionSpec(
    name: "rollback",
    abstract: "Drop the changes made since begin.",
    discussion: """
      Ends the transaction begin started and leaves the notes, the settings and the selected \
      day as they were before it.

      Example:
        begin
        add Only trying
        rollback
      """
  )

  static let outcome = TransactionResult.State.rolledBack
}
