import CalendarPaging
import Interchange
import NoteModel

/// What the screen shows: the page and a status bar; a prompt or a question in place of the
/// status bar; the keys (`?`) or a list over the page.
extension Browser {
  /// The status bar's text when there is no message.
  static let hint = "? keys · q quit"

  /// The screen's rows, and where the cursor shows (in a prompt) or nil (hidden).
  func frame() -> (lines: [ScreenLine], cursor: Screen.Position?) {
    let width = max(size.columns, 1)
    let height = max(size.rows, 1)
    switch mode {
    case .help:
      return (helpLines(height: height), nil)
    case .list(let list):
      return (list.lines(width: width, height: height), nil)
    case .pager, .prompt, .confirmDelete:
      break
    }
    var bottom: [ScreenLine]
    var cursor: Screen.Position?
    switch mode {
    case .prompt(_, let prompt):
      let (line, column) = prompt.line(columns: width)
      bottom = [line]
      cursor = Screen.Position(row: height - 1, column: column)
    case .confirmDelete(let note):
      bottom = [BrowseStatus.bar(Self.deleteQuestion(note, width: width))]
    default:
      // A message longer than the screen is wide takes the rows it needs (the page gives
      // them up), up to the whole screen.
      bottom = Array(statusBar(width: width).prefix(height))
    }
    let room = height - bottom.count
    var lines =
      page?.rows(width: width, height: room, selectedNote: selectedNote, scroll: noteScroll)
      ?? []
    lines = Array(lines.prefix(room))
    lines += Array(repeating: ScreenLine(), count: room - lines.count)
    return (lines + bottom, cursor)
  }

  /// The status bar's rows: the message, whole, on as many rows as it takes `width` wide;
  /// else a note that the selection waits to be saved; else the hint.
  func statusBar(width: Int) -> [ScreenLine] {
    if let message {
      return BrowseStatus.bars(message.text, isError: message.isError, width: width)
    }
    if selectionSavePending {
      return [BrowseStatus.bar("The database is locked: the selection is saved when it is free")]
    }
    return [BrowseStatus.bar(Self.hint)]
  }

  /// `Delete #12 "Dentist at 10:00"? (y/n)`, the text cut to fit.
  static func deleteQuestion(_ note: Note, width: Int) -> String {
    let firstLine = note.body.split(separator: "\n").first.map(String.init) ?? ""
    let room = max(width - 30, 8)
    let text = firstLine.count > room ? firstLine.prefix(room - 1) + "…" : Substring(firstLine)
    return "Delete #\(note.id ?? 0) \"\(text)\"? (y/n)"
  }

  /// The `?` screen: every key and what it does, in columns when the screen is tall enough
  /// for none.
  private func helpLines(height: Int) -> [ScreenLine] {
    var lines = [ScreenLine("calpager browse: keys", style: ScreenStyle(bold: true)), ScreenLine()]
    let keys = BrowseKeys.lines
    let room = max(height - 3, 1)
    if keys.count <= room {
      lines += keys.map { ScreenLine($0) }
    } else {
      // Two columns side by side.
      let half = (keys.count + 1) / 2
      let columnWidth = (keys.prefix(half).map { Screen.width(of: $0) }.max() ?? 0) + 2
      for row in 0..<half {
        let left = keys[row]
        let padding = String(repeating: " ", count: columnWidth - Screen.width(of: left))
        let right = row + half < keys.count ? keys[row + half] : ""
        lines.append(ScreenLine(left + padding + right))
      }
    }
    lines = Array(lines.prefix(height - 1))
    lines += Array(repeating: ScreenLine(), count: max(height - 1 - lines.count, 0))
    lines.append(BrowseStatus.bar("Any key: back to the page"))
    return lines
  }
}
