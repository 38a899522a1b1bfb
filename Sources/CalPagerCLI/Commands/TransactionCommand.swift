import CommandLanguage

/// `begin`, `commit` and `rollback`: the line mode's transaction commands, which take no
/// arguments, change the session's transaction and answer with what became of it.
protocol TransactionCommand: ArgumentlessCommand where Result == TransactionResult {
  /// What the command does to the transaction.
  static var outcome: TransactionResult.State { get }
}

extension TransactionCommand {
  /// The spec of a transaction command: typed alone, in the line mode only (and not in
  /// browse), its discussion after the sentence saying so; `commit` and `rollback` end the
  /// transaction.
  static func transactionSpec(name: String, abstract: String, discussion: String) -> CommandSpec {
    CommandSpec(
      name: name,
      abstract: abstract,
      discussion: "Only in the line mode (calpager shell). " + discussion,
      availability: .lineModeOnly, endsTransaction: outcome != .begun, runsInBrowse: false
    )
  }

  func run(in context: CommandContext) throws -> TransactionResult {
    let session = try context.session
    switch Self.outcome {
    case .begun: try session.beginTransaction()
    case .committed: try session.commitTransaction()
    case .rolledBack: try session.rollbackTransaction()
    }
    return TransactionResult(state: Self.outcome, line: session.lineNumber)
  }
}
