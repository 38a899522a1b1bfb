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
  /// A cursor or editing key (an arrow, Home, End, Delete…) pressed with Shift, Alt or Ctrl:
  /// `ESC [ 1 ; 5 D` is `.modified(.left, .control)`. Whoever gives the modifiers no meaning
  /// reads `unmodified`.
  indirect case modified(Key, KeyModifiers)
  /// Text pasted while the terminal brackets pastes (`ESC [ 200 ~` … `ESC [ 201 ~`): text,
  /// never keys, whatever it holds. Its line breaks are `\n` (a terminal sends CR for them);
  /// other control characters are kept as they came, for the receiver to show escaped.
  case paste(String)

  /// The key without its modifiers: `.left` for Ctrl-Left; the key itself when it has none.
  package var unmodified: Key {
    if case .modified(let key, _) = self { return key.unmodified }
    return self
  }

  /// A short name for messages and tests: `left`, `ctrl-c`, `'x'`, `ctrl-left`.
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
    case .modified(let key, let modifiers): return modifiers.prefix + key.name
    case .paste: return "paste"
    }
  }
}

/// The modifier keys a terminal reports with a cursor or editing key (xterm's parameter: one
/// plus the sum of Shift 1, Alt 2, Ctrl 4).
///
/// A set of bits (`BitFlags`, not `OptionSet`).
package struct KeyModifiers: BitFlags, Hashable, Sendable {
  /// The raw value: xterm's bits.
  package let rawValue: Int
  /// Modifiers from their raw value.
  package init(rawValue: Int) { self.rawValue = rawValue }
  /// Shift.
  package static let shift = KeyModifiers(rawValue: 1)
  /// Alt (Meta).
  package static let alt = KeyModifiers(rawValue: 2)
  /// Ctrl.
  package static let control = KeyModifiers(rawValue: 4)

  /// Whether a word move is meant: Ctrl or Alt with an arrow.
  package var movesByWord: Bool { contains(.alt) || contains(.control) }

  /// `ctrl-`, `alt-shift-`…, for `Key.name`.
  var prefix: String {
    (contains(.control) ? "ctrl-" : "") + (contains(.alt) ? "alt-" : "")
      + (contains(.shift) ? "shift-" : "")
  }
}
