/// One phrase of a query: a literal word or a quoted phrase.
struct SearchPhrase: Sendable, Equatable, CustomStringConvertible {
  /// The text to find, without the quotes or a trailing `*`.
  let text: String
  /// Whether the last word is a prefix (`meet*`).
  let isPrefix: Bool
  /// Whether the text holds CJK text, which is found inside words.
  let isCJK: Bool

  init(text: String, isPrefix: Bool) {
    self.text = text
    self.isCJK = CJKText.contains(text)
    // A prefix means nothing where any substring is found.
    self.isPrefix = isPrefix && !isCJK
  }

  /// Whether the phrase can match anything: it holds a letter or a digit (the word index
  /// makes words of those alone) or CJK text.
  var isSearchable: Bool {
    isCJK
      || text.unicodeScalars.contains {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
      }
  }

  /// The phrase as an FTS5 string: `"text"`, `"text" *` for a prefix.
  var description: String {
    var quoted = "\""
    for character in text {
      quoted.append(character)
      if character == "\"" { quoted.append("\"") }
    }
    quoted.append("\"")
    return isPrefix ? quoted + " *" : quoted
  }
}

/// A parsed query: phrases combined with FTS5's operators.
enum SearchExpression: Sendable, Equatable, CustomStringConvertible {
  /// A word or phrase.
  case phrase(SearchPhrase)
  /// Phrases within `distance` words of each other (`NEAR(a b, 5)`).
  case near([SearchPhrase], distance: Int)
  /// Every one of the expressions (`AND`, or words side by side).
  indirect case and([SearchExpression])
  /// Any of the expressions (`OR`).
  indirect case or([SearchExpression])
  /// The first expression, without the notes the second finds (`NOT`, `-word`).
  indirect case not(SearchExpression, SearchExpression)

  /// Every one of `expressions`: nil for none, the expression itself for one.
  static func all(_ expressions: [SearchExpression]) -> SearchExpression? {
    expressions.count <= 1 ? expressions.first : .and(expressions)
  }

  /// Any of `expressions`: nil for none, the expression itself for one.
  static func any(_ expressions: [SearchExpression]) -> SearchExpression? {
    expressions.count <= 1 ? expressions.first : .or(expressions)
  }

  /// `found` without what any of `excluded` finds.
  static func excluding(_ found: SearchExpression?, _ excluded: [SearchExpression])
    -> SearchExpression?
  {
    guard let found else { return nil }
    guard let excluded = any(excluded) else { return found }
    return .not(found, excluded)
  }

  /// Whether the expression holds a CJK phrase anywhere.
  var holdsCJK: Bool {
    switch self {
    case .phrase(let phrase): return phrase.isCJK
    case .near(let phrases, _): return phrases.contains(where: \.isCJK)
    case .and(let parts), .or(let parts): return parts.contains(where: \.holdsCJK)
    case .not(let found, let excluded): return found.holdsCJK || excluded.holdsCJK
    }
  }

  /// The phrases a matching note holds (not those it must not hold).
  var foundPhrases: [SearchPhrase] {
    switch self {
    case .phrase(let phrase): return [phrase]
    case .near(let phrases, _): return phrases
    case .and(let parts), .or(let parts): return parts.flatMap(\.foundPhrases)
    case .not(let found, _): return found.foundPhrases
    }
  }

  /// The expression in FTS5's syntax, every group in parentheses.
  var description: String {
    switch self {
    case .phrase(let phrase):
      return phrase.description
    case .near(let phrases, let distance):
      return "NEAR(" + phrases.map(\.description).joined(separator: " ") + ", \(distance))"
    case .and(let parts):
      return parts.map(\.grouped).joined(separator: " AND ")
    case .or(let parts):
      return parts.map(\.grouped).joined(separator: " OR ")
    case .not(let found, let excluded):
      return found.grouped + " NOT " + excluded.grouped
    }
  }

  private var grouped: String {
    switch self {
    case .phrase, .near: return description
    case .and, .or, .not: return "(" + description + ")"
    }
  }
}
