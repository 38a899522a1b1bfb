import CalendarPaging
import DisplayText
import Interchange
import NoteModel

/// The page of a week: the menu of weeks, the week's title, and its seven days (starting on
/// `first-weekday`), each with its events and notes; or, with `--json`,
/// `{"selected":…,"by":"week","days":[{"day":…,"events":[…],"notes":[…]},…],"menu":[…]}`
/// (`events` only when calendars are read; an event over several days is on each).
struct WeekPageResult: CommandResult {
  /// The menu of weeks around the selected one.
  let menu: PeriodMenu<Week>
  /// The selected day, one of the selected week's.
  let day: Day
  /// The week's notes, by day and then in the order they were added.
  let notes: [Note]
  /// The week's events; nil when no calendar is read.
  var events: PeriodEvents? = nil

  func render(to output: Output, style: Style) {
    let count = notes.isEmpty ? "no notes" : countText(notes.count, "note")
    menu.writePage(
      selected: day, title: [menu.selected.title, count], to: output, style: style
    ) { json in
      json.objects("days", notesByDay()) { json, dayNotes in
        let (day, notes) = dayNotes
        json.field("day", day)
        events?.on(day).writeJSON("events", to: &json)
        json.notes("notes", notes)
      }
    } text: {
      var lines = NoteLines(style: style, notes: notes)
      for (day, notes) in notesByDay() {
        var parts = [day.weekLabel]
        if day == self.day { parts.append("selected") }
        if day == menu.today { parts.append("today") }
        for (index, line) in TextFit.join(parts, width: style.width).enumerated() {
          // The selected day's line in bold, today's underlined, when colour is on.
          var codes = ""
          if style.color && index == 0 {
            if day == self.day { codes += SGR.bold }
            if day == menu.today { codes += SGR.underline }
          }
          output.line(codes.isEmpty ? line : codes + line + SGR.reset)
        }
        events?.on(day).appendLines(to: output, style: style)
        for note in notes { lines.append(note, to: output) }
      }
    }
  }

  /// The week's days, each with its notes.
  private func notesByDay() -> [(Day, [Note])] {
    var remaining = notes[...]
    return menu.selected.days.everyDay.map { day in
      let count = remaining.prefix { $0.day == day }.count
      defer { remaining = remaining.dropFirst(count) }
      return (day, Array(remaining.prefix(count)))
    }
  }
}

extension Day {
  /// `Wed 1 May`: a day on a week page.
  var weekLabel: String {
    "\(weekday.shortName) \(dayOfMonth) \(Month.shortNames[month - 1])"
  }
}
