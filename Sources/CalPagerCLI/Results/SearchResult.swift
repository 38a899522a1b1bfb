import CalendarPaging
import DisplayText
import Interchange
import NoteStore

/// What `search` prints: one line per hit (`#3  2024-05-06  snippet`, matches highlighted)
/// and, when the limit left some out, a line saying how many; or
/// `{"query":…,"hits":[{"snippet":…,"note":{…}},…],"total":N}`, with `"events":[…]` and
/// `"eventTotal":N` when calendars are read.
struct SearchResult: TextOrJSONResult {
  /// The query as given.
  let query: String
  /// The hits, best first, and how many notes matched.
  let results: SearchResults
  /// The events found; nil when no calendar is read.
  var events: Events? = nil

  /// The events a search found: each event once, by start.
  struct Events {
    /// Where they come from.
    let source: any EventSource
    /// Those shown, up to the limit.
    let found: [DayEvent]
    /// How many matched.
    let total: Int
  }

  /// The hits, best first.
  var hits: [SearchHit] { results.hits }

  func writeJSON(to json: inout JSONWriter) {
    json.field("query", query)
    json.objects("hits", hits) { json, hit in
      json.field(
        "snippet",
        String(hit.snippet.filter { $0 != SearchHit.matchStart && $0 != SearchHit.matchEnd }))
      json.key("note")
      json.note(hit.note, includeID: true)
    }
    json.field("total", results.total)
    if let events {
      json.events("events", events.found, userZone: events.source.userZone)
      json.field("eventTotal", events.total)
    }
  }

  func renderText(to output: Output, style: Style) {
    let eventsFound = events?.found ?? []
    guard !hits.isEmpty || !eventsFound.isEmpty else {
      let what = events == nil ? "notes" : "notes or events"
      let message = "No \(what) match '\(TerminalText.singleLine(query))'"
      for line in TextFit.wrap(message, width: style.width) { output.line(line) }
      return
    }
    renderHits(to: output, style: style)
    if let events, !eventsFound.isEmpty { renderEvents(events, to: output, style: style) }
  }

  /// Writes the events found: under `Events`, each occurrence's day then its line.
  private func renderEvents(_ events: Events, to output: Output, style: Style) {
    if !hits.isEmpty { output.line() }
    output.line(style.paint("Events", SGR.bold))
    let lines = EventLines(style: style, source: events.source)
    for event in events.found {
      let day = event.occurrence.days(in: events.source.userZone).lowerBound
      for line in TextFit.wrap(day.longName, width: style.width) { output.line(line) }
      lines.append([event], on: day, to: output)
    }
    let remaining = events.total - events.found.count
    if remaining > 0 {
      let more =
        "\(countText(remaining, "more event")) matched: --all or --limit N shows "
        + (remaining == 1 ? "it" : "them")
      for line in TextFit.wrap(more, width: style.width) { output.line(line) }
    }
  }

  /// Writes the notes' hits.
  private func renderHits(to output: Output, style: Style) {
    guard !hits.isEmpty else { return }
    let idWidth = hits.map { String($0.note.id ?? 0).utf8.count + 1 }.max() ?? 2
    for hit in hits {
      let id = "#\(hit.note.id ?? 0)"
      let label = id + String(repeating: " ", count: idWidth - id.utf8.count)
      let snippet = highlighted(hit.snippet, style: style)
      // `#3  2024-05-06  `: the label, two spaces, the day and two more.
      let prefixWidth = idWidth + 14
      if prefixWidth + DisplayWidth.of(snippet.plain) <= style.width {
        output.line(
          style.paint(label, SGR.dim) + "  " + hit.note.day.description + "  " + snippet.text)
      } else {
        writeWrapped(
          snippet, after: style.paint(label, SGR.dim) + "  " + hit.note.day.description,
          prefixWidth: prefixWidth, to: output, style: style)
      }
    }
    if results.remaining > 0 {
      let more =
        "\(countText(results.remaining, "more note")) matched: --all or --limit N shows "
        + (results.remaining == 1 ? "it" : "them")
      for line in TextFit.wrap(more, width: style.width) { output.line(line) }
    }
  }

  /// Writes a hit whose line would not fit: the snippet wrapped under its start, or, when the
  /// width leaves it fewer than 10 columns there, on lines of its own indented by 4.
  private func writeWrapped(
    _ snippet: Highlighted, after head: String, prefixWidth: Int, to output: Output,
    style: Style
  ) {
    let inline = prefixWidth + 10 <= style.width
    let indent = inline ? prefixWidth : 4
    var first = inline
    if !inline { output.line(head) }
    let bytes = Array(snippet.plain.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      TextWrap.forEachLine(in: buffer, width: max(style.width - indent, 1)) { range in
        var line: [UInt8] = []
        if first {
          line.append(contentsOf: head.utf8)
          line.append(contentsOf: "  ".utf8)
          first = false
        } else {
          line.append(contentsOf: repeatElement(0x20, count: indent))
        }
        var position = range.lowerBound
        for match in snippet.matches where match.overlaps(range) && style.color {
          let start = max(match.lowerBound, range.lowerBound)
          let end = min(match.upperBound, range.upperBound)
          line.append(contentsOf: buffer[position..<start])
          line.append(contentsOf: (SGR.bold + SGR.yellow).utf8)
          line.append(contentsOf: buffer[start..<end])
          line.append(contentsOf: SGR.reset.utf8)
          position = end
        }
        line.append(contentsOf: buffer[position..<range.upperBound])
        line.append(0x0A)
        output.write(bytes: line)
      }
    }
  }

  /// A snippet made terminal-safe: its text with the matches painted, the same text plain,
  /// and where the matches are in the plain text's UTF-8.
  struct Highlighted {
    var text = ""
    var plain = ""
    var matches: [Range<Int>] = []
  }

  /// The snippet on one line, terminal-safe, its matches in bold yellow when colour is on.
  private func highlighted(_ snippet: String, style: Style) -> Highlighted {
    // The markers are control characters, each a character of its own and a single byte, so
    // the snippet is cut at their bytes rather than walked character by character.
    let start = SearchHit.matchStart.asciiValue ?? 2
    let end = SearchHit.matchEnd.asciiValue ?? 3
    var result = Highlighted()
    func add(_ piece: String, match: Bool) {
      let plainStart = result.plain.utf8.count
      result.plain += piece
      if match && !piece.isEmpty {
        result.matches.append(plainStart..<result.plain.utf8.count)
        result.text += style.paint(piece, SGR.bold, SGR.yellow)
      } else {
        result.text += piece
      }
    }
    let utf8 = snippet.utf8
    var pieceStart = utf8.startIndex
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == start || byte == end {
        add(TerminalText.singleLine(String(snippet[pieceStart..<index])), match: byte == end)
        pieceStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    add(TerminalText.singleLine(String(snippet[pieceStart...])), match: false)
    return result
  }
}
