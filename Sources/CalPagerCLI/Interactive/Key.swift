/// A key press, decoded from the bytes a terminal sends (see `KeyDecoder`).
package enum Key: Hashable, Sendable {
  /// A printable character (never a control character).
  case character(Character)
  /// Enter (CR, or LF from Ctrl-J).
  case enter
  /// Tab (or Ctrl-I).
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace (DEL, or BS from Ctrl-H).
  case backspace
  /// A bare Escape.
  case escape
  /// Delete (forward).
  case delete
  /// Insert.
  case insert
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// A control key other than those above: `control("c")` for Ctrl-C, `control("z")` for
  /// Ctrl-Z; `@`, `\`, `]`, `^` and `_` for the five that are not letters.
  case control(Character)

  /// A short name for messages and tests: `left`, `ctrl-c`, `'x'`.
  package var name: String {
    switch self {
    case .character(let character): return "'\(character)'"
    case .enter: return "enter"
    case .tab: return "tab"
    case .backTab: return "shift-tab"
    case .backspace: return "backspace"
    case .escape: return "escape"
    case .delete: return "delete"
    case .insert: return "insert"
    case .up: return "up"
    case .down: return "down"
    case .left: return "left"
    case .right: return "right"
    case .home: return "home"
    case .end: return "end"
    case .pageUp: return "page-up"
    case .pageDown: return "page-down"
    case .control(let character): return "ctrl-\(character)"
    }
  }
}
