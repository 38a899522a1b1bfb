import CalendarPaging
import DisplayText

/// Builds the bytes of full-screen frames: each frame is every row of the screen, written in
/// one go (one `write(2)`), so the terminal never shows half a frame.
///
/// Each row starts with an absolute cursor move, is clipped to the width in terminal columns
/// (`DisplayWidth`: CJK and emoji count two, combining marks zero; a wide character that does
/// not fit whole is left out), and is cleared to its end, so nothing of an older frame shows
/// through. Text goes through `TerminalText.singleLine` first: a control character or bidi
/// override in a note is shown as an escape (`\e`, `\u{202E}`), never acted on.
///
/// ```swift
/// var screen = Screen(size: terminal.size, colors: !noColor)
/// terminal.write(screen.frame(lines, cursor: Screen.Position(row: 23, column: 8)))
/// ```
package struct Screen: Sendable {
  /// A cell on the screen, counted from zero.
  package struct Position: Hashable, Sendable {
    /// The row, 0 at the top.
    package var row: Int
    /// The column, 0 at the left.
    package var column: Int

    /// The cell at `row`, `column`.
    package init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// The screen's size.
  package var size: TerminalSize
  /// Whether styles keep their colours.
  package var colors: Bool

  /// A screen of `size`.
  package init(size: TerminalSize, colors: Bool = true) {
    self.size = size
    self.colors = colors
  }

  /// The bytes that draw `lines` (rows past the last line are cleared, lines past the last
  /// row are dropped); the cursor is shown at `cursor`, or hidden when it is nil.
  ///
  /// - Complexity: O(*n*) in the characters drawn.
  package func frame(_ lines: [ScreenLine], cursor: Position? = nil) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size.rows * (size.columns + 16))
    bytes += Self.hideCursor
    for row in 0..<max(size.rows, 0) {
      bytes += Self.moveTo(row: row, column: 0)
      if row < lines.count {
        append(lines[row], to: &bytes)
      } else {
        bytes += Self.clearToEnd
      }
    }
    if let cursor {
      bytes += Self.moveTo(row: cursor.row, column: cursor.column)
      bytes += Self.showCursor
    }
    return bytes
  }

  /// The columns `text` takes once escaped for the screen.
  package static func width(of text: String) -> Int {
    DisplayWidth.of(TerminalText.singleLine(text))
  }

  private func append(_ line: ScreenLine, to bytes: inout [UInt8]) {
    let columns = max(size.columns, 0)
    var used = 0
    for span in line.spans where used < columns {
      let text = TerminalText.singleLine(span.text)
      let (shown, width) = DisplayWidth.prefix(of: text[...], fittingIn: columns - used)
      let style = span.style.sequence(colors: colors)
      if !shown.isEmpty {
        bytes += style.utf8
        bytes += shown.utf8
        if !style.isEmpty { bytes += Self.reset }
        used += width
      }
      if shown.endIndex != text.endIndex { break }
    }
    if let fill = line.fill, used < columns {
      let style = fill.sequence(colors: colors)
      bytes += style.utf8
      bytes += repeatElement(UInt8(ascii: " "), count: columns - used)
      if !style.isEmpty { bytes += Self.reset }
      used = columns
    }
    if used < columns { bytes += Self.clearToEnd }
  }

  private static func moveTo(row: Int, column: Int) -> [UInt8] {
    Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
  }

  private static let hideCursor = Array("\u{1B}[?25l".utf8)
  private static let showCursor = Array("\u{1B}[?25h".utf8)
  private static let clearToEnd = Array("\u{1B}[K".utf8)
  private static let reset = Array("\u{1B}[0m".utf8)
}
