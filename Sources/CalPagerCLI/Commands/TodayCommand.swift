import CommandLanguage

/// `today`: select today.
struct TodayCommand: CalPagerCommand {
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

  /// `today` takes no arguments.
  init() {}

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try arguments.expectAtMost(0)
  }

  func run(in context: CommandContext) throws -> DayPageResult {
    try context.session.page(width: context.style.width) { _ in context.today }
  }
}
