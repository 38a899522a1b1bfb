import CalendarPaging

/// The menu of days as terminal lines: each visible day's label (`Wed 1`, `*` after today's
/// day, `•` at the end of a day with notes), the indicator `━` under the selected day and the
/// border `─`, laid out by `MenuLayout`; `…` marks days beyond either end of the line.
///
/// Colour only decorates: the characters are the same with and without it.
struct MenuRenderer {
  /// What the menu shows.
  let model: MenuModel
  /// The output style.
  let style: Style

  private var days: [Day] { model.days }
  private var today: Day { model.today }
  /// The menu options.
  var options: MenuOptions { model.options }

  /// The layout of the window's days on a line of the style's width.
  func layout() -> MenuLayout {
    let widths = days.map { $0.menuLabelWidth + ($0 == today ? 1 : 0) + 2 }
    return MenuLayout(
      itemWidths: widths, selectedIndex: model.selectedIndex, lineWidth: style.width,
      options: options, hasItemsBefore: model.hasDaysBefore, hasItemsAfter: model.hasDaysAfter)
  }

  /// The days shown on the line, left to right.
  func visibleDays(in layout: MenuLayout) -> [Day] {
    layout.visibleItems.map { days[$0.index] }
  }

  /// The menu's lines, top to bottom.
  func lines(_ layout: MenuLayout) -> [String] {
    layout.rows.map { row in
      switch row {
      case .items: return itemsLine(layout)
      case .decoration: return decorationLine(layout)
      }
    }
  }

  /// `Wed 1`, with `*` for today.
  func label(for day: Day) -> String {
    day == today ? day.menuLabel + "*" : day.menuLabel
  }

  private func itemsLine(_ layout: MenuLayout) -> String {
    // Built as bytes: a String per cell and per run of spaces cost more than the rest of a page
    // with few notes.
    var line: [UInt8] = []
    line.reserveCapacity(layout.lineWidth * 2)
    var column = 0
    let first = layout.visibleItems.first?.column ?? layout.lineWidth
    if layout.hasHiddenItemsBefore && first > 0 {
      line.append(contentsOf: style.paint("…", SGR.dim).utf8)
      column = 1
    }
    for placement in layout.visibleItems {
      line.append(contentsOf: repeatElement(0x20, count: max(0, placement.column - column)))
      appendCell(
        for: days[placement.index], width: placement.width,
        selected: placement.index == layout.selectedIndex, to: &line)
      column = placement.column + placement.width
    }
    if layout.hasHiddenItemsAfter && column < layout.lineWidth {
      line.append(contentsOf: repeatElement(0x20, count: max(0, layout.lineWidth - 1 - column)))
      line.append(contentsOf: style.paint("…", SGR.dim).utf8)
    }
    while line.last == 0x20 { line.removeLast() }
    return String(decoding: line, as: UTF8.self)
  }

  /// Appends a day's cell of `width` columns: its label left-aligned and, for a day with
  /// notes, `•` in the last column.
  private func appendCell(for day: Day, width: Int, selected: Bool, to line: inout [UInt8]) {
    guard width > 0 else { return }
    let hasNotes = model.noteCount(day) > 0
    let text = label(for: day)
    let labelWidth = min(text.utf8.count, hasNotes && width >= 2 ? width - 1 : width)
    let shown = labelWidth >= text.utf8.count ? text : String(text.prefix(labelWidth))
    let cell: String
    if day == today {
      cell =
        selected ? style.paint(shown, SGR.bold, SGR.underline) : style.paint(shown, SGR.underline)
    } else {
      cell = selected ? style.paint(shown, SGR.bold) : shown
    }
    line.append(contentsOf: cell.utf8)
    let padding = width - labelWidth - (hasNotes && width >= 2 ? 1 : 0)
    line.append(contentsOf: repeatElement(0x20, count: max(0, padding)))
    if hasNotes && width >= 2 { line.append(contentsOf: style.paint("•", SGR.yellow).utf8) }
  }

  private func decorationLine(_ layout: MenuLayout) -> String {
    let width = layout.lineWidth
    var borderStart = 0
    var borderEnd = 0
    if let border = layout.border {
      borderStart = border.column
      borderEnd = min(border.column + border.width, width)
    }
    // The columns `range` of the line: `─` where the border runs, spaces elsewhere (built as
    // bytes: a `[Character]` per line cost more than the rest of a page).
    func columns(_ range: Range<Int>, trimmingTrailingSpaces: Bool = false) -> String {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(range.count * 3)
      for column in range {
        if column >= borderStart && column < borderEnd {
          bytes.append(0xE2)
          bytes.append(0x94)
          bytes.append(0x80)
        } else {
          bytes.append(0x20)
        }
      }
      if trimmingTrailingSpaces {
        while bytes.last == 0x20 { bytes.removeLast() }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    guard let indicator = layout.indicator else {
      return trimmed(style.paint(columns(0..<width, trimmingTrailingSpaces: true), SGR.dim))
    }
    let start = min(indicator.column, width)
    let end = min(indicator.column + indicator.width, width)
    let before = columns(0..<start)
    let bar = String(repeating: "━", count: end - start)
    let after = columns(end..<width, trimmingTrailingSpaces: true)
    let border = layout.border != nil
    return trimmed(
      (border ? style.paint(before, SGR.dim) : before) + style.paint(bar, SGR.blue)
        + (border ? style.paint(after, SGR.dim) : after))
  }

  private func trimmed(_ line: String) -> String {
    line.trimmingTrailingSpaces
  }
}

extension String {
  /// The string without trailing spaces.
  var trimmingTrailingSpaces: String {
    // A string whose last byte is not a space does not end in a space character: most lines
    // are returned without walking characters backwards.
    guard utf8.last == 0x20 else { return self }
    var end = endIndex
    while end > startIndex && self[index(before: end)] == " " { end = index(before: end) }
    return String(self[..<end])
  }
}

/// The menu of days around the selection, as the paging model left it: what a page's menu
/// line shows, whatever its style.
struct MenuModel {
  /// The days of the window, in order.
  let days: [Day]
  /// The index of the selected day in `days`.
  let selectedIndex: Int
  /// Whether there are days before the first of `days` (false only at 0001-01-01).
  let hasDaysBefore: Bool
  /// Whether there are days after the last of `days`.
  let hasDaysAfter: Bool
  /// Today, marked with `*`.
  let today: Day
  /// The note count of a day of the window.
  let noteCount: (Day) -> Int
  /// The menu options.
  let options: MenuOptions
}
