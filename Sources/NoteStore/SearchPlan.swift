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
  /// The days searched.
  let days: ClosedRange<Day>
  /// The plan of a query that is one short CJK phrase: a scan with no subquery to join.
  private var scan: Scan?

  /// The plan of `expression`, limited to `days`.
  init(_ expression: SearchExpression, days: ClosedRange<Day>) {
    self.days = days
    if case .phrase(let phrase) = expression, phrase.isCJK, phrase.text.unicodeScalars.count < 3 {
      scan = Scan(phrase, days: days)
    }
    switch SearchPlan.part(expression, days: days) {
    case .words(let match):
      (sql, values) = SearchPlan.rows(matching: match)
      isWordsOnly = true
    case .rows(let sql, let values):
      (self.sql, self.values) = (sql, values)
      isWordsOnly = false
    }
  }

  /// The query for the ids of the best `limit` matches (all for nil), best first, each with
  /// the number of matches.
  func rankedIDs(limit: Int?) -> (sql: String, values: [DatabaseValue]) {
    let limitValue = DatabaseValue.int(limit.map { max(0, $0) } ?? -1)
    let dayValues: [DatabaseValue] = [
      .int(days.lowerBound.dayNumber), .int(days.upperBound.dayNumber),
    ]
    if let scan {
      // The notes are read once: their day is at hand, and no join by id is needed.
      return (
        "SELECT id, count(*) OVER () FROM notes WHERE \(scan.condition) "
          + "ORDER BY \(scan.score), day DESC, id DESC LIMIT ?",
        scan.conditionValues + scan.scoreValues + [limitValue]
      )
    }
    return (
      """
      SELECT m.id, count(*) OVER () FROM (\(sql)) AS m JOIN notes AS n ON n.id = m.id
      WHERE n.day BETWEEN ? AND ? ORDER BY m.score, n.day DESC, m.id DESC LIMIT ?
      """,
      values + dayValues + [limitValue]
    )
  }

  /// The query for the number of matches alone.
  func count() -> (sql: String, values: [DatabaseValue]) {
    (
      "SELECT count(*) FROM (\(sql)) AS m JOIN notes AS n ON n.id = m.id "
        + "WHERE n.day BETWEEN ? AND ?",
      values + [.int(days.lowerBound.dayNumber), .int(days.upperBound.dayNumber)]
    )
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
  private static func cjkRows(_ phrase: SearchPhrase, days: ClosedRange<Day>) -> Part {
    if phrase.text.unicodeScalars.count >= 3 {
      return .rows(
        "SELECT rowid AS id, bm25(notes_cjk) AS score FROM notes_cjk WHERE notes_cjk MATCH ?",
        [.text(phrase.description)])
    }
    let scan = Scan(phrase, days: days)
    return .rows(
      "SELECT id, \(scan.score) AS score FROM notes WHERE \(scan.condition)",
      scan.scoreValues + scan.conditionValues)
  }

  /// A scan of the bodies for a phrase of one or two characters.
  ///
  /// LIKE, SQLite's fastest scan of text (faster than instr()), folding the case of ASCII
  /// letters as the trigram index does; no ESCAPE clause and no test of the day unless needed
  /// (each costs 4 % and 12 % of a scan's instructions). The score is bm25's term-frequency
  /// part (k1 = 1.2, b = 0.75, over characters, with 60 characters as the average note) for how
  /// often the note holds the phrase: −2.2 / (1 + K / f) uses the count f once, so replace()
  /// runs once a row.
  private struct Scan {
    /// The expression scoring a note (lower is better).
    let score: String
    /// The condition a note must meet.
    let condition: String
    /// The values of `score`'s parameters.
    let scoreValues: [DatabaseValue]
    /// The values of `condition`'s parameters.
    let conditionValues: [DatabaseValue]

    init(_ phrase: SearchPhrase, days: ClosedRange<Day>) {
      let text = phrase.text
      let foldsCase = text.utf8.contains { (65...90).contains($0) || (97...122).contains($0) }
      let body = foldsCase ? "lower(body)" : "body"
      let needle = foldsCase ? "lower(?)" : "?"
      let found = "max(1, length(body) - length(replace(\(body), \(needle), '')))"
      score =
        "-2.2 / (1 + 1.2 * (0.25 + 0.75 * length(body) / 60.0) * "
        + "\(text.unicodeScalars.count) / \(found))"
      scoreValues = [.text(text)]
      var condition = ""
      var values: [DatabaseValue] = []
      if days != Day.first...Day.last {
        condition = "day BETWEEN ? AND ? AND "
        values = [.int(days.lowerBound.dayNumber), .int(days.upperBound.dayNumber)]
      }
      let escaped = SearchPlan.escapedForLike(text)
      condition += escaped == text ? "body LIKE ?" : "body LIKE ? ESCAPE '\\'"
      self.condition = condition
      conditionValues = values + [.text("%" + escaped + "%")]
    }
  }

  /// `text` with LIKE's wildcards and the escape character escaped by `\`.
  static func escapedForLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
