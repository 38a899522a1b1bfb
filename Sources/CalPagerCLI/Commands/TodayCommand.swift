import CommandLanguage

/// `today`: select today.
struct TodayCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "today",
    abstract: "Select today.",
    discussion: """
      Today is the local date in the time zone of $TZ.

      Example:
        calpager today
      """,
    usage: ["calpager today"]
  )

  func run(in context: CommandContext) throws -> DayPageResult {
    try context.session.page(width: context.style.width, withDetails: context.style.json) { _ in
      context.today
    }
  }
}
