import CalendarPaging
import DisplayText

/// Where the shell's prompt and line go on the terminal, and the bytes that draw them: pure,
/// so that the wrapping and the cursor's cell are tested without a terminal.
///
/// The line wraps over as many rows as it needs, exactly where the terminal's own automatic
/// wrap puts the characters (the text is written in one run, so a terminal that reflows on a
/// resize sees one wrapped line): each character takes its display width (`DisplayWidth`:
/// CJK and emoji 2, combining marks 0), and a wide character that does not fit in a row's last
/// column goes to the next row, leaving that column empty. A line break in the text (a paste)
/// starts a new row. Control characters are drawn as their escapes (`TerminalText`: `\e`,
/// `\t`, `\x07`), never sent, and the cursor's cell takes that into account. The cursor is at
/// the cell of the character it is before.
///
/// A row filled to its last column leaves the terminal's cursor in the "pending wrap" state,
/// where the next character wraps but a cursor movement does not: the layout then writes a
/// space and a carriage return, which wraps for real, so the end is the start of a new row.
struct LineLayout {
  /// A cell of the area, counted from its first row and the left edge.
  struct Position: Equatable, Sendable {
    /// The row, 0 for the prompt's.
    var row: Int
    /// The column, 0 at the left.
    var column: Int
  }

  /// The bytes that draw the area from its first row's first column.
  private(set) var bytes: [UInt8] = []
  /// Where the terminal's cursor is after `bytes`.
  private(set) var end = Position(row: 0, column: 0)
  /// Where the cursor is to be shown.
  private(set) var cursor = Position(row: 0, column: 0)
  /// Whether `end` is the start of a row the text wrapped onto (nothing more needs writing to
  /// leave the area).
  private(set) var endsOnFreshRow = false
  /// The terminal's width.
  let columns: Int

  private var row = 0
  private var column = 0

  /// The layout of `prompt` and `buffer` across `columns`, with `suffix` drawn after the text
  /// (Ctrl-C's `^C`) and `status` on a row below it (the history search's query), the cursor
  /// at the end of `status` when there is one, else at the end when `cursorAtEnd`, else at the
  /// buffer's cursor.
  init(
    prompt: String, buffer: LineBuffer, columns: Int, suffix: String = "",
    status: String? = nil, cursorAtEnd: Bool = false
  ) {
    self.columns = max(columns, 1)
    put(TerminalText.singleLine(prompt))
    var cursorPosition: Position?
    for (index, character) in buffer.characters.enumerated() {
      if index == buffer.cursor { cursorPosition = nextCell(width: width(of: character)) }
      if character == "\n" {
        breakRow()
      } else if character.isASCII && !character.isControlCharacter {
        put(character, width: 1)
      } else {
        put(TerminalText.singleLine(String(character)))
      }
    }
    let endOfText = nextCell(width: 0)
    put(TerminalText.singleLine(suffix))
    if let status {
      if column < self.columns { bytes += Self.clearToEndOfRow }
      bytes += Array("\r\n".utf8)
      row += 1
      column = 0
      let shown = DisplayWidth.prefix(
        of: TerminalText.singleLine(status)[...], fittingIn: self.columns - 1
      ).prefix
      put(String(shown))
    }
    if column >= self.columns {
      bytes += Array(" \r".utf8)
      row += 1
      column = 0
      endsOnFreshRow = true
    }
    end = Position(row: row, column: column)
    if status != nil || cursorAtEnd {
      cursor = end
    } else {
      cursor = cursorPosition ?? endOfText
    }
  }

  /// The rows the area takes.
  var rows: Int { end.row + 1 }

  /// The cell the next character of `width` columns is drawn in.
  private func nextCell(width: Int) -> Position {
    if column >= columns || (width > 0 && column > 0 && column + width > columns) {
      return Position(row: row + 1, column: 0)
    }
    return Position(row: row, column: column)
  }

  /// The columns the first cell of `character` takes as drawn (an escape's first character).
  private func width(of character: Character) -> Int {
    if character == "\n" { return 0 }
    if character.isASCII && !character.isControlCharacter { return 1 }
    let shown = TerminalText.singleLine(String(character))
    return shown.first.map { DisplayWidth.of(String($0)) } ?? 0
  }

  /// Draws `text` (already escaped) character by character, as the terminal wraps it.
  private mutating func put(_ text: String) {
    for character in text {
      put(character, width: DisplayWidth.of(String(character)))
    }
  }

  private mutating func put(_ character: Character, width: Int) {
    if width > 0 && column > 0 && column + width > columns {
      // The terminal wraps by itself as the character is written; the cell it skips at the end
      // of a row is cleared of what an older drawing left there.
      if column < columns { bytes += Self.clearToEndOfRow }
      row += 1
      column = 0
    }
    bytes += character.utf8
    column += width
  }

  /// A line break of the text: the rest of the row cleared, the next row started.
  private mutating func breakRow() {
    if column < columns { bytes += Self.clearToEndOfRow }
    bytes += Array("\r\n".utf8)
    row += 1
    column = 0
  }

  static let clearToEndOfRow = Array("\u{1B}[K".utf8)
}

extension Character {
  /// Whether this is a C0 control character or DEL (which `TerminalText` escapes).
  fileprivate var isControlCharacter: Bool {
    guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
    return scalar.value < 0x20 || scalar.value == 0x7F
  }
}
