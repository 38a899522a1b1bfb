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
    let notes = content.notes
    output.append { line in
      // `Wednesday 1 May 2024 · today · 3 notes`, bold when colour is on.
      if style.color { line.append(contentsOf: SGR.bold.utf8) }
      day.appendLongName(to: &line)
      if day == menu.today { line.append(contentsOf: " · today".utf8) }
      line.append(contentsOf: " · ".utf8)
      if notes.isEmpty {
        line.append(contentsOf: "no notes".utf8)
      } else {
        line.appendDecimal(notes.count)
        line.append(contentsOf: notes.count == 1 ? " note".utf8 : " notes".utf8)
      }
      if style.color { line.append(contentsOf: SGR.reset.utf8) }
      line.append(0x0A)
    }
    content.appendLines(to: output, style: style)
  }
}
