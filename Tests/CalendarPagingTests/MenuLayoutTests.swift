import DisplayText
import Testing

@testable import CalendarPaging

/// Golden menu lines at 20, 40, 80 and 132 columns for each selected position, with labels
/// holding wide (2-column) characters.
///
/// The offsets were worked out by hand from the rules in `MenuLayout`'s documentation (see
/// each scenario), and the lines assembled from them, apart from `MenuLayout`, by putting each
/// label at its frame minus the offset and keeping the items wholly on the line. `render`
/// draws a layout the same way: `.` is an empty column, `─` the border, `━` the indicator.
@Suite struct MenuLayoutTests {
  /// Draws a layout as text lines, one per row; wide characters take two columns.
  func render(_ layout: MenuLayout, labels: [String]) -> String {
    var lines: [String] = []
    for row in layout.rows {
      var cells = Array(repeating: ".", count: layout.lineWidth)
      switch row {
      case .items:
        for placement in layout.visibleItems {
          var column = placement.column
          for character in labels[placement.index] {
            let width = character.unicodeScalars.first!.value >= 0x1100 ? 2 : 1
            guard column + width <= placement.column + placement.width else { break }
            cells[column] = String(character)
            if width == 2 { cells[column + 1] = "" }
            column += width
          }
        }
      case .decoration:
        if let border = layout.border {
          for column in border.column..<border.column + border.width { cells[column] = "─" }
        }
        if let indicator = layout.indicator {
          for column in indicator.column..<indicator.column + indicator.width {
            cells[column] = "━"
          }
        }
      }
      lines.append(cells.joined())
    }
    return lines.joined(separator: "\n")
  }

  static let weekdays = ["月", "火", "水", "木", "金", "土", "日"]

  /// Scenario A: an unbounded window of 61 days.
  ///
  /// An unbounded window of 61 days, 2024-04-15 (a Monday) to 2024-06-14, items
  /// of a fixed 5 columns, 1 apart, so item k spans columns 6k..<6k+5; 2024-05-15 (k = 30,
  /// columns 180..<185) is selected. Offsets: left 180; right 185 − W; centred
  /// 180 − (W − 5) / 2, that is 173, 163, 143 and 117; nothing is clamped (no bounded edge),
  /// so `center` equals `preferCentered`.
  static let unbounded: [(Int, SelectedPosition, String, String)] = [
    (20, .left, "水15..木16..金17....", "━━━━━───────────────"),
    (20, .right, "...月13..火14..水15.", "───────────────━━━━━"),
    (20, .preferCentered, ".火14..水15..木16...", "───────━━━━━────────"),
    (20, .center, ".火14..水15..木16...", "───────━━━━━────────"),
    (40, .left, "水15..木16..金17..土18..日19..月20......", "━━━━━───────────────────────────────────"),
    (40, .right, ".....金10..土11..日12..月13..火14..水15.", "───────────────────────────────────━━━━━"),
    (
      40, .preferCentered, ".....月13..火14..水15..木16..金17..土18.",
      "─────────────────━━━━━──────────────────"
    ),
    (40, .center, ".....月13..火14..水15..木16..金17..土18.", "─────────────────━━━━━──────────────────"),
    (
      80, .left, "水15..木16..金17..土18..日19..月20..火21..水22..木23..金24..土25..日26..月27....",
      "━━━━━───────────────────────────────────────────────────────────────────────────"
    ),
    (
      80, .right, "...金3...土4...日5...月6...火7...水8...木9...金10..土11..日12..月13..火14..水15.",
      "───────────────────────────────────────────────────────────────────────────━━━━━"
    ),
    (
      80, .preferCentered, ".木9...金10..土11..日12..月13..火14..水15..木16..金17..土18..日19..月20..火21...",
      "─────────────────────────────────────━━━━━──────────────────────────────────────"
    ),
    (
      80, .center, ".木9...金10..土11..日12..月13..火14..水15..木16..金17..土18..日19..月20..火21...",
      "─────────────────────────────────────━━━━━──────────────────────────────────────"
    ),
    (
      132, .left,
      "水15..木16..金17..土18..日19..月20..火21..水22..木23..金24..土25..日26..月27..火28..水29..木30..金31..土1...日2...月3...火4...水5...",
      "━━━━━───────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────"
    ),
    (
      132, .right,
      ".水24..木25..金26..土27..日28..月29..火30..水1...木2...金3...土4...日5...月6...火7...水8...木9...金10..土11..日12..月13..火14..水15.",
      "───────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────━━━━━"
    ),
    (
      132, .preferCentered,
      "...日5...月6...火7...水8...木9...金10..土11..日12..月13..火14..水15..木16..金17..土18..日19..月20..火21..水22..木23..金24..土25.....",
      "───────────────────────────────────────────────────────────────━━━━━────────────────────────────────────────────────────────────────"
    ),
    (
      132, .center,
      "...日5...月6...火7...水8...木9...金10..土11..日12..月13..火14..水15..木16..金17..土18..日19..月20..火21..水22..木23..金24..土25.....",
      "───────────────────────────────────────────────────────────────━━━━━────────────────────────────────────────────────────────────────"
    ),
  ]

  /// Scenario B: a bounded source of 12 days.
  ///
  /// A bounded source of 12 days, 2024-05-01…12, labels sized to fit (`1水` is 3
  /// columns, `10金` 4), 2 apart, 1 column of inset each side: frames start at 1, 6, 11, …,
  /// 41, 46, 52, 58; content ends at 63. The second item (columns 6..<9) is selected and the
  /// alignment is `center`. At 20 and 40 columns: left 6; right and preferCentered clamp to
  /// 0; center (unclamped) 6 − (W − 3) / 2 = −2 and −12. At 80 and 132 columns everything
  /// fits, so the alignment centres the content, −(W − 63) / 2 = −8 and −34, except for
  /// center: −32 and −58.
  static let bounded: [(Int, SelectedPosition, String, String)] = [
    (20, .left, "2木..3金..4土..5日..", "━━━................."),
    (20, .right, ".1水..2木..3金..4土.", "......━━━..........."),
    (20, .preferCentered, ".1水..2木..3金..4土.", "......━━━..........."),
    (20, .center, "...1水..2木..3金....", "........━━━........."),
    (40, .left, "2木..3金..4土..5日..6月..7火..8水..9木..", "━━━....................................."),
    (40, .right, ".1水..2木..3金..4土..5日..6月..7火..8水.", "......━━━..............................."),
    (
      40, .preferCentered, ".1水..2木..3金..4土..5日..6月..7火..8水.",
      "......━━━..............................."
    ),
    (
      40, .center, ".............1水..2木..3金..4土..5日....", "..................━━━..................."
    ),
    (
      80, .left, ".........1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日..........",
      "..............━━━..............................................................."
    ),
    (
      80, .right, ".........1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日..........",
      "..............━━━..............................................................."
    ),
    (
      80, .preferCentered, ".........1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日..........",
      "..............━━━..............................................................."
    ),
    (
      80, .center, ".................................1水..2木..3金..4土..5日..6月..7火..8水..9木....",
      "......................................━━━......................................."
    ),
    (
      132, .left,
      "...................................1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日....................................",
      "........................................━━━........................................................................................."
    ),
    (
      132, .right,
      "...................................1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日....................................",
      "........................................━━━........................................................................................."
    ),
    (
      132, .preferCentered,
      "...................................1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日....................................",
      "........................................━━━........................................................................................."
    ),
    (
      132, .center,
      "...........................................................1水..2木..3金..4土..5日..6月..7火..8水..9木..10金..11土..12日............",
      "................................................................━━━................................................................."
    ),
  ]

  @Test(arguments: unbounded)
  func goldenLinesOfAnUnboundedMenu(
    width: Int, position: SelectedPosition, items: String, decoration: String
  ) throws {
    let start = try Day(parsing: "2024-04-15")
    let labels = (0..<61).map { k -> String in
      let day = start.adding(days: k)!
      return Self.weekdays[k % 7] + String(day.dayOfMonth)
    }
    var options = MenuOptions()
    options.itemSize = .fixed(width: 5)
    options.spacing = 1
    options.selectedPosition = position
    options.border = .visible()
    let layout = MenuLayout(
      itemWidths: labels.map(DisplayWidth.of), selectedIndex: 30, lineWidth: width,
      options: options, hasItemsBefore: true, hasItemsAfter: true)
    #expect(render(layout, labels: labels) == items + "\n" + decoration)
    #expect(layout.hasHiddenItemsBefore && layout.hasHiddenItemsAfter)
  }

  @Test(arguments: bounded)
  func goldenLinesOfABoundedMenu(
    width: Int, position: SelectedPosition, items: String, decoration: String
  ) {
    let labels = (1...12).map { "\($0)" + Self.weekdays[($0 + 1) % 7] }
    var options = MenuOptions()
    options.itemSize = .selfSizing(estimatedWidth: 3)
    options.spacing = 2
    options.insets = HorizontalInsets(left: 1, right: 1)
    options.alignment = .center
    options.selectedPosition = position
    let layout = MenuLayout(
      itemWidths: labels.map(DisplayWidth.of), selectedIndex: 1, lineWidth: width,
      options: options)
    #expect(render(layout, labels: labels) == items + "\n" + decoration)
  }

  @Test func partlyVisibleItemsAreDroppedNotClipped() {
    var options = MenuOptions()
    options.itemSize = .fixed(width: 5)
    options.spacing = 1
    options.selectedPosition = .left
    // Item 3 spans columns 18..<23 of a 20-column line.
    let layout = MenuLayout(
      itemWidths: Array(repeating: 5, count: 10), selectedIndex: 0, lineWidth: 20,
      options: options)
    #expect(layout.visibleItems.map(\.index) == [0, 1, 2])
    #expect(layout.columns(of: 3) == 18..<23)
    #expect(!layout.hasHiddenItemsBefore)
    #expect(layout.hasHiddenItemsAfter)
  }

  @Test func aSelectedItemWiderThanTheLineIsShownFromItsStart() {
    var options = MenuOptions()
    options.itemSize = .selfSizing(estimatedWidth: 5)
    options.selectedPosition = .center
    let layout = MenuLayout(
      itemWidths: [4, 15, 4], selectedIndex: 1, lineWidth: 10, options: options,
      hasItemsBefore: true, hasItemsAfter: true)
    #expect(layout.visibleItems == [.init(index: 1, column: 0, width: 10, isClipped: true)])
    #expect(layout.indicator == MenuLayout.Span(column: 0, width: 10))
  }

  @Test func aZeroWidthLineShowsOnlyTheSelection() {
    let layout = MenuLayout(
      itemWidths: [3, 3, 3], selectedIndex: 1, lineWidth: 0, options: MenuOptions(),
      hasItemsBefore: true, hasItemsAfter: true)
    #expect(layout.visibleItems.map(\.index) == [1])
    #expect(layout.visibleItems[0].width == 0)
    #expect(layout.indicator == nil)
  }

  @Test func sizeToFitSharesTheLineWhenABoundedSourceFits() {
    var options = MenuOptions()
    options.itemSize = .sizeToFit(minWidth: 4)
    options.spacing = 1
    // 20 − 2 spacing = 18 columns for 3 items: 6 each (Parchment: W / 3).
    let fits = MenuLayout(itemWidths: [1, 1, 1], selectedIndex: 0, lineWidth: 20, options: options)
    #expect(fits.frames == [0..<6, 7..<13, 14..<20])
    // 20 columns without spacing: 7, 7, 6, the first ones taking the spare columns.
    options.spacing = 0
    let spare = MenuLayout(
      itemWidths: [1, 1, 1], selectedIndex: 0, lineWidth: 20, options: options)
    #expect(spare.frames == [0..<7, 7..<14, 14..<20])
    // Too narrow, or a source with more items: every item keeps its minimum width.
    let narrow = MenuLayout(
      itemWidths: [1, 1, 1], selectedIndex: 0, lineWidth: 10, options: options)
    #expect(narrow.frames == [0..<4, 4..<8, 8..<12])
    let unbounded = MenuLayout(
      itemWidths: [1, 1, 1], selectedIndex: 0, lineWidth: 20, options: options,
      hasItemsAfter: true)
    #expect(unbounded.frames == [0..<4, 4..<8, 8..<12])
  }

  @Test func alignmentPlacesItemsThatFit() {
    var options = MenuOptions()
    options.itemSize = .fixed(width: 4)
    options.spacing = 1
    options.alignment = .right
    // 3 items: 14 columns of content on a 20-column line.
    let right = MenuLayout(
      itemWidths: [4, 4, 4], selectedIndex: 0, lineWidth: 20, options: options)
    #expect(right.offset == -6)
    #expect(right.visibleItems.map(\.column) == [6, 11, 16])
    options.alignment = .center
    let centred = MenuLayout(
      itemWidths: [4, 4, 4], selectedIndex: 2, lineWidth: 20, options: options)
    #expect(centred.visibleItems.map(\.column) == [3, 8, 13])
    options.alignment = .left
    let left = MenuLayout(itemWidths: [4, 4, 4], selectedIndex: 2, lineWidth: 20, options: options)
    #expect(left.visibleItems.map(\.column) == [0, 5, 10])
  }

  @Test func decorationsHaveInsetsAndFollowTheMenuPosition() {
    var options = MenuOptions()
    options.itemSize = .fixed(width: 7)
    options.selectedPosition = .left
    options.indicator = .visible(insets: HorizontalInsets(left: 1, right: 2))
    options.border = .visible(insets: HorizontalInsets(left: 2, right: 3))
    let top = MenuLayout(
      itemWidths: [7, 7, 7, 7], selectedIndex: 1, lineWidth: 20, options: options,
      hasItemsBefore: true, hasItemsAfter: true)
    #expect(top.indicator == MenuLayout.Span(column: 1, width: 4))
    #expect(top.border == MenuLayout.Span(column: 2, width: 15))
    #expect(top.rows == [.items, .decoration])
    options.position = .bottom
    let bottom = MenuLayout(
      itemWidths: [7, 7], selectedIndex: 0, lineWidth: 20, options: options)
    #expect(bottom.rows == [.decoration, .items])
    options.indicator = .hidden
    options.border = .hidden
    let bare = MenuLayout(itemWidths: [7, 7], selectedIndex: 0, lineWidth: 20, options: options)
    #expect(bare.rows == [.items])
    #expect(bare.indicator == nil && bare.border == nil)
  }

  @Test func theDefaultsFitDayItemsOnAnEightyColumnLine() throws {
    let options = MenuOptions()
    let controller = PagingController(
      dataSource: BoundedDataSource<Day>(), metrics: options.windowMetrics(lineWidth: 80))
    controller.select(try Day(parsing: "2024-05-01"))
    let labels = controller.window.items.map { "\($0.weekday.shortName) \($0.dayOfMonth)" }
    let layout = MenuLayout(
      window: controller.window, selectedIndex: controller.selectedIndex, lineWidth: 80,
      options: options, labelWidth: { DisplayWidth.of("\($0.weekday.shortName) \($0.dayOfMonth)") })
    let shown = layout.visibleItems.map { labels[$0.index] }
    // 8-column items 1 apart: the selection at columns 36..<44, four whole items each side.
    #expect(
      shown == [
        "Sat 27", "Sun 28", "Mon 29", "Tue 30", "Wed 1", "Thu 2", "Fri 3", "Sat 4", "Sun 5",
      ])
    #expect(layout.indicator == MenuLayout.Span(column: 36, width: 8))
    #expect(layout.visibleItems.first?.column == 0)
  }

  @Test(arguments: SelectedPosition.allCases)
  func anOpenMenuKeepsItsInsetsFreeWhereverTheSelectionIs(position: SelectedPosition) {
    var options = MenuOptions()
    options.itemSize = .fixed(width: 5)
    options.spacing = 1
    options.selectedPosition = position
    for (left, right) in [(0, 0), (3, 3), (0, 7), (6, 1), (12, 12)] {
      options.insets = HorizontalInsets(left: left, right: right)
      for width in [20, 41, 80] {
        for (before, after) in [(true, true), (false, true), (true, false)] {
          for selected in [0, 1, 15, 29, 30] {
            let layout = MenuLayout(
              itemWidths: Array(repeating: 5, count: 31), selectedIndex: selected,
              lineWidth: width, options: options, hasItemsBefore: before,
              hasItemsAfter: after)
            for placement in layout.visibleItems {
              #expect(placement.column + placement.width <= width)
              guard placement.index != selected else { continue }
              #expect(placement.column >= left, "\(position) \(left),\(right) \(width)")
              #expect(placement.column + placement.width <= width - right)
            }
          }
        }
      }
    }
  }
}
