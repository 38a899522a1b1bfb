import CalendarPaging
import Interchange

/// The page `show`, `next`, `prev`, `goto` and `today` print: the menu line and the selected
/// day's notes; or, with `--json`, `{"selected":…,"notes":[…],"menu":[…]}`.
struct PageRenderer {
  /// The menu of the window.
  let menu: MenuRenderer
  /// The selected day.
  let day: Day
  /// Its notes, in the order they were added.
  let notes: [Note]

  /// Writes the page to `output`.
  func render(to output: Output) {
    let layout = menu.layout()
    if menu.style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"selected":""#.utf8)
        day.appendISO(to: &buffer)
        buffer.append(contentsOf: #"","notes":["#.utf8)
        JSON.appendNoteArray(notes, into: &buffer)
        buffer.append(contentsOf: #"],"menu":["#.utf8)
        for (index, menuDay) in menu.visibleDays(in: layout).enumerated() {
          buffer.append(contentsOf: index == 0 ? #"""#.utf8 : #",""#.utf8)
          menuDay.appendISO(to: &buffer)
          buffer.append(UInt8(ascii: "\""))
        }
        buffer.append(contentsOf: "]}\n".utf8)
      }
      return
    }
    let menuLines = menu.lines(layout)
    if menu.options.position == .top {
      for line in menuLines { output.line(line) }
    }
    writeDay(to: output)
    if menu.options.position == .bottom {
      for line in menuLines { output.line(line) }
    }
  }

  private func writeDay(to output: Output) {
    let style = menu.style
    var heading = day.longName
    if day == menu.today { heading += " · today" }
    heading += " · " + (notes.isEmpty ? "no notes" : countText(notes.count, "note"))
    output.line(style.paint(heading, SGR.bold))
    let lines = NoteLines(style: style, notes: notes)
    for note in notes {
      lines.append(note, to: output)
    }
  }
}
