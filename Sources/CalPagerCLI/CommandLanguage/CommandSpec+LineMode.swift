extension CommandSpec {
  /// `shell`.
  static let shell = CommandSpec(
    name: .shell,
    abstract: "Read commands line by line from standard input.",
    discussion: """
      Each line is one command, in the grammar of the command line without the word \
      'calpager': next, goto 2024-05-01, add Lunch with Ana. Words are split as a shell \
      splits them: quote with '...' or "...", escape a character with a backslash; inside \
      double quotes \\n is a newline and \\t a tab. A line starting with # is a comment. An \
      error prints 'line N: Error: ...' on standard error and the session goes on; the exit \
      status is 1 if any line failed.

      Only in the line mode: quit (or exit) ends the session, as the end of the input does; \
      begin starts a transaction, which commit keeps and rollback drops. --db is given to \
      'calpager shell' itself, not to its lines.

      Example:
        printf 'goto 2024-05-01\\nnext\\nadd Lunch with Ana\\n' | calpager shell --json
      """,
    usage: ["calpager shell"]
  )

  /// `help`.
  static let help = CommandSpec(
    name: .help,
    abstract: "Show help information.",
    discussion: """
      Every subcommand also shows its help with -h or --help.

      Examples:
        calpager help
        calpager help export
      """,
    usage: ["calpager help [<subcommand>]"],
    arguments: [Argument(label: "<subcommand>", help: "The subcommand to show help for.")]
  )

  /// `quit`.
  static let quit = CommandSpec(
    name: .quit,
    abstract: "End the line mode.",
    discussion: """
      Only in the line mode (calpager shell). exit does the same, and so does the end of \
      the input.

      Example (the second next never runs):
        printf 'next\\nquit\\nnext\\n' | calpager shell
      """,
    usage: ["quit", "exit"]
  )

  /// `begin`.
  static let begin = CommandSpec(
    name: .begin,
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
    usage: ["begin"]
  )

  /// `commit`.
  static let commit = CommandSpec(
    name: .commit,
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
    usage: ["commit"]
  )

  /// `rollback`.
  static let rollback = CommandSpec(
    name: .rollback,
    abstract: "Drop the changes made since begin.",
    discussion: """
      Only in the line mode (calpager shell). Ends the transaction begin started and \
      leaves the notes as they were before it.

      Example:
        begin
        add Only trying
        rollback
      """,
    usage: ["rollback"]
  )
}
