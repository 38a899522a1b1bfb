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
/// Left, Right, Home and End (and Ctrl-A, Ctrl-E) move it, Ctrl- or Alt-Left/Right by words;
/// Ctrl-U and Ctrl-K delete to the start and to the end, Ctrl-W the word before the cursor,
/// and Ctrl-Y yanks back what they deleted; Enter accepts; Escape, Ctrl-C and Ctrl-G cancel.
/// A paste inserts its text, never runs a key: in a prompt that `acceptsLineBreaks` (a note's
/// text) its line breaks stay, elsewhere each becomes a space. Other keys do nothing. The
/// editing is `LineBuffer`'s, as in the shell's line editor.
package struct LinePrompt: Sendable {
  /// What a key did to the prompt.
  package enum Outcome: Equatable, Sendable {
    /// Still editing.
    case editing
    /// Enter: the text.
    case accepted(String)
    /// Escape, Ctrl-C or Ctrl-G.
    case cancelled
  }

  /// Shown before the text.
  package var label: String
  /// Whether a paste keeps its line breaks (the text of a note) or makes them spaces.
  package var acceptsLineBreaks: Bool
  private var buffer: LineBuffer
  private var killRing = KillRing()
  /// Whether the key before was a kill, which the next kill joins.
  private var lastWasKill = false

  /// A prompt showing `label`, holding `text` with the cursor at its end.
  package init(label: String, text: String = "", acceptsLineBreaks: Bool = false) {
    self.label = label
    self.acceptsLineBreaks = acceptsLineBreaks
    buffer = LineBuffer(text)
  }

  /// The text typed so far, by characters.
  package var characters: [Character] { buffer.characters }
  /// The cursor's place in `characters`: it is before `characters[cursor]`.
  package var cursor: Int { buffer.cursor }

  /// The text typed so far.
  package var text: String { buffer.text }

  /// Applies `key`.
  package mutating func handle(_ key: Key) -> Outcome {
    let wasKill = lastWasKill
    lastWasKill = false
    switch key {
    case .character(let character):
      buffer.insert(String(character))
    case .paste(let text):
      buffer.insert(acceptsLineBreaks ? text : String(text.map { $0 == "\n" ? " " : $0 }))
    case .backspace: buffer.deleteBackward()
    case .delete: buffer.deleteForward()
    case .left: buffer.moveLeft()
    case .right: buffer.moveRight()
    case .home, .control("a"): buffer.moveToLineStart()
    case .end, .control("e"): buffer.moveToLineEnd()
    case .modified(.left, let modifiers) where modifiers.movesByWord: buffer.moveWordBackward()
    case .modified(.right, let modifiers) where modifiers.movesByWord: buffer.moveWordForward()
    case .modified(let other, _):
      return handle(other)
    case .control("u"): kill(buffer.killToLineStart(), joining: wasKill, forward: false)
    case .control("k"): kill(buffer.killToLineEnd(), joining: wasKill, forward: true)
    case .control("w"): kill(buffer.killWordBeforeCursor(), joining: wasKill, forward: false)
    case .control("y"):
      if let text = killRing.entry(back: 0) { buffer.insert(text) }
    case .enter:
      return .accepted(text)
    case .escape, .control("c"), .control("g"):
      return .cancelled
    default:
      break
    }
    return .editing
  }

  private mutating func kill(_ text: String, joining: Bool, forward: Bool) {
    killRing.add(text, joining: joining, forward: forward)
    lastWasKill = true
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
