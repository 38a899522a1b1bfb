import CalendarPaging
import Interchange

/// The page `show`, `next`, `prev`, `goto` and `today` print: the menu line and the selected
/// day's notes; or, with `--json`, `{"selected":…,"notes":[…],"menu":[…]}`.
struct DayPageResult: CommandResult {
  /// The menu around the selected day.
  let menu: MenuModel
  /// The selected day.
  let day: Day
  /// Its notes, and their rendered forms.
  let content: PageContent

  func render(to output: Output, style: Style) {
    let renderer = MenuRenderer(model: menu, style: style)
    let layout = renderer.layout()
    if style.json {
      output.jsonObject { json in
        json.field("selected", day)
        content.writeJSON("notes", to: &json)
        json.key("menu")
        json.array { json in
          for menuDay in renderer.visibleDays(in: layout) { json.day(menuDay) }
        }
      }
      return
    }
    if menu.options.position == .top {
      output.append { renderer.append(layout, to: &$0) }
    }
    writeDay(to: output, style: style)
    if menu.options.position == .bottom {
      output.append { renderer.append(layout, to: &$0) }
    }
  }

  private func writeDay(to output: Output, style: Style) {
    var heading = day.longName
    if day == menu.today { heading += " · today" }
    let notes = content.notes
    heading += " · " + (notes.isEmpty ? "no notes" : countText(notes.count, "note"))
    output.line(style.paint(heading, SGR.bold))
    content.appendLines(to: output, style: style)
  }
}
