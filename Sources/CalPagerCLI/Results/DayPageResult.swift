import CalendarPaging
import DisplayText
import Interchange

/// The page `show`, `next`, `prev`, `goto` and `today` print: the menu line and the selected
/// day's events and notes; or, with `--json`,
/// `{"selected":…,"events":[…],"notes":[…],"menu":[…]}` (`events` only when calendars are
/// read).
struct DayPageResult: CommandResult {
  /// The menu around the selected day.
  let menu: MenuModel
  /// The selected day.
  let day: Day
  /// Its notes, and their rendered forms.
  let content: PageContent
  /// Its events; nil when no calendar is read.
  var events: DayEvents? = nil

  func render(to output: Output, style: Style) {
    let renderer = MenuRenderer(model: menu, style: style)
    let layout = renderer.layout()
    if style.json {
      output.jsonObject { json in
        json.field("selected", day)
        events?.writeJSON("events", to: &json)
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
    DayPageResult.writeDay(
      day, today: menu.today, content: content, events: events, to: output, style: style)
    if menu.options.position == .bottom {
      output.append { renderer.append(layout, to: &$0) }
    }
  }

  /// Writes `day`'s heading (`Wednesday 1 May 2024 · today · 3 events · 2 notes`, wrapped at
  /// its `·` when it does not fit the width), its events and its notes.
  static func writeDay(
    _ day: Day, today: Day, content: PageContent, events: DayEvents? = nil, to output: Output,
    style: Style
  ) {
    let notes = content.notes
    let eventCount = events?.events.count ?? 0
    // The common case as bytes, with no String: a heading whose bytes fit (bytes are never
    // fewer than columns).
    let fitted = output.append { line -> Bool in
      let start = line.count
      if style.color { line.append(contentsOf: SGR.bold.utf8) }
      let textStart = line.count
      day.appendLongName(to: &line)
      if day == today { line.append(contentsOf: " · today".utf8) }
      line.append(contentsOf: " · ".utf8)
      if eventCount > 0 {
        line.appendDecimal(eventCount)
        line.append(contentsOf: eventCount == 1 ? " event · ".utf8 : " events · ".utf8)
      }
      if notes.isEmpty {
        line.append(contentsOf: "no notes".utf8)
      } else {
        line.appendDecimal(notes.count)
        line.append(contentsOf: notes.count == 1 ? " note".utf8 : " notes".utf8)
      }
      guard line.count - textStart <= style.width else {
        line.removeSubrange(start...)
        return false
      }
      if style.color { line.append(contentsOf: SGR.reset.utf8) }
      line.append(0x0A)
      return true
    }
    if !fitted {
      let count = notes.isEmpty ? "no notes" : countText(notes.count, "note")
      var heading = day.longName
      if day == today { heading += " · today" }
      let eventText = eventCount > 0 ? [countText(eventCount, "event")] : []
      heading += eventText.map { " · " + $0 }.joined() + " · " + count
      if DisplayWidth.of(heading) <= style.width {
        output.line(style.paint(heading, SGR.bold))
      } else {
        let parts = [day.longName] + (day == today ? ["today"] : []) + eventText + [count]
        for line in TextFit.join(parts, width: style.width) {
          output.line(style.paint(line, SGR.bold))
        }
      }
    }
    events?.appendLines(to: output, style: style)
    content.appendLines(to: output, style: style)
  }
}
