import CalendarPaging
import DisplayText
import Interchange
import NoteModel

/// What `browse` pages by: `←` and `→` move one of it, and it chooses the page drawn.
///
/// The day is the only unit today. Paging by week and month (the `page-by` setting) plugs in
/// here: a case, its `step`, and a `BrowsePageView` for its page (a week's seven days, a month
/// grid), loaded through the same `Session` and `Pager`; the keys, prompts, note selection,
/// change checks and the terminal handling of `Browser` stay as they are.
enum BrowseUnit: Hashable, Sendable {
  /// A day at a time: the menu of days and the selected day's notes.
  case day

  /// The day `count` units after `day` (before it when negative); nil past the calendar's
  /// edges.
  func step(from day: Day, by count: Int) -> Day? {
    switch self {
    case .day: return day.adding(days: count)
    }
  }

  /// The page of the selected day, after moving the selection to `target(selected)` when a
  /// target is given, as this unit shows it.
  ///
  /// - Throws: What `target` throws (a move past an edge); the store's errors.
  func page(in session: Session, width: Int, moving target: ((Day) throws -> Day)? = nil)
    throws -> any BrowsePageView
  {
    switch self {
    case .day:
      return DayPageView(page: try session.page(width: width, withDetails: false, moving: target))
    }
  }
}

/// A page as the full-screen view draws it: rows of styled text, the notes Tab moves
/// through.
protocol BrowsePageView {
  /// The selected day.
  var day: Day { get }
  /// The notes that can be selected (Tab), edited (`e`) and deleted (`d`), in the order
  /// shown.
  var notes: [Note] { get }

  /// The page's rows on a screen area `width` columns by `height` rows, the note at
  /// `selectedNote` (an index into `notes`) marked and scrolled into view, then the notes
  /// scrolled `scroll` rows further (up when negative; kept within `scrolling`'s range).
  func rows(width: Int, height: Int, selectedNote: Int?, scroll: Int) -> [ScreenLine]

  /// How far the notes can scroll from where `rows` puts them with `scroll` 0, on the same
  /// area: a note or a day longer than the screen is read by scrolling (`J`, `K`, Space, `b`).
  func scrolling(width: Int, height: Int, selectedNote: Int?) -> NoteScrolling
}

/// How far a page's notes scroll, in rows, from where the selection puts them.
struct NoteScrolling: Hashable, Sendable {
  /// The scrolls `rows` accepts: from the top of the notes to their last row in view.
  let range: ClosedRange<Int>
  /// The rows Space and `b` move by: the notes' area less the two rows the `…` marks take,
  /// so that no row is skipped.
  let page: Int
}

/// The day page: the menu of days (as `show` draws it, the selected day in bold, the
/// indicator in colour), the day's heading, and its notes with the selected one marked `›`.
struct DayPageView: BrowsePageView {
  /// The page, as the pager made it.
  let page: DayPageResult
  let notes: [Note]

  init(page: DayPageResult) {
    self.page = page
    notes = page.content.notes.notes
  }

  var day: Day { page.day }

  func rows(width: Int, height: Int, selectedNote: Int?, scroll: Int) -> [ScreenLine] {
    let menu = menuRows(width: width)
    var heading = day.longName
    if day == page.menu.today { heading += " · today" }
    let eventCount = page.events?.events.count ?? 0
    if eventCount > 0 { heading += " · " + countText(eventCount, "event") }
    heading += " · " + (notes.isEmpty ? "no notes" : countText(notes.count, "note"))
    let head = [ScreenLine(heading, style: ScreenStyle(bold: true))]
    let room = max(height - menu.count - head.count, 0)
    let body = noteRows(width: width, room: room, selectedNote: selectedNote, scroll: scroll)
    if page.menu.options.position == .bottom {
      let filler = Array(repeating: ScreenLine(), count: max(room - body.count, 0))
      return head + body + filler + menu
    }
    return menu + head + body
  }

  /// The menu's rows: the selected day's cell bold, the indicator blue.
  private func menuRows(width: Int) -> [ScreenLine] {
    let renderer = MenuRenderer(
      model: page.menu, style: Style(json: false, color: false, width: width))
    let layout = renderer.layout()
    let selected = layout.visibleItems.first { $0.index == layout.selectedIndex }
    return zip(layout.rows, renderer.lines(layout)).map { row, text in
      guard let selected else { return ScreenLine(text) }
      switch row {
      case .items:
        return Self.line(
          text, highlighting: selected.column..<(selected.column + selected.width),
          style: ScreenStyle(bold: true))
      case .decoration:
        guard let indicator = layout.indicator else { return ScreenLine(text, style: .dim) }
        return Self.line(
          text, highlighting: indicator.column..<(indicator.column + indicator.width),
          style: ScreenStyle(foreground: .blue), rest: .dim)
      }
    }
  }

  /// `text` with the columns `range` in `style` and the rest in `rest`.
  static func line(
    _ text: String, highlighting range: Range<Int>, style: ScreenStyle, rest: ScreenStyle = .plain
  ) -> ScreenLine {
    var parts = ["", "", ""]
    var column = 0
    for character in text {
      let part = column < range.lowerBound ? 0 : column < range.upperBound ? 1 : 2
      parts[part].append(character)
      column += DisplayWidth.of(String(character))
    }
    var line = ScreenLine()
    for (part, text) in parts.enumerated() where !text.isEmpty {
      line.append(text, style: part == 1 ? style : rest)
    }
    return line
  }

  func scrolling(width: Int, height: Int, selectedNote: Int?) -> NoteScrolling {
    let room = max(height - menuRows(width: width).count - 1, 0)
    let layout = noteLayout(width: width, room: room, selectedNote: selectedNote)
    let last = max(layout.rows.count - room, 0)
    return NoteScrolling(range: -layout.first...(last - layout.first), page: max(room - 2, 1))
  }

  /// The events' rows, then the notes' as `show` lays them out, each with the index of its
  /// note (-1 for an event), and the first row shown when the notes do not scroll: the
  /// selected note whole when it fits, with a row for the marks above and below, else from
  /// its top.
  private func noteLayout(width: Int, room: Int, selectedNote: Int?) -> (
    rows: [(note: Int, text: Substring)], first: Int
  ) {
    let style = Style(json: false, color: false, width: width)
    var layout = NoteLines(style: style, notes: notes)
    var rows: [(note: Int, text: Substring)] = []
    if let events = page.events {
      // Events cannot be selected: they are no note's (index -1).
      let lines = EventLines(style: style, source: events.source)
      for line in lines.lines(events.events, on: day) { rows.append((-1, Substring(line))) }
    }
    for (index, note) in notes.enumerated() {
      let output = Output(capturing: 256)
      layout.append(note, to: output)
      let text = String(decoding: output.buffer, as: UTF8.self)
      for line in text.split(separator: "\n") { rows.append((index, line)) }
    }
    var first = 0
    if rows.count > room, let selectedNote,
      let start = rows.firstIndex(where: { $0.note == selectedNote })
    {
      let end = (rows.lastIndex { $0.note == selectedNote } ?? start) + 1
      first = min(max(0, end - room + 1), start > 0 ? start - 1 : 0)
    }
    return (rows, first)
  }

  /// The events' rows, then the notes' (`  #12  text`, wrapped as `show` wraps them),
  /// scrolled so that the selected note is in view, then by `scroll`; `…` rows say what is above or below.
  private func noteRows(width: Int, room: Int, selectedNote: Int?, scroll: Int) -> [ScreenLine] {
    let (rows, auto) = noteLayout(width: width, room: room, selectedNote: selectedNote)
    guard room > 0 else { return [] }
    let first = min(max(auto + scroll, 0), max(rows.count - room, 0))
    var shown = rows[first...].prefix(room).map { row -> ScreenLine in
      guard row.note == selectedNote else { return ScreenLine(String(row.text)) }
      let marked = row.text.hasPrefix("  #") ? " ›" + row.text.dropFirst(2) : row.text
      return ScreenLine(String(marked), style: ScreenStyle(reverse: true))
    }
    // The mark takes the place of the row `first`: that row is hidden too.
    if first > 0 { shown[0] = ScreenLine("  … \(first + 1) more above", style: .dim) }
    let below = rows.count - first - shown.count
    if below > 0 {
      shown[shown.count - 1] = ScreenLine("  … \(below + 1) more below", style: .dim)
    }
    return shown
  }
}

extension ScreenStyle {
  /// Dim text.
  static let dim = ScreenStyle(dim: true)
}
