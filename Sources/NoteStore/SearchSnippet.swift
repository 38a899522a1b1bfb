/// Snippets of CJK text, which FTS5's `snippet()` on the word index cannot mark (its tokens
/// are whole runs of CJK characters).
enum SearchSnippet {
  /// Characters shown before the first match.
  static let before = 10
  /// Characters shown in all, at most.
  static let length = 32

  /// The text around the first of `phrases` in `body`, every occurrence of a phrase in it
  /// wrapped in `SearchHit.matchStart` and `SearchHit.matchEnd`, `…` where it was cut; the
  /// start of the body when none is found.
  ///
  /// Phrases match as the search matched them: exactly, ASCII letters in either case.
  static func around(_ phrases: [String], in body: String) -> String {
    let characters = Array(body)
    let needles = phrases.map { Array($0) }.filter { !$0.isEmpty }
    var matches: [Range<Int>] = []
    var index = 0
    while index < characters.count {
      if let needle = needles.first(where: { holds(characters, at: index, $0) }) {
        matches.append(index..<index + needle.count)
        index += needle.count
      } else {
        index += 1
      }
    }
    let start = max(0, (matches.first?.lowerBound ?? 0) - before)
    let end = min(characters.count, max(start + length, matches.first?.upperBound ?? 0))
    var snippet = start > 0 ? "…" : ""
    var position = start
    for match in matches where match.lowerBound >= start && match.upperBound <= end {
      snippet += String(characters[position..<match.lowerBound])
      snippet.append(SearchHit.matchStart)
      snippet += String(characters[match])
      snippet.append(SearchHit.matchEnd)
      position = match.upperBound
    }
    snippet += String(characters[position..<end])
    return end < characters.count ? snippet + "…" : snippet
  }

  private static func holds(_ text: [Character], at index: Int, _ needle: [Character]) -> Bool {
    guard index + needle.count <= text.count else { return false }
    for offset in needle.indices where !same(text[index + offset], needle[offset]) {
      return false
    }
    return true
  }

  private static func same(_ a: Character, _ b: Character) -> Bool {
    if a == b { return true }
    guard let x = a.asciiValue, let y = b.asciiValue else { return false }
    return x | 0x20 == y | 0x20 && (x | 0x20) >= 97 && (x | 0x20) <= 122
  }
}
