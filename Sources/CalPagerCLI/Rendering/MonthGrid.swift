import CalendarPaging
import DisplayText

/// A month as a grid like `cal`'s: a header of weekday names from the first weekday, then one
/// row per week.
///
/// From 28 columns each day has a cell of four: `>` just before the selected day's number,
/// `*` before today's (when it is not the selected one: the selected day's heading says so),
/// `•` after a day with notes, `◦` after a day with events, `◉` after one with both. Below 28
/// columns the grid is `cal`'s own 20 columns, with no room for marks, and a summary line
/// follows: `selected 15 · today 3 · notes 1 4 10 · events 2 4`. Colour only decorates: the
/// selected day in bold, today underlined, marks (or, in the narrow grid, days with notes) in
/// yellow.
struct MonthGrid {
  /// The month.
  let month: Month
  /// The selected day, in the month.
  let selected: Day
  /// Today, marked when it is in the month.
  let today: Day
  /// The note count of each day of the month, the first's first.
  let counts: [Int]
  /// The weekday the grid's columns start on.
  let firstWeekday: Weekday
  /// The event count of each day of the month, the first's first (only whether it is 0
  /// shows); empty for none.
  var eventCounts: [Int] = []

  /// The mark after a day with notes, with events, with both.
  static let noteMark = "•"
  static let eventMark = "◦"
  static let bothMark = "◉"

  /// The columns of the grid with marks.
  static let markedWidth = 28

  /// The grid's lines, and the summary line(s) below 28 columns.
  func lines(style: Style) -> [String] {
    let marked = style.width >= MonthGrid.markedWidth
    let cell = marked ? 4 : 3
    let weekdays = (0..<7).map { String(firstWeekday.advanced(by: $0).shortName.prefix(2)) }
    var lines = [trimmed(weekdays.map { marked ? " \($0) " : $0 + " " }.joined())]
    let lead = (month.firstDay.weekday.rawValue - firstWeekday.rawValue + 7) % 7
    var row = String(repeating: " ", count: lead * cell)
    for (offset, day) in month.days.everyDay.enumerated() {
      row +=
        marked
        ? markedCell(day, notes: counts[offset], events: events(offset), style: style)
        : plainCell(day, notes: counts[offset], style: style)
      if (lead + offset) % 7 == 6 || day == month.lastDay {
        lines.append(trimmed(row))
        row = ""
      }
    }
    if !marked { lines += summary(width: style.width) }
    return lines
  }

  /// ` 15•`, `>15 `, ` *3 `: a day's four columns, the mark just before the number.
  private func markedCell(_ day: Day, notes: Int, events: Int, style: Style) -> String {
    let mark = day == selected ? ">" : day == today ? "*" : " "
    let padding = day.dayOfMonth < 10 ? " " : ""
    let after =
      switch (notes > 0, events > 0) {
      case (true, true): style.paint(MonthGrid.bothMark, SGR.yellow)
      case (true, false): style.paint(MonthGrid.noteMark, SGR.yellow)
      case (false, true): style.paint(MonthGrid.eventMark, SGR.yellow)
      case (false, false): " "
      }
    return padding + mark + number(day, style: style, notes: 0) + after
  }

  /// The event count of the month's day at `offset`.
  private func events(_ offset: Int) -> Int {
    offset < eventCounts.count ? eventCounts[offset] : 0
  }

  /// `15 `, ` 3 `: a day's three columns, without marks.
  private func plainCell(_ day: Day, notes: Int, style: Style) -> String {
    (day.dayOfMonth < 10 ? " " : "") + number(day, style: style, notes: notes) + " "
  }

  /// The day of the month, bold when selected, underlined when today, yellow when `notes`
  /// are counted and there are some.
  private func number(_ day: Day, style: Style, notes: Int) -> String {
    let text = String(day.dayOfMonth)
    guard style.color else { return text }
    var codes = ""
    if day == selected { codes += SGR.bold }
    if day == today { codes += SGR.underline }
    if notes > 0 { codes += SGR.yellow }
    return codes.isEmpty ? text : codes + text + SGR.reset
  }

  /// `selected 15 · today 3 · notes 1 4 10`, on lines of at most `width` columns.
  private func summary(width: Int) -> [String] {
    var parts = ["selected \(selected.dayOfMonth)"]
    if month.days.contains(today) { parts.append("today \(today.dayOfMonth)") }
    let withNotes = counts.indices.filter { counts[$0] > 0 }.map { String($0 + 1) }
    if !withNotes.isEmpty { parts.append("notes " + withNotes.joined(separator: " ")) }
    let withEvents = eventCounts.indices.filter { eventCounts[$0] > 0 }.map { String($0 + 1) }
    if !withEvents.isEmpty { parts.append("events " + withEvents.joined(separator: " ")) }
    return TextFit.join(parts, width: width)
  }

  /// `line` without trailing spaces.
  private func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
