import CommandLanguage

/// `shell`: the line mode, commands read from standard input one a line.
struct ShellCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "shell",
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
    availability: .commandLineOnly, runsInBrowse: false
  )

  func run(in context: CommandContext) throws -> ShellResult {
    ShellResult(status: LineMode(session: try context.session, options: context.options).run())
  }
}
