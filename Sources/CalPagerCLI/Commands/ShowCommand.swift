import CommandLanguage

/// `show`: the selected day and its notes; what calpager does when no command is given.
struct ShowCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show the selected day and its notes.",
    discussion: """
      Prints the menu line (the days around the selected one, today and days with notes \
      marked) and the selected day's notes with their ids. This is what calpager does when \
      no subcommand is given. The selected day is kept in the database; at first it is today.

      Examples:
        calpager
        calpager show --width 60
      """,
    usage: ["calpager show"]
  )

  func run(in context: CommandContext) throws -> DayPageResult {
    try context.session.page(width: context.style.width, withDetails: context.style.json)
  }
}
