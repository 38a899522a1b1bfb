import CalendarPaging

/// Breaks text into lines of a display width, at spaces where it can and inside a word
/// (between characters, never inside one) where a word is wider than a line, as CJK text
/// without spaces is.
enum TextWrap {
  /// The lines of `text` (one paragraph, no newlines) at most `width` columns wide.
  ///
  /// Spaces at a break are dropped; other runs of spaces are kept.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func lines(_ text: Substring, width: Int) -> [Substring] {
    let width = max(width, 1)
    if fitsQuickly(text, width: width) || DisplayWidth.of(text) <= width { return [text] }
    var lines: [Substring] = []
    var lineStart = text.startIndex
    var lineWidth = 0
    // The last break opportunity on the current line: where the line would end and where the
    // next would start.
    var lastBreak: (end: String.Index, next: String.Index, widthAfter: Int)?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == " " {
        // Find the end of this run of spaces.
        var runEnd = next
        while runEnd < text.endIndex && text[runEnd] == " " { runEnd = text.index(after: runEnd) }
        let runWidth = text.distance(from: index, to: runEnd)
        if lineWidth + runWidth > width {
          lines.append(text[lineStart..<index])
          lineStart = runEnd
          lineWidth = 0
          lastBreak = nil
        } else {
          lastBreak = (index, runEnd, lineWidth + runWidth)
          lineWidth += runWidth
        }
        index = runEnd
        continue
      }
      let characterWidth = DisplayWidth.of(String(character))
      if lineWidth + characterWidth > width && lineWidth > 0 {
        if let breakPoint = lastBreak, breakPoint.end > lineStart {
          lines.append(text[lineStart..<breakPoint.end])
          lineStart = breakPoint.next
          lineWidth -= breakPoint.widthAfter
        } else {
          lines.append(text[lineStart..<index])
          lineStart = index
          lineWidth = 0
        }
        lastBreak = nil
      }
      lineWidth += characterWidth
      index = next
    }
    if lineStart < text.endIndex || lines.isEmpty {
      lines.append(text[lineStart...])
    }
    return lines
  }

  /// Whether `text` is printable ASCII no longer than `width`: the common case, decided
  /// without measuring characters.
  static func fitsQuickly(_ text: Substring, width: Int) -> Bool {
    let utf8 = text.utf8
    guard utf8.count <= width else { return false }
    return utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }
}
