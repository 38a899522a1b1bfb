/// The line `TextWrap` is filling as it walks a paragraph.
///
/// It knows where the line starts, how wide it is so far and its last break opportunity.
/// (`PlainWrap` makes the same breaks for plain text by looking back from where a line is
/// full; the layout tests hold the two to the same lines.)
///
/// Offsets are into the paragraph's bytes. Every method is inlined into the walk, so the
/// state stays in registers; the line's limit is passed in rather than kept.
struct WrappingLine {
  /// Where the line starts.
  private var start = 0
  /// Its width so far.
  var width = 0
  /// Whether a line has ended yet.
  private var hasEnded = false
  // The last break opportunity on the line: where the line would end, where the next would
  // start, and the width up to the next start; `breakEnd` < 0 when there is none.
  private var breakEnd = -1
  private var breakNext = 0
  private var breakWidth = 0

  /// Takes in the run of spaces from `offset` to `end`: when it does not fit in `limit`
  /// columns, returns the line, which ends before it (a run at a break is dropped); else the
  /// run is the line's last break opportunity.
  @inline(__always)
  mutating func addSpaces(from offset: Int, to end: Int, limit: Int) -> Range<Int>? {
    let runWidth = end - offset
    if width + runWidth > limit {
      let line = start..<offset
      hasEnded = true
      start = end
      width = 0
      breakEnd = -1
      return line
    }
    (breakEnd, breakNext, breakWidth) = (offset, end, width + runWidth)
    width += runWidth
    return nil
  }

  /// Takes in a character of `characterWidth` columns at `offset`: when it does not fit in
  /// `limit` columns on a line that holds something, returns the line `breakLine(before:)`
  /// ends first.
  @inline(__always)
  mutating func addCharacter(at offset: Int, width characterWidth: Int, limit: Int) -> Range<Int>? {
    var line: Range<Int>?
    if width + characterWidth > limit && width > 0 { line = breakLine(before: offset) }
    width += characterWidth
    return line
  }

  /// Ends the line and returns it: at its last break opportunity, the characters after it
  /// going to the next line; else before the character at `offset`.
  @inline(__always)
  mutating func breakLine(before offset: Int) -> Range<Int> {
    let line: Range<Int>
    if breakEnd > start {
      line = start..<breakEnd
      start = breakNext
      width -= breakWidth
    } else {
      line = start..<offset
      start = offset
      width = 0
    }
    hasEnded = true
    breakEnd = -1
    return line
  }

  /// The last line of a paragraph of `count` bytes: what is left, or the empty line of an
  /// empty paragraph; nil when nothing is.
  @inline(__always)
  func lastLine(endingAt count: Int) -> Range<Int>? {
    start < count || !hasEnded ? start..<count : nil
  }
}
