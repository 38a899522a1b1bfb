import CalendarPaging
import DisplayText

/// What Tab does in the line editor, worked out without a terminal.
///
/// The word being completed is the text after the last space or tab before the cursor. Of the
/// candidates the caller offers, those that start with the word count: one is inserted whole
/// with a space after it (none after `=` or `/`, where more usually follows); several insert
/// their longest common prefix when it is longer than the word, and are listed otherwise.
package enum Completion {
  /// What to do for one press of Tab.
  package enum Action: Hashable, Sendable {
    /// Nothing matches: ring the bell.
    case none
    /// Insert this text at the cursor.
    case insert(String)
    /// Show these candidates (sorted) below the line.
    case list([String])
  }

  /// The word before the cursor: the text after the last space or tab of `line`.
  package static func word(before line: String) -> Substring {
    let start = line.lastIndex { $0 == " " || $0 == "\t" }.map { line.index(after: $0) }
    return line[(start ?? line.startIndex)...]
  }

  /// What Tab does to `word`, given the caller's `candidates` (duplicates and candidates not
  /// starting with the word are ignored).
  ///
  /// - Complexity: O(*n* · *m*) for *n* candidates of length *m*.
  package static func action(word: Substring, candidates: [String]) -> Action {
    var seen = Set<String>()
    let matching = candidates.filter {
      $0.unicodeScalars.starts(with: word.unicodeScalars) && seen.insert($0).inserted
    }
    guard let first = matching.first else { return .none }
    let typed = word.unicodeScalars.count
    if matching.count == 1 {
      let rest = String(String.UnicodeScalarView(first.unicodeScalars.dropFirst(typed)))
      let last = first.unicodeScalars.last
      return .insert(last == "=" || last == "/" ? rest : rest + " ")
    }
    var common = Array(first.unicodeScalars)
    for candidate in matching.dropFirst() {
      let scalars = Array(candidate.unicodeScalars)
      var length = 0
      while length < min(common.count, scalars.count) && common[length] == scalars[length] {
        length += 1
      }
      common.removeLast(common.count - length)
    }
    if common.count > typed {
      return .insert(String(String.UnicodeScalarView(common[typed...])))
    }
    return .list(matching.sorted())
  }

  /// The rows that list `candidates` in columns across `width` terminal columns, down each
  /// column first (as `ls` and bash do), each candidate escaped for the terminal.
  package static func listing(_ candidates: [String], width: Int) -> [String] {
    let shown = candidates.map { TerminalText.singleLine($0) }
    guard !shown.isEmpty else { return [] }
    let widths = shown.map { DisplayWidth.of($0) }
    let columnWidth = widths.max()! + 2
    let columns = max(1, (width + 2) / columnWidth)
    let rows = (shown.count + columns - 1) / columns
    return (0..<rows).map { row in
      var line = ""
      for column in 0..<columns {
        let index = column * rows + row
        guard index < shown.count else { break }
        let isLast = column == columns - 1 || index + rows >= shown.count
        line += shown[index]
        if !isLast { line += String(repeating: " ", count: columnWidth - widths[index]) }
      }
      return line
    }
  }
}
