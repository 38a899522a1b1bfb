import CalendarPaging
import DisplayText
import Interchange

/// The menu of weeks or months around the selected one, as the paging model left it: labels
/// such as `W18 29 Apr–5 May` or `May 2024`, `*` after the one holding today, `•` on those
/// with notes, laid out and drawn as the menu of days is (`MenuLines`).
struct PeriodMenu<Period: CalendarPeriod> {
  /// The periods of the window, in order.
  let periods: [Period]
  /// The index of the selected period in `periods`.
  let selectedIndex: Int
  /// Whether there are periods before the first of `periods`.
  let hasPeriodsBefore: Bool
  /// Whether there are periods after the last of `periods`.
  let hasPeriodsAfter: Bool
  /// Today: the period holding it gets `*`.
  let today: Day
  /// The note count of each period.
  let counts: [Int]
  /// The menu options, with items wide enough for the labels.
  let options: MenuOptions

  /// The selected period.
  var selected: Period { periods[selectedIndex] }

  /// The layout of the window's periods on a line `width` columns wide.
  func layout(width: Int) -> MenuLayout {
    MenuLayout(
      itemWidths: periods.map { $0.menuLabelWidth + ($0.holds(today) ? 1 : 0) + 2 },
      selectedIndex: selectedIndex, lineWidth: width, options: options,
      hasItemsBefore: hasPeriodsBefore, hasItemsAfter: hasPeriodsAfter)
  }

  /// Writes the menu's lines to `output`.
  private func write(_ layout: MenuLayout, to output: Output, style: Style) {
    let lines = MenuLines(style: style)
    output.append { bytes in
      lines.append(layout, to: &bytes) { index, width, selected, line in
        let period = periods[index]
        let isToday = period.holds(today)
        let label = period.menuLabel + (isToday ? "*" : "")
        lines.appendCell(
          width: width, labelWidth: period.menuLabelWidth + (isToday ? 1 : 0), isToday: isToday,
          hasNotes: counts[index] > 0, selected: selected, alignment: options.alignment,
          to: &line
        ) { columns, line in
          line.append(contentsOf: DisplayWidth.prefix(of: label[...], fittingIn: columns).0.utf8)
        }
      }
    }
  }

  /// Writes a page by this menu's unit: with `--json`, `{"selected":…,"by":…,` then what
  /// `json` writes, then `"menu":[…]}` (the periods shown on the line, as `2024-W18` or
  /// `2024-05`); as text, the menu (above or below), the `title` in bold (its parts joined by
  /// `·`, wrapped to the width) and what `text` writes.
  func writePage(
    selected day: Day, title: [String], to output: Output, style: Style,
    json body: (inout JSONWriter) -> Void, text: () -> Void
  ) {
    let layout = layout(width: style.width)
    if style.json {
      output.jsonObject { json in
        json.field("selected", day)
        json.field("by", Period.unit.rawValue)
        body(&json)
        json.key("menu")
        json.array { json in
          for placement in layout.visibleItems { json.string(periods[placement.index].description) }
        }
      }
      return
    }
    if options.position == .top { write(layout, to: output, style: style) }
    for line in TextFit.join(title, width: style.width) {
      output.line(style.paint(line, SGR.bold))
    }
    text()
    if options.position == .bottom { write(layout, to: output, style: style) }
  }
}
