import CalendarPaging

/// A query compiled to SQL: a subquery selecting `id` and `score` (lower is better, as FTS5's
/// bm25) of every matching note.
///
/// A query without CJK text is one `MATCH` on the word index, `notes_fts`, whatever its
/// operators: FTS5 runs it. CJK phrases are looked up elsewhere, so an expression holding one
/// becomes SQL over row sets: each CJK-free part still one `MATCH`, a CJK phrase of three
/// characters or more a `MATCH` on the trigram index `notes_cjk`, a shorter one a scan of the
/// bodies (trigrams cannot hold it); `AND` joins the sets, `OR` unites them, `NOT` subtracts.
/// Scores add up across the parts a note matched.
struct SearchPlan {
  /// The subquery.
  var sql: String
  /// The values bound to its parameters, in order.
  var values: [DatabaseValue]
  /// Whether the plan is one `MATCH` on the word index (its SQL is the same for every query).
  var isWordsOnly: Bool

  /// The plan of `expression`; CJK scans are limited to `days`.
  init(_ expression: SearchExpression, days: ClosedRange<Day>) {
    switch SearchPlan.part(expression, days: days) {
    case .words(let match):
      (sql, values) = SearchPlan.rows(matching: match)
      isWordsOnly = true
    case .rows(let sql, let values):
      (self.sql, self.values) = (sql, values)
      isWordsOnly = false
    }
  }

  /// A compiled part: FTS5 syntax for the word index, or a row set.
  private enum Part {
    case words(String)
    case rows(String, [DatabaseValue])
  }

  /// The notes the word index finds for `match`, scored by bm25.
  static func rows(matching match: String) -> (String, [DatabaseValue]) {
    (
      "SELECT rowid AS id, bm25(notes_fts) AS score FROM notes_fts WHERE notes_fts MATCH ?",
      [.text(match)]
    )
  }

  private static func part(_ expression: SearchExpression, days: ClosedRange<Day>) -> Part {
    guard expression.holdsCJK else { return .words(expression.description) }
    switch expression {
    case .phrase(let phrase):
      return cjkRows(phrase, days: days)
    case .near:
      // The parser refuses NEAR around CJK text.
      return .words(expression.description)
    case .and(let parts):
      let compiled = merged(parts.map { part($0, days: days) }, operator: "AND")
      let sets = compiled.enumerated().map { index, part in (index, sql(part)) }
      var text = "SELECT p0.id AS id, " + sets.map { "p\($0.0).score" }.joined(separator: " + ")
      text += " AS score FROM (\(sets[0].1.0)) AS p0"
      for (index, set) in sets.dropFirst() {
        text += " JOIN (\(set.0)) AS p\(index) ON p\(index).id = p0.id"
      }
      return .rows(text, sets.flatMap(\.1.1))
    case .or(let parts):
      let sets = merged(parts.map { part($0, days: days) }, operator: "OR").map(sql)
      let union = sets.map { "SELECT id, score FROM (\($0.0))" }.joined(separator: " UNION ALL ")
      return .rows(
        "SELECT id, sum(score) AS score FROM (\(union)) GROUP BY id", sets.flatMap(\.1))
    case .not(let found, let excluded):
      let (foundSQL, foundValues) = sql(part(found, days: days))
      let (excludedSQL, excludedValues) = sql(part(excluded, days: days))
      return .rows(
        "SELECT id, score FROM (\(foundSQL)) WHERE id NOT IN (SELECT id FROM (\(excludedSQL)))",
        foundValues + excludedValues)
    }
  }

  /// The parts, with every word-index part joined into one `MATCH` (FTS5 combines those
  /// faster than SQL can).
  private static func merged(_ parts: [Part], operator name: String) -> [Part] {
    var words: [String] = []
    var rows: [Part] = []
    for part in parts {
      switch part {
      case .words(let match): words.append("(" + match + ")")
      case .rows: rows.append(part)
      }
    }
    return words.isEmpty ? rows : [.words(words.joined(separator: " \(name) "))] + rows
  }

  private static func sql(_ part: Part) -> (String, [DatabaseValue]) {
    switch part {
    case .words(let match): return rows(matching: match)
    case .rows(let sql, let values): return (sql, values)
    }
  }

  /// A CJK phrase: the trigram index from three characters, else a scan of the bodies.
  ///
  /// A scan scores a note by how often it holds the phrase, shaped as bm25's term frequency
  /// (k1 = 1.2, b = 0.75, over characters, with 60 characters as the average note).
  private static func cjkRows(_ phrase: SearchPhrase, days: ClosedRange<Day>) -> Part {
    if phrase.text.unicodeScalars.count >= 3 {
      return .rows(
        "SELECT rowid AS id, bm25(notes_cjk) AS score FROM notes_cjk WHERE notes_cjk MATCH ?",
        [.text(phrase.description)])
    }
    // Case folds as the trigram index folds it only for ASCII letters: LIKE then, else the
    // faster exact instr().
    let foldsCase = phrase.text.utf8.contains { (65...90).contains($0) || (97...122).contains($0) }
    let body = foldsCase ? "lower(body)" : "body"
    let needle = foldsCase ? "lower(?)" : "?"
    let test = foldsCase ? "body LIKE ? ESCAPE '\\'" : "instr(body, ?) > 0"
    let frequency = "((length(body) - length(replace(\(body), \(needle), ''))) * 1.0 / length(?))"
    let score = "-(\(frequency) * 2.2) / (\(frequency) + 1.2 * (0.25 + 0.75 * length(body) / 60.0))"
    let pattern = foldsCase ? "%" + escapedForLike(phrase.text) + "%" : phrase.text
    let text = DatabaseValue.text(phrase.text)
    return .rows(
      "SELECT id, \(score) AS score FROM notes WHERE day BETWEEN ? AND ? AND \(test)",
      [
        text, text, text, text, .int(days.lowerBound.dayNumber),
        .int(days.upperBound.dayNumber), .text(pattern),
      ])
  }

  /// `text` with LIKE's wildcards and the escape character escaped by `\`.
  private static func escapedForLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
