/// Text laid out to fit a number of terminal columns (display width): wrapped at spaces, and
/// a word wider than a line cut to fit, ending in `…`.
///
/// For the text calpager writes itself (headings, messages, help). Note text is never cut:
/// `NoteLines` breaks a word wider than a line between its characters, as CJK text without
/// spaces needs.
public enum TextFit {
  /// `…`, the mark of a cut word.
  public static let ellipsis = "…"

  /// The lines of `text` (one paragraph, no newline) at most `width` columns wide.
  ///
  /// Words are separated by runs of spaces and joined by one; the first line starts with
  /// `firstIndent` spaces, the others with `indent`. A word wider than its line is cut to fit,
  /// ending in `…`.
  ///
  /// - Complexity: O(*n*) in the characters of `text`.
  public static func wrap(
    _ text: some StringProtocol, width: Int, indent: Int = 0, firstIndent: Int? = nil
  ) -> [String] {
    let width = max(width, 1)
    let firstIndent = min(firstIndent ?? indent, width - 1)
    let indent = min(indent, width - 1)
    var lines: [String] = []
    var line = String(repeating: " ", count: firstIndent)
    var lineWidth = firstIndent
    var margin = firstIndent
    var empty = true
    for word in text.split(separator: " ") {
      var word = String(word)
      var wordWidth = DisplayWidth.of(word)
      if !empty && lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if !empty {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineWidth = indent
        margin = indent
      }
      if wordWidth > width - margin {
        word = cut(word, toFit: width - margin)
        wordWidth = DisplayWidth.of(word)
      }
      line += word
      lineWidth += wordWidth
      empty = false
    }
    lines.append(line)
    return lines
  }

  /// `text` as is when it fits in `columns`, else its longest prefix that fits with `…`
  /// after it.
  public static func cut(_ text: some StringProtocol, toFit columns: Int) -> String {
    let whole = Substring(text)
    guard DisplayWidth.of(whole) > columns else { return String(whole) }
    guard columns >= 1 else { return "" }
    return String(DisplayWidth.prefix(of: whole, fittingIn: columns - 1).prefix) + ellipsis
  }

  /// `parts` joined by `separator` on lines of at most `width` columns: a part that does not
  /// fit after the others starts a new line (without the separator), and a part wider than
  /// a line is wrapped at its spaces.
  public static func join(_ parts: [String], separator: String = " · ", width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    let separatorWidth = DisplayWidth.of(separator)
    for part in parts {
      let partWidth = DisplayWidth.of(part)
      if !line.isEmpty && lineWidth + separatorWidth + partWidth <= width {
        line += separator + part
        lineWidth += separatorWidth + partWidth
        continue
      }
      if !line.isEmpty { lines.append(line) }
      if partWidth <= width {
        (line, lineWidth) = (part, partWidth)
      } else {
        var wrapped = wrap(part, width: width)
        line = wrapped.removeLast()
        lineWidth = DisplayWidth.of(line)
        lines += wrapped
      }
    }
    lines.append(line)
    return lines
  }
}
