import CalendarPaging
import Interchange

/// The page of a month: the menu of months, the month's title, its grid (`MonthGrid`), and
/// the selected day's heading and notes; or, with `--json`,
/// `{"selected":…,"by":"month","days":[{"day":…,"count":N,"events":M},…],"events":[…],
/// "notes":[…],"menu":["2024-05",…]}` (every day of the month in `days`, with its note count
/// and, when calendars are read, its event count; the selected day's events and notes).
struct MonthPageResult: CommandResult {
  /// The menu of months around the selected one.
  let menu: PeriodMenu<Month>
  /// The selected day, in the selected month.
  let day: Day
  /// The note count of each day of the month.
  let counts: [Int]
  /// The selected day's notes.
  let content: PageContent
  /// The weekday the grid starts on.
  let firstWeekday: Weekday
  /// Where the month's events come from; nil when no calendar is read.
  ///
  /// Read as the output needs: JSON counts every day's events, the grid only marks the days
  /// that have some.
  var events: (any EventSource)? = nil

  func render(to output: Output, style: Style) {
    let month = menu.selected
    let total = counts.reduce(0, +)
    let count = total == 0 ? "no notes" : countText(total, "note")
    menu.writePage(selected: day, title: [month.title, count], to: output, style: style) {
      json in
      let events = events.map { PeriodEvents(source: $0, days: month.days) }
      json.objects("days", zip(month.days.everyDay, counts)) { json, dayCount in
        let (day, count) = dayCount
        json.field("day", day)
        json.field("count", count)
        if let events { json.field("events", events.events(on: day).count) }
      }
      events?.on(day).writeJSON("events", to: &json)
      content.writeJSON("notes", to: &json)
    } text: {
      let marked = events?.daysWithEvents(in: month.days) ?? DaySet.empty
      let grid = MonthGrid(
        month: month, selected: day, today: menu.today, counts: counts,
        firstWeekday: firstWeekday,
        eventCounts: month.days.everyDay.map { marked.contains($0) ? 1 : 0 })
      for line in grid.lines(style: style) { output.line(line) }
      output.line()
      DayPageResult.writeDay(
        day, today: menu.today, content: content,
        events: events.map { DayEvents(source: $0, day: day) }, to: output,
        style: style)
    }
  }
}
