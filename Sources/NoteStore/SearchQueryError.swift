/// Why a search query cannot be run: one line naming the problem (a usage error for the
/// command line).
public enum SearchQueryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A double quote opens a phrase that never closes.
  case unclosedQuote
  /// A `(` is never closed.
  case unclosedParenthesis
  /// A `)` closes nothing.
  case unopenedParenthesis
  /// `()`: a group with nothing in it.
  case emptyGroup
  /// `AND`, `OR` or `NOT` without something to search for on one side.
  case missingOperand(operator: String, before: Bool)
  /// `NEAR` not written as `NEAR(phrase phrase…[, distance])`.
  case malformedNear(String)
  /// `NEAR` around text with no spaces between words, which is found inside words.
  case nearWithCJK(String)
  /// Only words to leave out (`-bank`), nothing to find.
  case onlyExclusions(String)
  /// An exclusion where it means nothing, such as after `OR` (`bank OR -loan`).
  case misplacedExclusion(String)
  /// The search index refused a query the parser accepted.
  case refusedByIndex

  /// One line saying what is wrong and what is accepted.
  public var description: String {
    switch self {
    case .unclosedQuote:
      return "a double quote is not closed: write a phrase as \"two words\""
    case .unclosedParenthesis:
      return "'(' is not closed by ')'"
    case .unopenedParenthesis:
      return "')' has no '(' to close"
    case .emptyGroup:
      return "'()' holds nothing to search for"
    case .missingOperand(let name, true):
      return "'\(name)' needs something to search for before it, as in 'bank \(name) loan'"
    case .missingOperand(let name, false):
      return "'\(name)' needs something to search for after it, as in 'bank \(name) loan'"
    case .malformedNear(let detail):
      return "NEAR \(detail): write NEAR(word word) or NEAR(word word, 5)"
    case .nearWithCJK(let phrase):
      return "NEAR cannot hold '\(SearchQueryError.quoted(phrase))': text without spaces "
        + "between words is found inside words, not near others"
    case .onlyExclusions(let text):
      return "'\(SearchQueryError.quoted(text))' only leaves words out: add a word to search "
        + "for, as in 'bank -\(SearchQueryError.quoted(text.drop { $0 == "-" }))'"
    case .misplacedExclusion(let text):
      return "'\(SearchQueryError.quoted(text))' leaves words out where nothing is searched "
        + "for: put it beside a word, as in 'bank \(SearchQueryError.quoted(text))'"
    case .refusedByIndex:
      return "the search index cannot run this query: put words with punctuation in double "
        + "quotes, as in \"e-mail\""
    }
  }

  /// The text on one line: control characters escaped, long text cut.
  static func quoted(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(64) {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return text.unicodeScalars.count > 64 ? result + "…" : result
  }
}
