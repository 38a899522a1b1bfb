/// What `search` looks for: words taken literally, or a query in FTS5's syntax.
///
/// A query is FTS5 syntax when it holds `AND`, `OR`, `NOT` or `NEAR` as a word, a parenthesis
/// or a double quote: `bank AND mortgage`, `(bank OR dentist) -mortgage`, `"call the bank"`,
/// `NEAR(bank loan, 5)`. Otherwise every word is literal (`10:00`, `e-mail`, `don't`, `c++`
/// find what they say), every word must be found, and a word ending in `*` is a prefix.
/// In both, `-word` leaves out the notes holding the word (FTS5's `NOT`).
///
/// Words are whole words with case and diacritics folded (`cafe` finds `café`). A word or
/// phrase holding text written without spaces between words (Chinese, Japanese, Korean) is
/// found anywhere inside the text, from one character up (`日本` finds `日本語のメモ`).
public struct SearchQuery: Sendable, Equatable, CustomStringConvertible {
  /// The parsed query; nil when it holds nothing to search for (only punctuation).
  let expression: SearchExpression?

  /// Whether the query was read as FTS5 syntax rather than as literal words.
  public let usesOperators: Bool

  /// Reads a query typed as one text: its words are what white space separates.
  ///
  /// - Throws: `SearchQueryError` for a malformed FTS5 query.
  public init(_ text: String) throws(SearchQueryError) {
    try self.init(words: text.split(whereSeparator: \.isWhitespace).map(String.init))
  }

  /// Reads a query given as words, such as the command line's arguments.
  ///
  /// In a literal query each word is one phrase, even one holding spaces; in FTS5 syntax the
  /// words are read as one text.
  ///
  /// - Throws: `SearchQueryError` for a malformed FTS5 query.
  public init(words: [String]) throws(SearchQueryError) {
    usesOperators = SearchQuery.usesOperators(words)
    if usesOperators {
      var parser = SearchQueryParser(text: words.joined(separator: " "))
      expression = try parser.parse()
    } else {
      expression = try SearchQuery.literal(words)
    }
  }

  /// Whether `words` read as FTS5 syntax: one is `AND`, `OR`, `NOT` or `NEAR`, or one holds a
  /// parenthesis or a double quote.
  public static func usesOperators(_ words: [String]) -> Bool {
    words.contains { word in
      word.contains { $0 == "(" || $0 == ")" || $0 == "\"" }
        || word.split(whereSeparator: \.isWhitespace).contains {
          $0 == "AND" || $0 == "OR" || $0 == "NOT" || $0 == "NEAR"
        }
    }
  }

  /// Whether the query holds nothing to search for, such as only punctuation; it finds no
  /// notes.
  public var isEmpty: Bool { expression == nil }

  /// The query in FTS5's syntax, every phrase quoted and every group in parentheses.
  public var description: String { expression?.description ?? "" }

  /// Literal words: each a phrase, `-word` excluded, `word*` a prefix.
  private static func literal(_ words: [String]) throws(SearchQueryError) -> SearchExpression? {
    var found: [SearchExpression] = []
    var excluded: [SearchExpression] = []
    var firstExclusion: String?
    for word in words {
      var text = word[...]
      let isExclusion = text.count > 1 && text.first == "-"
      if isExclusion { text = text.dropFirst() }
      let isPrefix = text.count > 1 && text.last == "*"
      if isPrefix { text = text.dropLast() }
      let phrase = SearchPhrase(text: String(text), isPrefix: isPrefix)
      guard phrase.isSearchable else { continue }
      if isExclusion {
        excluded.append(.phrase(phrase))
        firstExclusion = firstExclusion ?? word
      } else {
        found.append(.phrase(phrase))
      }
    }
    if found.isEmpty, let firstExclusion { throw .onlyExclusions(firstExclusion) }
    return SearchExpression.excluding(.all(found), excluded)
  }
}
