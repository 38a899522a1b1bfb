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
      appendPainted(MenuLines.ellipsis, SGR.dim, to: &line)
      column = 1
    }
    for placement in layout.visibleItems {
      line.append(contentsOf: repeatElement(0x20, count: max(0, placement.column - column)))
      cell(placement.index, placement.width, placement.index == layout.selectedIndex, &line)
      column = placement.column + placement.width
    }
    if layout.hasHiddenItemsAfter && column < layout.lineWidth {
      line.append(contentsOf: repeatElement(0x20, count: max(0, layout.lineWidth - 1 - column)))
      appendPainted(MenuLines.ellipsis, SGR.dim, to: &line)
    }
    while line.count > lineStart && line.last == 0x20 { line.removeLast() }
  }

  /// `…`, `•`, `━` and `─` in UTF-8.
  static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
  static let bullet: [UInt8] = [0xE2, 0x80, 0xA2]
  private static let heavyBar: [UInt8] = [0xE2, 0x94, 0x81]
  private static let lightBar: [UInt8] = [0xE2, 0x94, 0x80]

  /// Appends `text` wrapped in `codes` and a reset when colour is on (`Style.paint` for
  /// bytes).
  func appendPainted(_ text: [UInt8], _ codes: String..., to line: inout [UInt8]) {
    guard style.color, !text.isEmpty else {
      line.append(contentsOf: text)
      return
    }
    for code in codes { line.append(contentsOf: code.utf8) }
    line.append(contentsOf: text)
    line.append(contentsOf: SGR.reset.utf8)
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
      if markColumns > 0 { appendPainted(MenuLines.bullet, SGR.yellow, to: &line) }
      leading = spare
    }
    line.append(contentsOf: repeatElement(0x20, count: leading))
    let codes: [String] =
      isToday
      ? (selected ? [SGR.bold, SGR.underline] : [SGR.underline])
      : selected ? [SGR.bold] : []
    let painted = style.color && !codes.isEmpty && labelWidth > 0
    if painted { for code in codes { line.append(contentsOf: code.utf8) } }
    appendLabel(labelWidth, &line)
    if painted { line.append(contentsOf: SGR.reset.utf8) }
    guard alignment != .right else { return }
    line.append(contentsOf: repeatElement(0x20, count: spare - leading))
    if markColumns > 0 { appendPainted(MenuLines.bullet, SGR.yellow, to: &line) }
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
          bytes.append(contentsOf: MenuLines.lightBar)
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
      for _ in start..<max(start, end) { bar.append(contentsOf: MenuLines.heavyBar) }
      appendPainted(bar, SGR.blue, to: &line)
      let after = columns(end..<width, trimmingTrailingSpaces: true)
      if border { appendPainted(after, SGR.dim, to: &line) } else { line.append(contentsOf: after) }
    } else {
      appendPainted(columns(0..<width, trimmingTrailingSpaces: true), SGR.dim, to: &line)
    }
    while line.count > lineStart && line.last == 0x20 { line.removeLast() }
  }
}
