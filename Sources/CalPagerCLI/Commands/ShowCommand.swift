import CalendarPaging
import CommandLanguage

/// `show [--by UNIT]`: the selected day and its notes, or its week or month; what calpager
/// does when no command is given.
struct ShowCommand: CalPagerCommand {
  /// `--by <unit>`: what the page steps and shows by.
  ///
  /// Every paging command shows this page, and takes this option as it is declared here.
  static let by = OptionKey.unit(
    "--by",
    help: "What to step and show by: day, week (its seven days, from first-weekday) or month "
      + "(a grid and the selected day's notes). (default: the page-by setting, day)")

  static let spec = CommandSpec(
    name: "show",
    abstract: "Show the selected day and its notes.",
    discussion: """
      Prints the menu line (the days around the selected one, today and days with notes \
      marked) and the selected day's notes with their ids. This is what calpager does when \
      no subcommand is given. The selected day is kept in the database; at first it is today. \
      With --by week, the menu holds weeks and the page the selected week's days with their \
      notes; with --by month, the menu holds months and the page a grid of the month (the \
      selected day marked >, today *, days with notes •) and the selected day's notes. The \
      page-by setting makes either the default.

      Examples:
        calpager
        calpager show --width 60
        calpager show --by week
        calpager show --by month
      """,
    options: [by.declaration]
  )

  /// What to show by; nil for the `page-by` setting.
  var unit: CalendarUnit?

  func run(in context: CommandContext) throws -> PageResult {
    try context.page(by: unit)
  }
}

extension ShowCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    try arguments.expectNoMoreWords()
    unit = try arguments.read(Self.by)
  }
}
