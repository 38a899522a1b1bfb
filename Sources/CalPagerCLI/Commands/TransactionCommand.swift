import CommandLanguage

/// `begin`, `commit` and `rollback`: the line mode's transaction commands, which take no
/// arguments and answer with what became of the transaction.
///
/// The line mode opens and ends the transaction around the lines between them
/// (`LineMode.runTransaction`): it is one write of the store whose body is those lines, so it
/// runs once (they are input, read once), and they are savepoints in it. What `run` does is
/// check that the command is in its place and answer.
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
    case .begun:
      if let open = session.transaction {
        throw CLIError.transactionAlreadyOpen(since: open.startLine)
      }
    case .committed, .rolledBack:
      guard session.transaction != nil else { throw CLIError.noTransaction }
    }
    return TransactionResult(state: Self.outcome, line: session.lineNumber)
  }
}
