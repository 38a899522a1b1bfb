/// A one-line prompt inside the full-screen view (`g` go to, `a` add, `/` search): the keys
/// edit a line of text, Enter accepts it, Escape cancels.
///
/// ```swift
/// var prompt = LinePrompt(label: "Go to: ")
/// …
/// case .key(let key):
///   switch prompt.handle(key) {
///   case .editing: break
///   case .accepted(let text): go(to: text)
///   case .cancelled: break
///   }
/// …
/// let (line, column) = prompt.line(columns: screen.size.columns)
/// frame = screen.frame(rows + [line], cursor: Screen.Position(row: last, column: column))
/// ```
///
/// Keys: characters insert at the cursor; Backspace and Delete delete before and at it;
/// Left, Right, Home and End (and Ctrl-A, Ctrl-E) move it; Ctrl-U and Ctrl-K delete to the
/// start and to the end, Ctrl-W the word before the cursor; Enter accepts; Escape, Ctrl-C and
/// Ctrl-G cancel. Other keys do nothing.
package struct LinePrompt: Hashable, Sendable {
  /// What a key did to the prompt.
  package enum Outcome: Hashable, Sendable {
    /// Still editing.
    case editing
    /// Enter: the text.
    case accepted(String)
    /// Escape, Ctrl-C or Ctrl-G.
    case cancelled
  }

  /// Shown before the text.
  package var label: String
  /// The text typed so far.
  package private(set) var characters: [Character]
  /// The cursor's place in `characters`: it is before `characters[cursor]`.
  package private(set) var cursor: Int

  /// A prompt showing `label`, holding `text` with the cursor at its end.
  package init(label: String, text: String = "") {
    self.label = label
    characters = Array(text)
    cursor = characters.count
  }

  /// The text typed so far.
  package var text: String { String(characters) }

  /// Applies `key`.
  package mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left: cursor = max(cursor - 1, 0)
    case .right: cursor = min(cursor + 1, characters.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters.removeFirst(cursor)
      cursor = 0
    case .control("k"):
      characters.removeLast(characters.count - cursor)
    case .control("w"):
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .enter:
      return .accepted(text)
    case .escape, .control("c"), .control("g"):
      return .cancelled
    default:
      break
    }
    return .editing
  }

  /// The prompt as a screen row `columns` wide, and the column the cursor is in.
  ///
  /// When the text does not fit, it scrolls so that the cursor stays in view.
  package func line(columns: Int, style: ScreenStyle = .plain) -> (
    line: ScreenLine, cursorColumn: Int
  ) {
    let labelWidth = Screen.width(of: label)
    // One column is kept for the cursor after the last character.
    let room = max(columns - labelWidth - 1, 1)
    let widths = characters.map { Screen.width(of: String($0)) }
    var start = 0
    var beforeCursor = widths[..<cursor].reduce(0, +)
    while beforeCursor > room && start < cursor {
      beforeCursor -= widths[start]
      start += 1
    }
    var line = ScreenLine(label, style: style)
    line.append(String(characters[start...]), style: style)
    line.fill = style == .plain ? nil : style
    return (line, min(labelWidth + beforeCursor, max(columns - 1, 0)))
  }
}
