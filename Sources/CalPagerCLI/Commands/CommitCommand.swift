import CommandLanguage

/// `commit`: keep the changes made since `begin`, unless a line failed.
struct CommitCommand: TransactionCommand {
  static let spec = transactionSpec(
    name: "commit",
    abstract: "Keep the changes made since begin.",
    discussion: """
      Ends the transaction begin started and keeps all of its changes, the selected day \
      included. If a line inside it failed, the lines after it were skipped and commit rolls \
      everything back instead (exit status 1).

      Example:
        begin
        rm 12
        add --day 2024-05-03 Dentist at 10:00
        commit
      """
  )

  static let outcome = TransactionResult.State.committed
}
