import CalendarPaging

/// The menu of days as terminal lines (`MenuLines`): each visible day's label (`Wed 1`, `*`
/// after today's day, `•` at the end of a day with notes), the indicator `━` under the
/// selected day and the border `─`, laid out by `MenuLayout`; `…` marks days beyond either end
/// of the line.
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
    MenuLines(style: style).append(layout, to: &bytes) { index, width, selected, line in
      appendCell(for: days[index], width: width, selected: selected, to: &line)
    }
  }

  /// Appends a day's cell of `width` columns: its label (`Wed 1`, `*` after today's) and, for
  /// a day with notes, `•` in the last column.
  private func appendCell(for day: Day, width: Int, selected: Bool, to line: inout [UInt8]) {
    let isToday = day == today
    let name = MenuRenderer.weekdayBytes[day.weekday.rawValue - 1]
    let dayOfMonth = day.dayOfMonth
    let fullWidth = 3 + (dayOfMonth >= 10 ? 3 : 2) + (isToday ? 1 : 0)
    MenuLines(style: style).appendCell(
      width: width, labelWidth: fullWidth, isToday: isToday, hasNotes: model.noteCount(day) > 0,
      selected: selected, alignment: options.alignment, to: &line
    ) { columns, line in
      // The label is ASCII: one byte a column.
      let labelStart = line.count
      line.append(name.0)
      line.append(name.1)
      line.append(name.2)
      line.append(0x20)
      if dayOfMonth >= 10 { line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth / 10)) }
      line.append(UInt8(truncatingIfNeeded: 0x30 + dayOfMonth % 10))
      if isToday { line.append(UInt8(ascii: "*")) }
      if columns < fullWidth { line.removeSubrange((labelStart + columns)...) }
    }
  }

  /// The weekdays' short names (`Weekday.shortName`, three ASCII letters each) as bytes.
  private static let weekdayBytes: [(UInt8, UInt8, UInt8)] = Weekday.allCases.map { weekday in
    let bytes = Array(weekday.shortName.utf8)
    precondition(bytes.count == 3, "a weekday's short name is three letters")
    return (bytes[0], bytes[1], bytes[2])
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
  /// The mark count of a day of the window: its notes, and one more when it has events (the
  /// menu marks both alike).
  let noteCount: (Day) -> Int
  /// The columns of each day's item: its label (`Wed 1`, `*` after today's) and 2.
  let itemWidths: [Int]
  /// The menu options.
  let options: MenuOptions
}
