import CalendarPaging
import Interchange

/// The page of a month: the menu of months, the month's title, its grid (`MonthGrid`), and
/// the selected day's heading and notes; or, with `--json`,
/// `{"selected":…,"by":"month","days":[{"day":…,"count":N},…],"notes":[…],"menu":["2024-05",…]}`
/// (every day of the month in `days`, the selected day's notes in `notes`).
struct MonthPageResult: CommandResult {
  /// The menu of months around the selected one.
  let menu: PeriodMenu<Month>
  /// The selected month.
  let month: Month
  /// The selected day, in the month.
  let day: Day
  /// Today.
  let today: Day
  /// The note count of each day of the month.
  let counts: [Int]
  /// The selected day's notes.
  let content: PageContent
  /// The weekday the grid starts on.
  let firstWeekday: Weekday

  func render(to output: Output, style: Style) {
    let layout = menu.layout(width: style.width)
    if style.json {
      output.jsonObject { json in
        json.field("selected", day)
        json.field("by", CalendarUnit.month.rawValue)
        json.key("days")
        json.array { json in
          for (offset, day) in month.days.everyDay.enumerated() {
            json.object { json in
              json.field("day", day)
              json.field("count", counts[offset])
            }
          }
        }
        content.writeJSON("notes", to: &json)
        menu.writeJSON(layout, to: &json)
      }
      return
    }
    if menu.options.position == .top { menu.write(layout, to: output, style: style) }
    let total = counts.reduce(0, +)
    let count = total == 0 ? "no notes" : countText(total, "note")
    for line in TextFit.join([month.title, count], width: style.width) {
      output.line(style.paint(line, SGR.bold))
    }
    let grid = MonthGrid(
      month: month, selected: day, today: today, counts: counts, firstWeekday: firstWeekday)
    for line in grid.lines(style: style) { output.line(line) }
    output.line()
    DayPageResult.writeDay(day, today: today, content: content, to: output, style: style)
    if menu.options.position == .bottom { menu.write(layout, to: output, style: style) }
  }
}
