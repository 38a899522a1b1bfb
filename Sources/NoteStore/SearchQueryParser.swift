/// Reads a query in FTS5's syntax into a `SearchExpression`, or says what is wrong with it.
///
/// The grammar is FTS5's, with its precedence: words side by side bind tightest (an implicit
/// `AND`), then `NOT`, then `AND`, then `OR`; parentheses group; `"…"` is a phrase (`""` is a
/// quote inside it); a trailing `*` makes a prefix; `NEAR(phrase phrase…[, N])` finds phrases
/// within N words (10 by default). Two additions: `-x` before a word, phrase or group leaves
/// out what `x` finds, and a word may hold any character but white space, parentheses and
/// double quotes (`10:00`, `e-mail` are literal words, as FTS5 itself would refuse them).
/// Column filters (`body:`), `^` and `+` are not operators here: they are punctuation in a
/// word, which the index ignores.
struct SearchQueryParser {
  /// A unit of the query's text.
  enum Token: Equatable {
    case word(String)
    case string(String)
    case open
    case close
    case minus
    case star
    case and
    case or
    case not
    case near
  }

  /// What a part of the query finds: an expression (nil when it holds nothing searchable)
  /// and what it leaves out (`-x`), applied by the `AND` around it.
  struct Operand {
    var found: [SearchExpression] = []
    var excluded: [SearchExpression] = []
    /// The first exclusion as typed, for messages.
    var exclusionText: String?

    mutating func merge(_ other: Operand) {
      found += other.found
      excluded += other.excluded
      exclusionText = exclusionText ?? other.exclusionText
    }
  }

  private var tokens: [Token] = []
  private var texts: [String] = []
  private var position = 0
  private let text: String

  init(text: String) {
    self.text = text
  }

  /// Parses the whole text.
  ///
  /// - Returns: The expression, or nil when the query holds nothing to search for.
  /// - Throws: `SearchQueryError` naming the first problem.
  mutating func parse() throws(SearchQueryError) -> SearchExpression? {
    try tokenize()
    let operand = try parseOr()
    if position < tokens.count {
      // parseOr stops only at the end or at a ')' it did not open.
      throw .unopenedParenthesis
    }
    return try complete(operand)
  }

  // MARK: - Tokens

  private mutating func tokenize() throws(SearchQueryError) {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
    func ends(_ scalar: Unicode.Scalar) -> Bool {
      isSpace(scalar) || scalar == "(" || scalar == ")" || scalar == "\""
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let start = index
      if isSpace(scalar) {
        index += 1
        continue
      }
      switch scalar {
      case "(":
        append(.open, "(")
        index += 1
      case ")":
        append(.close, ")")
        index += 1
      case "\"":
        var phrase = String.UnicodeScalarView()
        index += 1
        var closed = false
        while index < scalars.count {
          if scalars[index] == "\"" {
            if index + 1 < scalars.count && scalars[index + 1] == "\"" {
              phrase.append("\"")
              index += 2
              continue
            }
            closed = true
            index += 1
            break
          }
          phrase.append(scalars[index])
          index += 1
        }
        guard closed else { throw .unclosedQuote }
        append(.string(String(phrase)), String(String.UnicodeScalarView(scalars[start..<index])))
        if index < scalars.count && scalars[index] == "*" {
          append(.star, "*")
          index += 1
        }
      case "-"
      where index + 1 < scalars.count && !isSpace(scalars[index + 1])
        && scalars[index + 1] != ")":
        append(.minus, "-")
        index += 1
      default:
        while index < scalars.count && !ends(scalars[index]) { index += 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<index]))
        switch word {
        case "AND": append(.and, word)
        case "OR": append(.or, word)
        case "NOT": append(.not, word)
        case "*": append(.star, word)
        case "NEAR" where index < scalars.count && scalars[index] == "(": append(.near, word)
        case "NEAR":
          // `bank NEAR mortgage` would search for the word NEAR too, and find nothing: say
          // why instead.
          throw .malformedNear(
            "without parentheses is not the operator (to find the word, quote it: \"NEAR\")")
        default: append(.word(word), word)
        }
      }
    }
  }

  private mutating func append(_ token: Token, _ text: String) {
    tokens.append(token)
    texts.append(text)
  }

  private var next: Token? { position < tokens.count ? tokens[position] : nil }

  /// Whether `token` can start an operand: a phrase, a group, `NEAR` or an exclusion.
  private static func startsOperand(_ token: Token?) -> Bool {
    switch token {
    case .word, .string, .open, .minus, .near, .star: return true
    case .close, .and, .or, .not, nil: return false
    }
  }

  // MARK: - Grammar

  /// `and ("OR" and)*`: every side must find something by itself.
  private mutating func parseOr() throws(SearchQueryError) -> Operand {
    var first = try parseAnd()
    guard next == .or else { return first }
    var alternatives: [SearchExpression] = []
    if let expression = try standalone(first) { alternatives.append(expression) }
    while next == .or {
      position += 1
      try requireOperand(after: "OR")
      if let expression = try standalone(try parseAnd()) { alternatives.append(expression) }
    }
    first = Operand()
    if let any = SearchExpression.any(alternatives) { first.found = [any] }
    return first
  }

  /// `not ("AND" not)*`: found parts all needed, exclusions gathered.
  private mutating func parseAnd() throws(SearchQueryError) -> Operand {
    if next == .and || next == .or || next == .not {
      throw .missingOperand(operator: texts[position], before: true)
    }
    var operand = try parseNot()
    while next == .and {
      position += 1
      try requireOperand(after: "AND")
      operand.merge(try parseNot())
    }
    return operand
  }

  /// `list ("NOT" list)*`, left to right.
  private mutating func parseNot() throws(SearchQueryError) -> Operand {
    var operand = try parseList()
    while next == .not {
      position += 1
      try requireOperand(after: "NOT")
      let excluded = try standalone(try parseList())
      let found = try standalone(operand)
      operand = Operand()
      if let found {
        operand.found = [excluded.map { .not(found, $0) } ?? found]
      }
    }
    return operand
  }

  /// Operands side by side: all needed.
  private mutating func parseList() throws(SearchQueryError) -> Operand {
    var operand = Operand()
    while Self.startsOperand(next) {
      operand.merge(try parseItem())
    }
    return operand
  }

  /// `-primary` or `primary`.
  private mutating func parseItem() throws(SearchQueryError) -> Operand {
    guard next == .minus else { return try parsePrimary() }
    let start = position
    position += 1
    guard Self.startsOperand(next), next != .minus else { return Operand() }
    let inner = try parsePrimary()
    var operand = Operand()
    if let expression = try complete(inner) {
      operand.excluded = [expression]
      operand.exclusionText = texts[start..<position].joined()
    }
    return operand
  }

  /// A phrase, a group or `NEAR(…)`.
  private mutating func parsePrimary() throws(SearchQueryError) -> Operand {
    var operand = Operand()
    switch next {
    case .open:
      position += 1
      if next == .close { throw .emptyGroup }
      let inner = try parseOr()
      guard next == .close else { throw .unclosedParenthesis }
      position += 1
      // A group is one operand: its exclusions apply inside it.
      if let expression = try complete(inner) { operand.found = [expression] }
    case .near:
      position += 1
      if let near = try parseNear() { operand.found = [near] }
    case .word(let word):
      position += 1
      let isPrefix = word.count > 1 && word.hasSuffix("*")
      let phrase = SearchPhrase(
        text: String(isPrefix ? word.dropLast() : word[...]), isPrefix: isPrefix)
      if phrase.isSearchable { operand.found = [.phrase(phrase)] }
    case .string(let text):
      position += 1
      let isPrefix = next == .star
      if isPrefix { position += 1 }
      let phrase = SearchPhrase(text: text, isPrefix: isPrefix)
      if phrase.isSearchable { operand.found = [.phrase(phrase)] }
    case .star:
      // A `*` on its own: punctuation.
      position += 1
    case .close, .and, .or, .not, .minus, nil:
      break
    }
    return operand
  }

  /// `(phrase phrase… [, N])` after `NEAR`.
  private mutating func parseNear() throws(SearchQueryError) -> SearchExpression? {
    guard next == .open else { throw .malformedNear("must be followed by '('") }
    position += 1
    var phrases: [SearchPhrase] = []
    var distance: Int?
    var sawComma = false
    func add(_ text: String, prefix: Bool) throws(SearchQueryError) {
      let phrase = SearchPhrase(text: text, isPrefix: prefix)
      if phrase.isCJK { throw .nearWithCJK(text) }
      if phrase.isSearchable { phrases.append(phrase) }
    }
    loop: while true {
      switch next {
      case .close:
        position += 1
        break loop
      case .string(let text):
        guard !sawComma else { throw .malformedNear("takes phrases before the ',' only") }
        position += 1
        let isPrefix = next == .star
        if isPrefix { position += 1 }
        try add(text, prefix: isPrefix)
      case .word(let word):
        position += 1
        // `a,`, `a,5`, `,5`, `,`: a comma ends the phrases; what follows is the distance.
        let parts = word.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        if !sawComma, !parts[0].isEmpty {
          let isPrefix = parts[0].count > 1 && parts[0].hasSuffix("*")
          try add(String(isPrefix ? parts[0].dropLast() : parts[0]), prefix: isPrefix)
        } else if sawComma, parts.count == 1 {
          guard distance == nil, let value = Int(word), value >= 0 else {
            throw .malformedNear("distance '\(SearchQueryError.quoted(word))' is not a number")
          }
          distance = value
        }
        if parts.count == 2 {
          guard !sawComma else { throw .malformedNear("has more than one ','") }
          sawComma = true
          if !parts[1].isEmpty {
            guard let value = Int(parts[1]), value >= 0 else {
              throw .malformedNear(
                "distance '\(SearchQueryError.quoted(parts[1]))' is not a number")
            }
            distance = value
          }
        }
      case nil:
        throw .malformedNear("is not closed by ')'")
      default:
        throw .malformedNear("holds only phrases and a distance, not '\(texts[position])'")
      }
    }
    if sawComma && distance == nil { throw .malformedNear("has a ',' but no distance") }
    if phrases.isEmpty { return nil }
    if phrases.count == 1 { return .phrase(phrases[0]) }
    return .near(phrases, distance: distance ?? 10)
  }

  // MARK: - Helpers

  private func requireOperand(after name: String) throws(SearchQueryError) {
    guard Self.startsOperand(next) else {
      throw .missingOperand(operator: name, before: false)
    }
  }

  /// The expression an operand stands for where exclusions cannot reach outside it (a side of
  /// `OR` or `NOT`): its exclusions applied, nil when it holds nothing.
  private func standalone(_ operand: Operand) throws(SearchQueryError) -> SearchExpression? {
    if operand.found.isEmpty, let text = operand.exclusionText {
      throw .misplacedExclusion(text)
    }
    return SearchExpression.excluding(.all(operand.found), operand.excluded)
  }

  /// The expression of the whole query or a group.
  private func complete(_ operand: Operand) throws(SearchQueryError) -> SearchExpression? {
    if operand.found.isEmpty, let text = operand.exclusionText {
      throw .onlyExclusions(text)
    }
    return SearchExpression.excluding(.all(operand.found), operand.excluded)
  }
}
