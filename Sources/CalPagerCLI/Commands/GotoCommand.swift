import CalendarPaging
import CommandLanguage

/// `goto DATE [--by UNIT]`: select a day.
struct GotoCommand: CalPagerCommand {
  /// `<date>`: the day to select.
  static let date = ArgumentKey.date(label: "<date>", help: "The day to select.")

  static let spec = CommandSpec(
    name: "goto",
    abstract: "Select a day.",
    discussion: """
      \(CommandSpec.dateForms) An offset counts from the day selected now, so 'goto +7' moves a week \
      forward and 'goto -1' a day back. --by shows the day's week or month instead.

      Examples:
        calpager goto 2024-05-01
        calpager goto tomorrow
        calpager goto -7
        calpager goto 2024-06 --by month
        calpager goto 2024-W18 --by week
      """,
    arguments: [date.declaration],
    options: [ShowCommand.by.declaration]
  )

  /// The day to select.
  let date: DateExpression
  /// What to show by; nil for the `page-by` setting.
  var unit: CalendarUnit?

  func run(in context: CommandContext) throws -> PageResult {
    try context.page(by: unit) { selected, _ in
      try date.resolve(today: context.today, selected: selected)
    }
  }
}

extension GotoCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    date = try arguments.read(Self.date)
    try arguments.expectNoMoreWords()
    unit = try arguments.read(ShowCommand.by)
  }
}
