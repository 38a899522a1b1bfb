import CalendarPaging
import DisplayText
import NoteStore

/// A list over the page: search results, a row per note that Enter goes to, or a command's
/// output to scroll through.
///
/// Keys: `↑`/`k` and `↓`/`j` move (or scroll), PgUp and PgDn by a screen, Home and End to the
/// ends; Enter opens the selected result (or closes the output); `q` and Escape close.
struct BrowseList {
  /// What a key did to the list.
  enum Outcome: Hashable, Sendable {
    /// The list stays.
    case stay
    /// The list is closed.
    case close
    /// Go to this day, selecting this note.
    case open(Day, noteID: Int?)
  }

  /// The first row: what the list is.
  let title: String
  /// The rows.
  let rows: [String]
  /// Where each row goes on Enter (search results); empty for a command's output.
  let targets: [(day: Day, noteID: Int?)]
  /// The selected row (search results).
  private(set) var selected = 0
  /// The first row shown.
  private(set) var offset = 0

  /// The results of a search.
  init(search result: SearchResult) {
    title = "Search '\(result.query)': " + countText(result.hits.count, "note")
    rows = result.hits.map { hit in
      let snippet = hit.snippet.filter { $0 != SearchHit.matchStart && $0 != SearchHit.matchEnd }
      return "\(hit.note.day)  #\(hit.note.id ?? 0)  \(snippet)"
    }
    targets = result.hits.map { ($0.note.day, $0.note.id) }
  }

  /// A command's output, `lines`, under the command line `title`.
  init(title: String, lines: [String]) {
    self.title = ":" + title
    rows = lines
    targets = []
  }

  /// Whether rows are chosen (search results) rather than scrolled (output).
  var isSelectable: Bool { !targets.isEmpty }

  /// Applies `key`, on a screen that shows `visible` rows of the list.
  mutating func handle(_ key: Key, rows visible: Int) -> Outcome {
    let last = max(rows.count - 1, 0)
    switch key {
    case .up, .character("k"): moveBy(-1, visible: visible)
    case .down, .character("j"): moveBy(1, visible: visible)
    case .pageUp: moveBy(-visible, visible: visible)
    case .pageDown: moveBy(visible, visible: visible)
    case .home: moveBy(-rows.count, visible: visible)
    case .end: moveBy(rows.count, visible: visible)
    case .enter:
      guard isSelectable, selected <= last else { return .close }
      return .open(targets[selected].day, noteID: targets[selected].noteID)
    case .escape, .character("q"): return .close
    default: break
    }
    return .stay
  }

  private mutating func moveBy(_ count: Int, visible: Int) {
    let visible = max(visible, 1)
    if isSelectable {
      selected = min(max(selected + count, 0), max(rows.count - 1, 0))
      if selected < offset { offset = selected }
      if selected >= offset + visible { offset = selected - visible + 1 }
    } else {
      offset = min(max(offset + count, 0), max(rows.count - visible, 0))
    }
  }

  /// The screen: the title, the rows that fit in `height - 2`, the selected one in reverse
  /// video, and a status bar saying which keys work.
  func lines(width: Int, height: Int) -> [ScreenLine] {
    let visible = max(height - 2, 0)
    var lines = [ScreenLine(title, style: ScreenStyle(bold: true))]
    for index in offset..<min(offset + visible, rows.count) {
      let isSelected = isSelectable && index == selected
      lines.append(
        ScreenLine(
          (isSelected ? "› " : "  ") + rows[index],
          style: isSelected ? ScreenStyle(reverse: true) : .plain,
          fill: isSelected ? ScreenStyle(reverse: true) : nil))
    }
    lines += Array(repeating: ScreenLine(), count: max(height - 1 - lines.count, 0))
    let shown =
      rows.isEmpty ? "" : " (\(offset + 1)–\(min(offset + visible, rows.count)) of \(rows.count))"
    let keys = isSelectable ? "↑↓ choose · Enter go to the day · q back" : "↑↓ scroll · q back"
    lines.append(BrowseStatus.bar(keys + shown))
    return lines
  }
}

/// The status bar at the foot of the screen.
enum BrowseStatus {
  /// A bar across the screen in reverse video, holding `text`.
  static func bar(_ text: String, isError: Bool = false) -> ScreenLine {
    let style = ScreenStyle(bold: isError, reverse: true, foreground: isError ? .red : nil)
    return ScreenLine(" " + text, style: style, fill: ScreenStyle(reverse: true))
  }

  /// `text` whole, as bars `width` columns wide: wrapped at spaces, at its line breaks, and
  /// inside a word wider than a bar (a long path), so that no part of a message is cut off
  /// at the screen's edge.
  static func bars(_ text: String, isError: Bool = false, width: Int) -> [ScreenLine] {
    // The bar's leading space takes a column; escaping first makes the widths those drawn.
    let room = max(width - 1, 1)
    var rows: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var row = ""
      var rowWidth = 0
      for word in TerminalText.singleLine(String(paragraph)).split(separator: " ") {
        let wordWidth = DisplayWidth.of(word)
        if rowWidth > 0 && rowWidth + 1 + wordWidth <= room {
          row += " " + word
          rowWidth += 1 + wordWidth
          continue
        }
        if rowWidth > 0 && wordWidth > room && rowWidth + 1 < room {
          // A word wider than a whole row starts where the row stands, not on a row of its own.
          row += " "
          rowWidth += 1
        } else if rowWidth > 0 {
          rows.append(row)
          (row, rowWidth) = ("", 0)
        }
        for character in word {
          let characterWidth = DisplayWidth.of(String(character))
          if rowWidth > 0 && rowWidth + characterWidth > room {
            rows.append(row)
            (row, rowWidth) = ("", 0)
          }
          row.append(character)
          rowWidth += characterWidth
        }
      }
      rows.append(row)
    }
    return rows.map { bar($0, isError: isError) }
  }
}
