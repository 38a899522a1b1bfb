import CalendarPaging
import Interchange
import NoteStore

/// What `search` prints: one line per hit (`#3  2024-05-06  snippet`, matches highlighted)
/// and, when the limit left some out, a line saying how many; or
/// `{"query":…,"hits":[{"snippet":…,"note":{…}},…],"total":N}`.
struct SearchResult: CommandResult {
  /// The query as given.
  let query: String
  /// The hits, best first, and how many notes matched.
  let results: SearchResults

  /// The hits, best first.
  var hits: [SearchHit] { results.hits }

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { json in
        json.field("query", query)
        json.key("hits")
        json.array { json in
          for hit in hits {
            json.object { json in
              json.field(
                "snippet",
                String(
                  hit.snippet.filter { $0 != SearchHit.matchStart && $0 != SearchHit.matchEnd }))
              json.key("note")
              json.note(hit.note, includeID: true)
            }
          }
        }
        json.field("total", results.total)
      }
      return
    }
    guard !hits.isEmpty else {
      output.line("No notes match '\(TerminalText.singleLine(query))'")
      return
    }
    let idWidth = hits.map { String($0.note.id ?? 0).utf8.count + 1 }.max() ?? 2
    for hit in hits {
      let id = "#\(hit.note.id ?? 0)"
      let label = id + String(repeating: " ", count: idWidth - id.utf8.count)
      output.line(
        style.paint(label, SGR.dim) + "  " + hit.note.day.description + "  "
          + highlighted(hit.snippet, style: style))
    }
    if results.remaining > 0 {
      output.line(
        "\(countText(results.remaining, "more note")) matched: --all or --limit N shows "
          + (results.remaining == 1 ? "it" : "them"))
    }
  }

  /// The snippet on one line, terminal-safe, its matches in bold yellow when colour is on.
  private func highlighted(_ snippet: String, style: Style) -> String {
    // The markers are control characters, each a character of its own and a single byte, so
    // the snippet is cut at their bytes rather than walked character by character.
    let start = SearchHit.matchStart.asciiValue ?? 2
    let end = SearchHit.matchEnd.asciiValue ?? 3
    var result = ""
    let utf8 = snippet.utf8
    var pieceStart = utf8.startIndex
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == start || byte == end {
        let piece = TerminalText.singleLine(String(snippet[pieceStart..<index]))
        result += byte == end ? style.paint(piece, SGR.bold, SGR.yellow) : piece
        pieceStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    return result + TerminalText.singleLine(String(snippet[pieceStart...]))
  }
}
