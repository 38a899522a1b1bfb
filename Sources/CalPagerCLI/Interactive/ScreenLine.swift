/// How a span of text on the screen looks.
package struct ScreenStyle: Hashable, Sendable {
  /// Bold (SGR 1).
  package var bold = false
  /// Dim (SGR 2).
  package var dim = false
  /// Underlined (SGR 4).
  package var underline = false
  /// Reverse video (SGR 7): the selection.
  package var reverse = false
  /// The text's colour, or nil for the terminal's own; dropped when the screen has no colour
  /// (`NO_COLOR`), the other attributes stay.
  package var foreground: ScreenColor?

  /// No attributes.
  package static let plain = ScreenStyle()

  /// A style with the given attributes.
  package init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
    foreground: ScreenColor? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.foreground = foreground
  }

  /// The SGR sequence that sets this style from the default, or "" for `plain`.
  func sequence(colors: Bool) -> String {
    var codes: [String] = []
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if underline { codes.append("4") }
    if reverse { codes.append("7") }
    if colors, let foreground { codes.append(String(30 + foreground.rawValue)) }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

/// The eight basic terminal colours (SGR 30–37).
package enum ScreenColor: Int, Hashable, Sendable {
  /// SGR 30.
  case black
  /// SGR 31.
  case red
  /// SGR 32.
  case green
  /// SGR 33.
  case yellow
  /// SGR 34.
  case blue
  /// SGR 35.
  case magenta
  /// SGR 36.
  case cyan
  /// SGR 37.
  case white
}

/// One row of a frame: spans of styled text.
///
/// The spans are drawn left to right and clipped at the screen's width. The text is any text:
/// control characters in it are shown as escapes, never sent.
package struct ScreenLine: Hashable, Sendable {
  /// A run of text in one style.
  package struct Span: Hashable, Sendable {
    /// The text (escaped when drawn).
    package var text: String
    /// Its style.
    package var style: ScreenStyle

    /// A span of `text` in `style`.
    package init(_ text: String, style: ScreenStyle = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The spans, in order.
  package var spans: [Span]
  /// When set, the rest of the row after the text is filled with spaces in this style (a
  /// selection bar across the screen); otherwise it is cleared.
  package var fill: ScreenStyle?

  /// A row of `text` in `style`, or an empty row.
  package init(_ text: String = "", style: ScreenStyle = .plain, fill: ScreenStyle? = nil) {
    spans = text.isEmpty ? [] : [Span(text, style: style)]
    self.fill = fill
  }

  /// A row of `spans`.
  package init(spans: [Span], fill: ScreenStyle? = nil) {
    self.spans = spans
    self.fill = fill
  }

  /// Adds `text` in `style` at the end of the row.
  package mutating func append(_ text: String, style: ScreenStyle = .plain) {
    spans.append(Span(text, style: style))
  }
}
