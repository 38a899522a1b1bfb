/// The page `show`, `next`, `prev`, `goto` and `today` print: of a day, a week or a month,
/// as `--by` or the `page-by` setting says.
enum PageResult: CommandResult {
  /// The menu of days and the selected day's notes.
  case day(DayPageResult)
  /// The menu of weeks and the selected week's days with their notes.
  case week(WeekPageResult)
  /// The menu of months, the month's grid and the selected day's notes.
  case month(MonthPageResult)

  func render(to output: Output, style: Style) {
    switch self {
    case .day(let page): page.render(to: output, style: style)
    case .week(let page): page.render(to: output, style: style)
    case .month(let page): page.render(to: output, style: style)
    }
  }
}
