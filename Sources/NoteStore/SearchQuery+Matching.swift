extension SearchQuery {
  /// Whether `text` matches the query, as the notes' full-text index would find it: what
  /// `search` asks of text that is not in the index (an event's `SUMMARY`, `DESCRIPTION` and
  /// `LOCATION`), so that one query language finds both.
  ///
  /// Words are what FTS5's `unicode61` tokenizer makes them: runs of letters and digits, case
  /// and diacritics folded (`cafe` finds `Café`). A phrase is its words in a row, its last one a
  /// prefix with `*`; a phrase holding CJK text is found anywhere inside the text, case
  /// folded, as the trigram index finds it. `NEAR(a b, N)` holds when the phrases are found
  /// with at most N words between them.
  ///
  /// - Complexity: O(*n* · *m*) in the words of `text` and of the query.
  public func matches(_ text: String) -> Bool {
    guard let expression else { return false }
    let words = TextWords(text)
    return expression.matches(words)
  }
}

/// A text's words as the full-text index sees them, with the folded text for CJK phrases.
struct TextWords {
  /// The folded words, in order.
  let words: [String]
  /// The whole text folded (case and diacritics): where a CJK phrase is looked for.
  let folded: String

  init(_ text: String) {
    folded = TextWords.fold(text)
    var words: [String] = []
    var current = ""
    for scalar in folded.unicodeScalars {
      if TextWords.isWordScalar(scalar) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    self.words = words
  }

  /// `text` with case and diacritics folded, as `remove_diacritics 2` folds them: lower case,
  /// combining marks dropped, and the precomposed Latin letters (U+00C0–U+017F) read as their
  /// base letters. (The standard library has no decomposition, and calpager links no
  /// Foundation; other scripts' precomposed letters are compared as written.)
  static func fold(_ text: String) -> String {
    var folded = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      folded.append(latinBases[scalar] ?? scalar)
    }
    return String(folded)
  }

  /// The base letter of each lower-case precomposed Latin letter.
  static let latinBases: [Unicode.Scalar: Unicode.Scalar] = {
    let groups: [(String, Unicode.Scalar)] = [
      ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"),
      ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"),
      ("òóôõöøōŏő", "o"), ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"),
      ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
    ]
    var bases: [Unicode.Scalar: Unicode.Scalar] = [:]
    for (letters, base) in groups {
      for letter in letters.unicodeScalars { bases[letter] = base }
    }
    return bases
  }()

  /// Whether `scalar` belongs to a word: a letter, a digit or a mark (unicode61's token
  /// characters).
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.isAlphabetic || properties.numericType != nil
      || properties.generalCategory == .nonspacingMark
  }

  /// The positions in `words` where `phrase` starts.
  func starts(of phrase: SearchPhrase) -> [Int] {
    let parts = TextWords(phrase.text).words
    guard !parts.isEmpty, parts.count <= words.count else { return [] }
    var found: [Int] = []
    for start in 0...(words.count - parts.count) {
      var matched = true
      for (offset, part) in parts.enumerated() {
        let word = words[start + offset]
        let isLast = offset == parts.count - 1
        if isLast && phrase.isPrefix ? !word.hasPrefix(part) : word != part {
          matched = false
          break
        }
      }
      if matched { found.append(start) }
    }
    return found
  }

  /// Whether `phrase` is in the text.
  func contains(_ phrase: SearchPhrase) -> Bool {
    if phrase.isCJK { return folded.contains(TextWords.fold(phrase.text)) }
    return !starts(of: phrase).isEmpty
  }
}

extension SearchExpression {
  /// Whether `words` match the expression.
  func matches(_ words: TextWords) -> Bool {
    switch self {
    case .phrase(let phrase): return words.contains(phrase)
    case .and(let parts): return parts.allSatisfy { $0.matches(words) }
    case .or(let parts): return parts.contains { $0.matches(words) }
    case .not(let found, let excluded): return found.matches(words) && !excluded.matches(words)
    case .near(let phrases, let distance):
      // Every phrase found, the span from the first start to the last end at most `distance`
      // words more than the phrases' own: tried from each start of the first phrase.
      let spans = phrases.map { phrase in
        (words.starts(of: phrase), max(TextWords(phrase.text).words.count, 1))
      }
      guard spans.allSatisfy({ !$0.0.isEmpty }) else {
        return phrases.allSatisfy { $0.isCJK && words.contains($0) }
      }
      return TextWords.near(spans, distance: distance)
    }
  }
}

extension TextWords {
  /// Whether some choice of one start per phrase puts them all within `distance` words of
  /// one another (the gap between the earliest phrase's end and the latest's start).
  static func near(_ spans: [([Int], Int)], distance: Int) -> Bool {
    var all: [(start: Int, end: Int, phrase: Int)] = []
    for (index, (starts, length)) in spans.enumerated() {
      for start in starts { all.append((start, start + length, index)) }
    }
    all.sort { $0.start < $1.start }
    // A window over the starts holding every phrase at least once.
    for (leftIndex, left) in all.enumerated() {
      var seen = Set<Int>()
      var totalLength = 0
      for right in all[leftIndex...] {
        if !seen.contains(right.phrase) {
          seen.insert(right.phrase)
          totalLength += right.end - right.start
        }
        if seen.count == spans.count {
          let gap = right.end - left.start - totalLength
          if gap <= distance { return true }
          break
        }
      }
    }
    return false
  }
}
