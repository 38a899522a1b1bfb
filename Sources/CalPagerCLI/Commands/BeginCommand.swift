import CommandLanguage

/// `begin`: start the line mode's transaction.
struct BeginCommand: TransactionCommand {
  static let spec = transactionSpec(
    name: "begin",
    abstract: "Start a transaction.",
    discussion: """
      The commands up to commit or rollback form one transaction: all of their changes are \
      kept, or none.

      Example:
        begin
        add Flight to Lisbon
        add --day +1 Hotel check-in
        commit
      """
  )

  static let outcome = TransactionResult.State.begun
}
