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

  /// The menu's lines, top to bottom, without newlines.
  func lines(_ layout: MenuLayout) -> [String] {
    var bytes: [UInt8] = []
    append(layout, to: &bytes)
    return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
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
      appendPainted(Self.ellipsis, Self.dim, to: &line)
      column = 1
    }
    for placement in layout.visibleItems {
      line.appendSpaces(placement.column - column)
      appendCell(
        for: days[placement.index], width: placement.width,
        selected: placement.index == layout.selectedIndex, to: &line)
      column = placement.column + placement.width
    }
    if layout.hasHiddenItemsAfter && column < layout.lineWidth {
      line.appendSpaces(layout.lineWidth - 1 - column)
      appendPainted(Self.ellipsis, Self.dim, to: &line)
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

  /// The SGR sequences the menu paints with, as bytes.
  private static let dim = Array(SGR.dim.utf8)
  private static let blue = Array(SGR.blue.utf8)
  private static let yellow = Array(SGR.yellow.utf8)
  private static let reset = Array(SGR.reset.utf8)
  private static let bold = Array(SGR.bold.utf8)
  private static let underline = Array(SGR.underline.utf8)
  private static let boldUnderline = Array((SGR.bold + SGR.underline).utf8)

  /// Appends `text` wrapped in `code` and a reset when colour is on (`Style.paint` for
  /// bytes).
  private func appendPainted(_ text: [UInt8], _ code: [UInt8], to line: inout [UInt8]) {
    guard style.color, !text.isEmpty else {
      line.append(contentsOf: text)
      return
    }
    line.append(contentsOf: code)
    line.append(contentsOf: text)
    line.append(contentsOf: Self.reset)
  }

  /// Appends a day's cell of `width` columns: its label left-aligned and, for a day with
  /// notes, `•` in the last column.
  private func appendCell(for day: Day, width: Int, selected: Bool, to line: inout [UInt8]) {
    guard width > 0 else { return }
    let hasNotes = model.noteCount(day) > 0
    let isToday = day == today
    // The label `Wed 1` (`*` after today's), cut to the columns the cell leaves it.
    let weekday = Self.weekdayNames[day.weekday.rawValue - 1]
    let dayOfMonth = day.dayOfMonth
    let fullWidth = weekday.count + (dayOfMonth >= 10 ? 3 : 2) + (isToday ? 1 : 0)
    let labelWidth = min(fullWidth, hasNotes && width >= 2 ? width - 1 : width)
    let code =
      isToday
      ? (selected ? Self.boldUnderline : Self.underline)
      : selected ? Self.bold : []
    let painted = style.color && !code.isEmpty && labelWidth > 0
    if painted { line.append(contentsOf: code) }
    if labelWidth == fullWidth {
      line.append(contentsOf: weekday)
      line.append(0x20)
      if dayOfMonth >= 10 { line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth / 10)) }
      line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth % 10))
      if isToday { line.append(UInt8(ascii: "*")) }
    } else {
      let labelStart = line.count
      line.append(contentsOf: weekday)
      line.append(0x20)
      if dayOfMonth >= 10 { line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth / 10)) }
      line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth % 10))
      if isToday { line.append(UInt8(ascii: "*")) }
      line.removeSubrange((labelStart + labelWidth)...)
    }
    if painted { line.append(contentsOf: Self.reset) }
    line.appendSpaces(width - labelWidth - (hasNotes && width >= 2 ? 1 : 0))
    if hasNotes && width >= 2 { appendPainted(Self.bullet, Self.yellow, to: &line) }
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
    // The columns `range` of the line: `─` where the border runs, spaces elsewhere (none
    // after the last `─` when `trimming`), in dim when `dim` and colour is on.
    func appendColumns(_ range: Range<Int>, trimming: Bool, dim: Bool) {
      let barStart = min(max(range.lowerBound, borderStart), range.upperBound)
      let barEnd = max(min(range.upperBound, borderEnd), barStart)
      let end =
        trimming && barStart == barEnd ? range.lowerBound : trimming ? barEnd : range.upperBound
      guard end > range.lowerBound else { return }
      let painted = dim && style.color
      if painted { line.append(contentsOf: Self.dim) }
      line.appendSpaces(min(barStart, end) - range.lowerBound)
      for _ in barStart..<min(barEnd, end) { line.append(contentsOf: Self.lightBar) }
      line.appendSpaces(end - max(barEnd, range.lowerBound))
      if painted { line.append(contentsOf: Self.reset) }
    }
    if let indicator = layout.indicator {
      let start = min(indicator.column, width)
      let end = min(indicator.column + indicator.width, width)
      let hasBorder = layout.border != nil
      appendColumns(0..<start, trimming: false, dim: hasBorder)
      if start < end {
        if style.color { line.append(contentsOf: Self.blue) }
        for _ in start..<end { line.append(contentsOf: Self.heavyBar) }
        if style.color { line.append(contentsOf: Self.reset) }
      }
      appendColumns(end..<width, trimming: true, dim: hasBorder)
    } else {
      appendColumns(0..<width, trimming: true, dim: true)
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
