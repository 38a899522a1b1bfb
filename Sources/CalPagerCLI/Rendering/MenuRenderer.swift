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
    MenuLayout(
      itemWidths: model.itemWidths, selectedIndex: model.selectedIndex, lineWidth: style.width,
      options: options, hasItemsBefore: model.hasDaysBefore, hasItemsAfter: model.hasDaysAfter)
  }

  /// The days shown on the line, left to right.
  func visibleDays(in layout: MenuLayout) -> [Day] {
    layout.visibleItems.map { days[$0.index] }
  }

  /// Appends the menu's lines, top to bottom, each with its newline.
  func append(_ layout: MenuLayout, to bytes: inout [UInt8]) {
    for row in layout.rows {
      switch row {
      case .items: appendItemsLine(layout, to: &bytes)
      case .decoration: appendDecorationLine(layout, to: &bytes)
      }
      bytes.append(0x0A)
    }
  }

  /// Appends the days' line.
  ///
  /// It is built as bytes: a String per cell and per run of spaces cost more than the rest of
  /// a page with few notes.
  private func appendItemsLine(_ layout: MenuLayout, to line: inout [UInt8]) {
    let lineStart = line.count
    var column = 0
    let first = layout.visibleItems.first?.column ?? layout.lineWidth
    if layout.hasHiddenItemsBefore && first > 0 {
      appendPainted(Self.ellipsis, SGR.dim, to: &line)
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
      appendPainted(Self.ellipsis, SGR.dim, to: &line)
    }
    while line.count > lineStart && line.last == 0x20 { line.removeLast() }
  }

  /// `Mon` … `Sun` in UTF-8, Monday first.
  private static let weekdayNames: [[UInt8]] = Weekday.allCases.map { Array($0.shortName.utf8) }

  /// `…`, `•`, `━` and `─` in UTF-8.
  private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
  private static let bullet: [UInt8] = [0xE2, 0x80, 0xA2]
  private static let heavyBar: [UInt8] = [0xE2, 0x94, 0x81]
  private static let lightBar: [UInt8] = [0xE2, 0x94, 0x80]

  /// Appends `text` wrapped in `codes` and a reset when colour is on (`Style.paint` for
  /// bytes).
  private func appendPainted(_ text: [UInt8], _ codes: String..., to line: inout [UInt8]) {
    guard style.color, !text.isEmpty else {
      line.append(contentsOf: text)
      return
    }
    for code in codes { line.append(contentsOf: code.utf8) }
    line.append(contentsOf: text)
    line.append(contentsOf: SGR.reset.utf8)
  }

  /// Appends a day's cell of `width` columns: its label left-aligned and, for a day with
  /// notes, `•` in the last column.
  private func appendCell(for day: Day, width: Int, selected: Bool, to line: inout [UInt8]) {
    guard width > 0 else { return }
    let hasNotes = model.noteCount(day) > 0
    let isToday = day == today
    // The label `Wed 1` (`*` after today's), cut to the columns the cell leaves it.
    let weekday = day.weekday.shortName.utf8
    let dayOfMonth = day.dayOfMonth
    let fullWidth = weekday.count + (dayOfMonth >= 10 ? 3 : 2) + (isToday ? 1 : 0)
    let labelWidth = min(fullWidth, hasNotes && width >= 2 ? width - 1 : width)
    let codes: [String] =
      isToday
      ? (selected ? [SGR.bold, SGR.underline] : [SGR.underline])
      : selected ? [SGR.bold] : []
    let painted = style.color && !codes.isEmpty && labelWidth > 0
    if painted { for code in codes { line.append(contentsOf: code.utf8) } }
    let labelStart = line.count
    line.append(contentsOf: weekday)
    line.append(0x20)
    if dayOfMonth >= 10 { line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth / 10)) }
    line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth % 10))
    if isToday { line.append(UInt8(ascii: "*")) }
    line.removeSubrange((labelStart + labelWidth)...)
    if painted { line.append(contentsOf: SGR.reset.utf8) }
    let padding = width - labelWidth - (hasNotes && width >= 2 ? 1 : 0)
    line.append(contentsOf: repeatElement(0x20, count: max(0, padding)))
    if hasNotes && width >= 2 { appendPainted(Self.bullet, SGR.yellow, to: &line) }
  }

  /// Appends the indicator and border line.
  private func appendDecorationLine(_ layout: MenuLayout, to line: inout [UInt8]) {
    let lineStart = line.count
    let width = layout.lineWidth
    var borderStart = 0
    var borderEnd = 0
    if let border = layout.border {
      borderStart = border.column
      borderEnd = min(border.column + border.width, width)
    }
    // The columns `range` of the line: `─` where the border runs, spaces elsewhere.
    func columns(_ range: Range<Int>, trimmingTrailingSpaces: Bool = false) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(range.count * 3)
      for column in range {
        if column >= borderStart && column < borderEnd {
          bytes.append(contentsOf: Self.lightBar)
        } else {
          bytes.append(0x20)
        }
      }
      if trimmingTrailingSpaces {
        while bytes.last == 0x20 { bytes.removeLast() }
      }
      return bytes
    }
    let border = layout.border != nil
    if let indicator = layout.indicator {
      let start = min(indicator.column, width)
      let end = min(indicator.column + indicator.width, width)
      let before = columns(0..<start)
      if border {
        appendPainted(before, SGR.dim, to: &line)
      } else {
        line.append(contentsOf: before)
      }
      var bar: [UInt8] = []
      bar.reserveCapacity((end - start) * 3)
      for _ in start..<max(start, end) { bar.append(contentsOf: Self.heavyBar) }
      appendPainted(bar, SGR.blue, to: &line)
      let after = columns(end..<width, trimmingTrailingSpaces: true)
      if border { appendPainted(after, SGR.dim, to: &line) } else { line.append(contentsOf: after) }
    } else {
      appendPainted(columns(0..<width, trimmingTrailingSpaces: true), SGR.dim, to: &line)
    }
    while line.count > lineStart && line.last == 0x20 { line.removeLast() }
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
  /// The columns of each day's item: its label (`Wed 1`, `*` after today's) and 2.
  let itemWidths: [Int]
  /// The menu options.
  let options: MenuOptions
}
