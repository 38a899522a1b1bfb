import Testing

@testable import NoteStore

/// Reading queries: literal words or FTS5 syntax, `-word`, and the errors of malformed ones.
@Suite struct SearchQueryTests {
  /// The query in FTS5's syntax, as the word index would get it.
  func parsed(_ text: String) throws -> String {
    try SearchQuery(text).description
  }

  @Test(arguments: [
    ("10:00", #""10:00""#), ("e-mail", #""e-mail""#), ("don't", #""don't""#), ("c++", #""c++""#),
    ("bank mortgage", #""bank" AND "mortgage""#), ("meet*", #""meet" *"#),
    ("and or not near", #""and" AND "or" AND "not" AND "near""#),
    ("bank -mortgage", #""bank" NOT "mortgage""#),
    ("-loan bank -fee", #""bank" NOT ("loan" OR "fee")"#),
    ("café", #""café""#), ("日本", #""日本""#), ("日本*", #""日本""#),
  ])
  func wordsWithoutOperatorsAreLiteral(query: String, expected: String) throws {
    let parsed = try SearchQuery(query)
    #expect(!parsed.usesOperators)
    #expect(parsed.description == expected)
  }

  @Test func aLiteralWordGivenWithSpacesIsOnePhrase() throws {
    let query = try SearchQuery(words: ["call the bank", "-loan shark"])
    #expect(!query.usesOperators)
    #expect(query.description == #""call the bank" NOT "loan shark""#)
  }

  @Test(arguments: [
    ("bank AND mortgage", #""bank" AND "mortgage""#),
    ("bank OR café", #""bank" OR "café""#),
    ("(bank OR dentist)", #""bank" OR "dentist""#),
    ("bank NOT loan", #""bank" NOT "loan""#),
    (#""call the bank""#, #""call the bank""#),
    (#""say ""hi"" now""#, #""say ""hi"" now""#),
    (#""one two"*"#, #""one two" *"#), (#""one two" *"#, #""one two" *"#),
    ("NEAR(bank loan)", #"NEAR("bank" "loan", 10)"#),
    ("NEAR(bank loan, 3)", #"NEAR("bank" "loan", 3)"#),
    ("NEAR(bank loan,3)", #"NEAR("bank" "loan", 3)"#),
    (#"NEAR("a b" c ,3)"#, #"NEAR("a b" "c", 3)"#),
    (#""NEAR" station"#, #""NEAR" AND "station""#),
    // FTS5's precedence: side by side, then NOT, then AND, then OR.
    ("a OR b c", #""a" OR ("b" AND "c")"#),
    ("a b NOT c d", #"("a" AND "b") NOT ("c" AND "d")"#),
    ("a AND b NOT c", #""a" AND ("b" NOT "c")"#),
    ("a NOT b AND c", #"("a" NOT "b") AND "c""#),
    ("a NOT b NOT c", #"("a" NOT "b") NOT "c""#),
    ("a OR b AND c OR d", #""a" OR ("b" AND "c") OR "d""#),
    // -x leaves out what x finds, beside words or after AND.
    ("(bank OR dentist) -mortgage", #"("bank" OR "dentist") NOT "mortgage""#),
    ("bank AND -loan", #""bank" NOT "loan""#),
    (#"bank -"loan shark" -(fee OR tax)"#, #""bank" NOT ("loan shark" OR ("fee" OR "tax"))"#),
    ("(a -b) OR c", #"("a" NOT "b") OR "c""#),
    // Punctuation is text: words keep it, the index drops it.
    ("(10:00 OR e-mail)", #""10:00" OR "e-mail""#),
    ("(body:bank ^x +)", #""body:bank" AND "^x""#),
    ("(日本 OR bank)", #""日本" OR "bank""#),
  ])
  func operatorsParenthesesAndQuotesAreFTS5Syntax(query: String, expected: String) throws {
    let parsed = try SearchQuery(query)
    #expect(parsed.usesOperators)
    #expect(parsed.description == expected)
  }

  @Test(arguments: [
    ("\"bank", SearchQueryError.unclosedQuote),
    ("bank \"loan \"\" shark", .unclosedQuote),
    ("(bank OR loan", .unclosedParenthesis),
    ("((bank)", .unclosedParenthesis),
    ("bank)", .unopenedParenthesis),
    (")", .unopenedParenthesis),
    ("()", .emptyGroup),
    ("bank OR", .missingOperand(operator: "OR", before: false)),
    ("OR bank", .missingOperand(operator: "OR", before: true)),
    ("AND", .missingOperand(operator: "AND", before: true)),
    ("bank AND OR loan", .missingOperand(operator: "AND", before: false)),
    ("NOT bank", .missingOperand(operator: "NOT", before: true)),
    ("bank NOT", .missingOperand(operator: "NOT", before: false)),
    ("(bank NOT) loan", .missingOperand(operator: "NOT", before: false)),
    ("NEAR(", .malformedNear("is not closed by ')'")),
    ("NEAR(a b, x)", .malformedNear("distance 'x' is not a number")),
    ("NEAR(a b,)", .malformedNear("has a ',' but no distance")),
    ("NEAR(a (b))", .malformedNear("holds only phrases and a distance, not '('")),
    ("NEAR(a OR b)", .malformedNear("holds only phrases and a distance, not 'OR'")),
    ("NEAR(日本 bank)", .nearWithCJK("日本")),
    ("bank NEAR mortgage", .malformedNear(nearWithoutParentheses)),
    ("NEAR station", .malformedNear(nearWithoutParentheses)),
    ("-bank", .onlyExclusions("-bank")),
    ("-bank -loan", .onlyExclusions("-bank")),
    ("(-bank)", .onlyExclusions("-bank")),
    ("\"+\" -bank", .onlyExclusions("-bank")),
    ("bank OR -loan", .misplacedExclusion("-loan")),
    ("-loan OR bank", .misplacedExclusion("-loan")),
    ("bank NOT -loan", .misplacedExclusion("-loan")),
  ])
  func malformedQueriesNameTheProblem(query: String, error: SearchQueryError) {
    // (The detail of NEAR without parentheses: `nearWithoutParentheses`.)
    #expect(throws: error) { try SearchQuery(query) }
  }

  @Test func errorMessagesSayWhatIsAccepted() {
    #expect(
      SearchQueryError.missingOperand(operator: "OR", before: false).description
        == "'OR' needs something to search for after it, as in 'bank OR loan'")
    #expect(
      SearchQueryError.onlyExclusions("-bank").description
        == "'-bank' only leaves words out: add a word to search for, as in 'bank -bank'")
    #expect(
      SearchQueryError.malformedNear("is not closed by ')'").description
        == "NEAR is not closed by ')': write NEAR(word word) or NEAR(word word, 5)")
    #expect(SearchQueryError.unclosedQuote.description.hasPrefix("a double quote is not closed"))
    #expect(
      SearchQueryError.onlyExclusions("-\u{1B}[2J").description.contains("\\u{1b}[2J"))
  }

  @Test(arguments: ["", "   ", "++", "*", "-", "— –", "\"\"", "(+)", "\" \"", "NEAR(+ -)"])
  func aQueryOfPunctuationFindsNothing(query: String) throws {
    #expect(try SearchQuery(query).isEmpty)
  }

  @Test func emptyOperandsOfOperatorsDropOut() throws {
    #expect(try parsed("bank OR +") == #""bank""#)
    #expect(try parsed("bank NOT +") == #""bank""#)
    #expect(try parsed("+ NOT bank").isEmpty)
    #expect(try parsed("NEAR(bank +, 2)") == #""bank""#)
  }

  @Test func cjkPhrasesAreMarkedForTheSubstringIndex() throws {
    let query = try SearchQuery("(日本 OR 학교 OR ｶﾀｶﾅ OR bank) -東京*")
    let phrases = try #require(query.expression).foundPhrases
    #expect(phrases.map(\.isCJK) == [true, true, true, false])
    #expect(try #require(query.expression).holdsCJK)
    #expect(try !#require(SearchQuery("café naïve").expression).holdsCJK)
  }
}

/// What `bank NEAR mortgage` is told: the word NEAR alone is not the operator.
let nearWithoutParentheses =
  #"without parentheses is not the operator (to find the word, quote it: "NEAR")"#
