import CommandLanguage

/// `goto DATE`: select a day.
struct GotoCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "goto",
    abstract: "Select a day.",
    discussion: """
      \(CommandSpec.dateForms) An offset counts from the day selected now, so 'goto +7' moves a week \
      forward and 'goto -1' a day back.

      Examples:
        calpager goto 2024-05-01
        calpager goto tomorrow
        calpager goto -7
      """,
    usage: ["calpager goto <date>"],
    arguments: [Argument(label: "<date>", help: "The day to select.", kind: .date)]
  )

  /// The day to select.
  let date: DateExpression

  func run(in context: CommandContext) throws -> DayPageResult {
    try context.session.page(width: context.style.width, withDetails: context.style.json) {
      selected in
      try date.resolve(today: context.today, selected: selected)
    }
  }
}

extension GotoCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    date = try arguments.date(at: 0)
    try arguments.expectAtMost(1)
  }
}
