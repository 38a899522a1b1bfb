import CommandLanguage

/// `quit` (or `exit`): end the line mode.
struct QuitCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "quit",
    aliases: ["exit"],
    abstract: "End the line mode.",
    discussion: """
      Only in the line mode (calpager shell). exit does the same, and so does the end of \
      the input.

      Example (the second next never runs):
        printf 'next\\nquit\\nnext\\n' | calpager shell
      """,
    availability: .lineModeOnly, endsTransaction: true
  )

  func run(in context: CommandContext) throws -> QuitResult {
    QuitResult()
  }
}
