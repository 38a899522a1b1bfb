/// Finds what a mistyped word was probably meant to be: `nxt` → `next`, `--colour` → `--color`.
public enum Suggestion {
  /// The candidate `word` most likely stands for, or nil when none is close enough.
  ///
  /// In order: a candidate equal to `word` ignoring ASCII case; the only candidate that `word`
  /// begins (`sea` → `search`, `--dry` → `--dry-run`), if it has at least 2 characters; the
  /// candidate at the smallest edit distance (Damerau–Levenshtein, optimal string alignment,
  /// ignoring ASCII case), the earliest on a tie, within 1 edit for words of 3 or 4
  /// characters, 2 up to 8 and 3 beyond, and none for shorter ones (`-x` is not a typo of
  /// `-h`). Leading dashes do not count in these lengths.
  ///
  /// - Complexity: O(*c* × *w* × *l*) for *c* candidates of length *l* and a word of length *w*.
  public static func nearest(to word: some StringProtocol, among candidates: [String]) -> String? {
    let typed = lowercasedScalars(word)
    let significant = typed.drop { $0 == "-" }.count
    guard significant > 0 else { return nil }
    let lowered = candidates.map(lowercasedScalars)
    if let exact = lowered.firstIndex(of: typed) { return candidates[exact] }
    if significant >= 2 {
      let extending = lowered.indices.filter { lowered[$0].starts(with: typed) }
      if extending.count == 1 { return candidates[extending[0]] }
    }
    let limit = significant <= 2 ? 0 : significant <= 4 ? 1 : significant <= 8 ? 2 : 3
    var best: (index: Int, distance: Int)?
    for index in lowered.indices where abs(lowered[index].count - typed.count) <= limit {
      // The length difference is a lower bound of the distance.
      let distance = editDistance(typed, lowered[index])
      if distance <= limit, distance < best?.distance ?? Int.max {
        best = (index, distance)
      }
    }
    return best.map { candidates[$0.index] }
  }

  /// The optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of adjacent characters, each costing 1.
  ///
  /// - Complexity: O(*m* × *n*).
  public static func editDistance(_ source: [Unicode.Scalar], _ target: [Unicode.Scalar]) -> Int {
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    let width = target.count + 1
    // Three rows of the table, on the stack: this runs once per candidate per typo.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      var beforePrevious = 0
      var previous = width
      var current = 2 * width
      for j in 0..<width { rows[previous + j] = j }
      for i in 1...source.count {
        rows[current] = i
        for j in 1...target.count {
          let cost = source[i - 1] == target[j - 1] ? 0 : 1
          var value = min(
            rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
          if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
            value = min(value, rows[beforePrevious + j - 2] + 1)
          }
          rows[current + j] = value
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
      }
      return rows[previous + target.count]
    }
  }

  /// `word`'s Unicode scalars with ASCII letters lower-cased; at most 64, so a pasted paragraph
  /// costs no more than a word.
  private static func lowercasedScalars(_ word: some StringProtocol) -> [Unicode.Scalar] {
    word.unicodeScalars.prefix(64).map { scalar in
      (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }
  }

  /// `; did you mean '…'?` for the candidate nearest `word`, or an empty string.
  public static func phrase(for word: some StringProtocol, among candidates: [String]) -> String {
    guard let nearest = nearest(to: word, among: candidates) else { return "" }
    return "; did you mean '\(nearest)'?"
  }
}
