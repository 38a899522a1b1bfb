/// An incremental search through the history, as Ctrl-R (back) and Ctrl-S (forward) run it:
/// each character typed narrows it, Ctrl-R again finds the next older match.
///
/// ```swift
/// var search = HistorySearch(entries: history, from: history.count, direction: .backward)
/// search.type("2024")        // the newest entry holding "2024"
/// search.next()              // the one before it
/// search.match?.entry        // what the line shows; match?.offset: where the cursor goes
/// ```
///
/// A match is an entry holding the query (case-sensitive, by characters); entries with the
/// same text as the current match are stepped over, so every step shows a new line. When
/// nothing more matches, the last match stays and `isFailing` says so.
package struct HistorySearch: Sendable {
  /// Which way the search goes through the history.
  package enum Direction: Sendable {
    /// To older entries (Ctrl-R).
    case backward
    /// To newer entries (Ctrl-S).
    case forward
  }

  /// A matching entry.
  package struct Match: Sendable {
    /// Its index in the history.
    package var index: Int
    /// Its text.
    package var entry: String
    /// Where the query starts in it, in characters.
    package var offset: Int
  }

  /// The entries searched, oldest first.
  package let entries: [String]
  /// The history position the search started from (`entries.count` for a new line).
  package let origin: Int
  /// The way it goes.
  package private(set) var direction: Direction
  /// What is searched for.
  package private(set) var query = ""
  /// The match shown, if any.
  package private(set) var match: Match?
  /// Whether the query, as typed last, matched nothing more (the last match stays).
  package private(set) var isFailing = false

  /// A search through `entries` from position `origin`, going `direction`.
  package init(entries: [String], from origin: Int, direction: Direction) {
    self.entries = entries
    self.origin = min(max(origin, 0), entries.count)
    self.direction = direction
  }

  /// Adds `text` to the query and looks again, from the current match on (it may still match).
  package mutating func type(_ text: String) {
    query += text
    let start = match?.index ?? firstIndex
    find(from: start, skipping: nil)
  }

  /// Removes the query's last character and looks again from the start.
  package mutating func deleteBackward() {
    guard !query.isEmpty else { return }
    query.removeLast()
    match = nil
    isFailing = false
    guard !query.isEmpty else { return }
    find(from: firstIndex, skipping: nil)
  }

  /// The next match going `direction` (Ctrl-R again); with an empty query, `previousQuery` is
  /// searched for.
  package mutating func next(_ direction: Direction, previousQuery: String = "") {
    self.direction = direction
    if query.isEmpty {
      guard !previousQuery.isEmpty else { return }
      query = previousQuery
      find(from: match?.index ?? firstIndex, skipping: nil)
      return
    }
    guard let match else {
      find(from: firstIndex, skipping: nil)
      return
    }
    find(from: match.index + step, skipping: match.entry)
  }

  /// The first index a search from the origin looks at.
  private var firstIndex: Int { direction == .backward ? origin - 1 : origin + 1 }

  private var step: Int { direction == .backward ? -1 : 1 }

  /// Looks from `start` on for an entry holding the query, other than `skipping`.
  private mutating func find(from start: Int, skipping: String?) {
    var index = start
    let needle = Array(query)
    while index >= 0 && index < entries.count {
      let entry = entries[index]
      if entry != skipping, let offset = Self.offset(of: needle, in: Array(entry), direction) {
        match = Match(index: index, entry: entry, offset: offset)
        isFailing = false
        return
      }
      index += step
    }
    isFailing = true
  }

  /// Where `needle` starts in `haystack`: the last place going back, the first going forward.
  private static func offset(
    of needle: [Character], in haystack: [Character], _ direction: Direction
  ) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    let starts = 0...(haystack.count - needle.count)
    let ordered: [Int] = direction == .backward ? starts.reversed() : Array(starts)
    return ordered.first { start in
      haystack[start..<start + needle.count].elementsEqual(needle)
    }
  }
}
