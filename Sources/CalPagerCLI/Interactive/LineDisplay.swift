/// What the terminal shows of the line being edited, so that each drawing replaces the one
/// before: how many rows the cursor is below the area's first row.
///
/// Each drawing goes up to the area's first row, writes the layout, clears what is left below
/// it and puts the cursor in its cell, all in one write. After a resize the terminal is taken
/// to have reflowed the area (tmux, VTE, kitty, iTerm2, Windows Terminal do; xterm does not):
/// the cursor's row is then its row in the layout at the new width.
struct LineDisplay {
  /// The rows between the area's first row and the one the terminal's cursor is on.
  private(set) var cursorRow = 0

  /// A display whose area starts on the cursor's row.
  init() {}

  /// The bytes that replace what is shown with `layout`.
  mutating func draw(_ layout: LineLayout) -> [UInt8] {
    var bytes: [UInt8] = []
    if cursorRow > 0 { bytes += Self.up(cursorRow) }
    bytes += Array("\r".utf8)
    bytes += layout.bytes
    bytes += Self.clearToEndOfScreen
    let up = layout.end.row - layout.cursor.row
    if up > 0 { bytes += Self.up(up) }
    if layout.cursor != layout.end {
      bytes += Array("\r".utf8)
      if layout.cursor.column > 0 { bytes += Array("\u{1B}[\(layout.cursor.column)C".utf8) }
    }
    cursorRow = layout.cursor.row
    return bytes
  }

  /// The bytes that draw `layout` (its cursor at its end) for the last time and leave the area:
  /// the terminal's cursor is then at the start of the row below it.
  mutating func finish(_ layout: LineLayout) -> [UInt8] {
    var bytes = draw(layout)
    if !layout.endsOnFreshRow { bytes += Array("\r\n".utf8) }
    cursorRow = 0
    return bytes
  }

  /// Forgets the area: the next drawing starts on the cursor's row (after a listing, a clear
  /// screen, or a stop, when whatever ran meanwhile may have written below the line).
  mutating func startOnCursorRow() {
    cursorRow = 0
  }

  /// Takes the terminal to have reflowed the area for a new width: the cursor is on the row
  /// `layout` (the area at that width) puts it on.
  mutating func reflow(to layout: LineLayout) {
    cursorRow = layout.cursor.row
  }

  private static func up(_ rows: Int) -> [UInt8] { Array("\u{1B}[\(rows)A".utf8) }
  private static let clearToEndOfScreen = Array("\u{1B}[J".utf8)
}
