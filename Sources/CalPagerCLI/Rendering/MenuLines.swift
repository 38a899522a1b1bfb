import CalendarPaging

/// The lines of a menu of any items, laid out by `MenuLayout`.
///
/// The items' line, with `…` where items lie beyond either end, and the indicator (`━` under
/// the selected item) and border (`─`) line. What an item's cell holds is the caller's: a
/// day's label, a week's, a month's.
///
/// Colour only decorates: the characters are the same with and without it.
struct MenuLines {
  /// The output style.
  let style: Style

  /// Appends the menu's lines, top to bottom, each with its newline; `cell` appends the cell
  /// of the item at an index, `width` columns wide, selected or not.
  func append(
    _ layout: MenuLayout, to bytes: inout [UInt8],
    cell: (_ index: Int, _ width: Int, _ selected: Bool, _ line: inout [UInt8]) -> Void
  ) {
    for row in layout.rows {
      switch row {
      case .items: appendItemsLine(layout, to: &bytes, cell: cell)
      case .decoration: appendDecorationLine(layout, to: &bytes)
      }
      bytes.append(0x0A)
    }
  }

  /// Appends the items' line.
  ///
  /// It is built as bytes: a String per cell and per run of spaces cost more than the rest of
  /// a page with few notes.
  private func appendItemsLine(
    _ layout: MenuLayout, to line: inout [UInt8],
    cell: (Int, Int, Bool, inout [UInt8]) -> Void
  ) {
    let lineStart = line.count
    var column = 0
    let first = layout.visibleItems.first?.column ?? layout.lineWidth
    if layout.hasHiddenItemsBefore && first > 0 {
      appendPainted(MenuLines.ellipsis, MenuLines.dim, to: &line)
      column = 1
    }
    for placement in layout.visibleItems {
      line.appendSpaces(placement.column - column)
      cell(placement.index, placement.width, placement.index == layout.selectedIndex, &line)
      column = placement.column + placement.width
    }
    if layout.hasHiddenItemsAfter && column < layout.lineWidth {
      line.appendSpaces(layout.lineWidth - 1 - column)
      appendPainted(MenuLines.ellipsis, MenuLines.dim, to: &line)
    }
    while line.count > lineStart && line.last == 0x20 { line.removeLast() }
  }

  /// `…`, `•`, `━` and `─` in UTF-8.
  static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
  static let bullet: [UInt8] = [0xE2, 0x80, 0xA2]
  private static let heavyBar: [UInt8] = [0xE2, 0x94, 0x81]
  private static let lightBar: [UInt8] = [0xE2, 0x94, 0x80]

  /// The SGR sequences the menu paints with, as bytes: no array or String per cell.
  static let dim = Array(SGR.dim.utf8)
  static let blue = Array(SGR.blue.utf8)
  static let yellow = Array(SGR.yellow.utf8)
  static let reset = Array(SGR.reset.utf8)
  private static let bold = Array(SGR.bold.utf8)
  private static let underline = Array(SGR.underline.utf8)
  private static let boldUnderline = Array((SGR.bold + SGR.underline).utf8)

  /// Appends `text` wrapped in `code` and a reset when colour is on (`Style.paint` for
  /// bytes).
  func appendPainted(_ text: [UInt8], _ code: [UInt8], to line: inout [UInt8]) {
    guard style.color, !text.isEmpty else {
      line.append(contentsOf: text)
      return
    }
    line.append(contentsOf: code)
    line.append(contentsOf: text)
    line.append(contentsOf: MenuLines.reset)
  }

  /// Appends an item's cell of `width` columns: its label and, for an item with notes, `•`.
  ///
  /// Today's label is underlined and the selected one bold, when colour is on. The alignment places the label in the cell: `left`, the label first and `•` in the last
  /// column; `right`, its mirror, `•` in the first column and the label last; `center`, the
  /// label in the middle and `•` in the last column.
  ///
  /// - Parameters:
  ///   - width: The cell's columns.
  ///   - labelWidth: The label's full display width.
  ///   - isToday: Whether the item holds today.
  ///   - hasNotes: Whether the item has notes.
  ///   - selected: Whether the item is selected.
  ///   - alignment: Where the label goes in a cell wider than it.
  ///   - line: The line.
  ///   - appendLabel: Appends the label cut to the columns given (at most its full width).
  func appendCell(
    width: Int, labelWidth: Int, isToday: Bool, hasNotes: Bool, selected: Bool,
    alignment: MenuAlignment, to line: inout [UInt8],
    appendLabel: (_ columns: Int, _ line: inout [UInt8]) -> Void
  ) {
    guard width > 0 else { return }
    let markColumns = hasNotes && width >= 2 ? 1 : 0
    let labelWidth = min(labelWidth, width - markColumns)
    let spare = width - labelWidth - markColumns
    let leading: Int
    switch alignment {
    case .left: leading = 0
    case .center: leading = min((width - labelWidth) / 2, spare)
    case .right:
      if markColumns > 0 { appendPainted(MenuLines.bullet, MenuLines.yellow, to: &line) }
      leading = spare
    }
    line.appendSpaces(leading)
    let code =
      isToday
      ? (selected ? MenuLines.boldUnderline : MenuLines.underline)
      : selected ? MenuLines.bold : []
    let painted = style.color && !code.isEmpty && labelWidth > 0
    if painted { line.append(contentsOf: code) }
    appendLabel(labelWidth, &line)
    if painted { line.append(contentsOf: MenuLines.reset) }
    guard alignment != .right else { return }
    line.appendSpaces(spare - leading)
    if markColumns > 0 { appendPainted(MenuLines.bullet, MenuLines.yellow, to: &line) }
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
    // after the last `─` when `trimming`), in dim when `dim` and colour is on; written
    // straight into the line.
    func appendColumns(_ range: Range<Int>, trimming: Bool, dim: Bool) {
      let barStart = min(max(range.lowerBound, borderStart), range.upperBound)
      let barEnd = max(min(range.upperBound, borderEnd), barStart)
      let end =
        trimming && barStart == barEnd ? range.lowerBound : trimming ? barEnd : range.upperBound
      guard end > range.lowerBound else { return }
      let painted = dim && style.color
      if painted { line.append(contentsOf: MenuLines.dim) }
      line.appendSpaces(min(barStart, end) - range.lowerBound)
      for _ in barStart..<min(barEnd, end) { line.append(contentsOf: MenuLines.lightBar) }
      line.appendSpaces(end - max(barEnd, range.lowerBound))
      if painted { line.append(contentsOf: MenuLines.reset) }
    }
    if let indicator = layout.indicator {
      let start = min(indicator.column, width)
      let end = min(indicator.column + indicator.width, width)
      let hasBorder = layout.border != nil
      appendColumns(0..<start, trimming: false, dim: hasBorder)
      if start < end {
        if style.color { line.append(contentsOf: MenuLines.blue) }
        for _ in start..<end { line.append(contentsOf: MenuLines.heavyBar) }
        if style.color { line.append(contentsOf: MenuLines.reset) }
      }
      appendColumns(end..<width, trimming: true, dim: hasBorder)
    } else {
      appendColumns(0..<width, trimming: true, dim: true)
    }
    while line.count > lineStart && line.last == 0x20 { line.removeLast() }
  }
}
