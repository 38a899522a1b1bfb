/// The text being edited and the cursor in it: the editing model that the shell's line editor
/// and browse's one-line prompts share, pure, so that every edit is tested without a terminal.
///
/// The text is a sequence of characters as a person sees them (grapheme clusters: `e` with a
/// combining accent is one, an emoji with its skin tone is one), so the cursor never stops
/// inside one; it sits before `characters[cursor]`. The text may hold line breaks (a paste):
/// the line start and end (Home, End, Ctrl-U, Ctrl-K) are those of the line the cursor is on.
///
/// Words, for the moves (Alt-B/F, Ctrl-Left/Right) and Alt-D / Alt-Backspace, are runs of
/// letters and digits, as in Emacs and readline; `killWordBeforeCursor` (Ctrl-W) takes the
/// word up to the whitespace before it, as a Unix terminal's word erase does.
package struct LineBuffer: Sendable {
  /// The text's characters.
  package private(set) var characters: [Character]
  /// The cursor's place: before `characters[cursor]`, from 0 to `characters.count`.
  package private(set) var cursor: Int

  /// A buffer holding `text`, the cursor at its end.
  package init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text.
  package var text: String { String(characters) }

  /// Whether the text is empty.
  package var isEmpty: Bool { characters.isEmpty }

  /// The text of the cursor's line before the cursor (what Tab completes).
  package var lineBeforeCursor: String {
    String(characters[lineStart..<cursor])
  }

  // MARK: - Inserting

  /// Inserts `text` at the cursor and puts the cursor after it.
  ///
  /// Characters are whole again afterwards: a combining accent typed after a letter joins it.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  package mutating func insert(_ text: String) {
    guard !text.isEmpty else { return }
    let before = String(characters[..<cursor]) + text
    let joined = before + String(characters[cursor...])
    characters = Array(joined)
    cursor = min(before.count, characters.count)
  }

  /// Replaces the whole text with `text`, the cursor at its end.
  package mutating func replace(with text: String) {
    self = LineBuffer(text)
  }

  /// Puts the cursor at `index` (clamped to the text).
  package mutating func moveCursor(to index: Int) {
    cursor = min(max(index, 0), characters.count)
  }

  // MARK: - Moving

  /// One character left; false at the start.
  @discardableResult
  package mutating func moveLeft() -> Bool {
    guard cursor > 0 else { return false }
    cursor -= 1
    return true
  }

  /// One character right; false at the end.
  @discardableResult
  package mutating func moveRight() -> Bool {
    guard cursor < characters.count else { return false }
    cursor += 1
    return true
  }

  /// To the start of the cursor's line.
  package mutating func moveToLineStart() { cursor = lineStart }

  /// To the end of the cursor's line.
  package mutating func moveToLineEnd() { cursor = lineEnd }

  /// To the start of the word before the cursor (or of the one it is in).
  package mutating func moveWordBackward() { cursor = wordStartBefore(cursor) }

  /// To the end of the word after the cursor (or of the one it is in).
  package mutating func moveWordForward() { cursor = wordEndAfter(cursor) }

  // MARK: - Deleting

  /// Deletes the character before the cursor; false at the start.
  @discardableResult
  package mutating func deleteBackward() -> Bool {
    guard cursor > 0 else { return false }
    _ = remove(cursor - 1..<cursor)
    return true
  }

  /// Deletes the character under the cursor; false at the end.
  @discardableResult
  package mutating func deleteForward() -> Bool {
    guard cursor < characters.count else { return false }
    _ = remove(cursor..<cursor + 1)
    return true
  }

  /// Swaps the two characters before the cursor, or around it, as Ctrl-T does; false when
  /// there are not two.
  @discardableResult
  package mutating func transpose() -> Bool {
    guard characters.count >= 2, cursor > 0 else { return false }
    let right = cursor == characters.count ? cursor - 1 : cursor
    characters.swapAt(right - 1, right)
    cursor = right + 1
    return true
  }

  /// Deletes from the cursor to the end of its line (Ctrl-K); returns what was deleted.
  package mutating func killToLineEnd() -> String {
    // At the end of a line, the line break goes, so that Ctrl-K joins the next line.
    let end = lineEnd == cursor && cursor < characters.count ? cursor + 1 : lineEnd
    return remove(cursor..<end)
  }

  /// Deletes from the start of the cursor's line to the cursor (Ctrl-U); returns it.
  package mutating func killToLineStart() -> String {
    remove(lineStart..<cursor)
  }

  /// Deletes the whitespace-delimited word before the cursor and the whitespace after it
  /// (Ctrl-W); returns it.
  package mutating func killWordBeforeCursor() -> String {
    var start = cursor
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    return remove(start..<cursor)
  }

  /// Deletes back to the start of the word before the cursor (Alt-Backspace); returns it.
  package mutating func killWordBackward() -> String {
    remove(wordStartBefore(cursor)..<cursor)
  }

  /// Deletes forward to the end of the word after the cursor (Alt-D); returns it.
  package mutating func killWordForward() -> String {
    remove(cursor..<wordEndAfter(cursor))
  }

  // MARK: - Helpers

  private var lineStart: Int {
    var index = cursor
    while index > 0 && characters[index - 1] != "\n" { index -= 1 }
    return index
  }

  private var lineEnd: Int {
    var index = cursor
    while index < characters.count && characters[index] != "\n" { index += 1 }
    return index
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  private func wordStartBefore(_ index: Int) -> Int {
    var start = index
    while start > 0 && !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
    while start > 0 && Self.isWordCharacter(characters[start - 1]) { start -= 1 }
    return start
  }

  private func wordEndAfter(_ index: Int) -> Int {
    var end = index
    while end < characters.count && !Self.isWordCharacter(characters[end]) { end += 1 }
    while end < characters.count && Self.isWordCharacter(characters[end]) { end += 1 }
    return end
  }

  /// Removes `range`, the cursor at its start; returns its text.
  private mutating func remove(_ range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    let removed = String(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
    // The characters on both sides may join into one (a letter and an accent).
    let joined = Array(String(characters))
    if joined.count != characters.count {
      let before = String(characters[..<cursor]).count
      characters = joined
      cursor = min(before, characters.count)
    }
    return removed
  }
}
