/// What `shell` returns: the exit status of the whole session (1 if any line failed).
struct ShellResult: CommandResult {
  /// The session's exit status.
  let status: Int32

  var exitStatus: Int32 { status }

  func render(to output: Output, style: Style) {}
}

/// What `quit` returns: the end of the line mode; `{"quit":true}` with `--json`, nothing as
/// text.
struct QuitResult: CommandResult {
  var endsSession: Bool { true }

  func render(to output: Output, style: Style) {
    guard style.json else { return }
    output.jsonObject { $0.field("quit", true) }
  }
}

/// What `begin`, `commit` and `rollback` return: with `--json`,
/// `{"transaction":"begun","line":4}` (so that every line of `shell --json` gets one
/// object); nothing as text.
struct TransactionResult: CommandResult {
  /// What happened to the transaction.
  enum State: String {
    /// `begin` opened it.
    case begun
    /// `commit` kept its changes.
    case committed
    /// `rollback` dropped them.
    case rolledBack = "rolled back"
  }

  /// What happened.
  let state: State
  /// The line of the command.
  let line: Int

  var transactionAnswer: TransactionResult? { self }

  func render(to output: Output, style: Style) {
    guard style.json else { return }
    output.jsonObject { json in
      json.field("transaction", state.rawValue)
      json.field("line", line)
    }
  }
}
