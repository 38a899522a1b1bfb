import CalendarPaging
import CommandLanguage

/// `today [--by UNIT]`: select today.
struct TodayCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "today",
    abstract: "Select today.",
    discussion: """
      Today is the local date in the time zone of $TZ. --by shows today's week or month \
      instead of the day.

      Examples:
        calpager today
        calpager today --by month
      """,
    options: [ShowCommand.by.declaration]
  )

  /// What to show by; nil for the `page-by` setting.
  var unit: CalendarUnit?

  func run(in context: CommandContext) throws -> PageResult {
    try context.page(by: unit) { _, _ in context.today }
  }
}

extension TodayCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    try arguments.expectNoMoreWords()
    unit = try arguments.read(ShowCommand.by)
  }
}
