import CalendarPaging
import Interchange
import NoteStore

extension Session {
  /// Runs one command and prints its result in `style`.
  ///
  /// - Throws: `UsageError` (exit 64) or a runtime error (exit 1): `CommandError`,
  ///   `StoreError`, `DateExpressionError`, `InterchangeError`, `TextInputError`.
  func execute(_ command: Command, style: Style) throws {
    switch command {
    case .show:
      try renderPage(style)
    case .next(let count, let withNotes):
      try step(count: count, forward: true, withNotes: withNotes, style: style)
    case .previous(let count, let withNotes):
      try step(count: count, forward: false, withNotes: withNotes, style: style)
    case .goto(let expression):
      try select(try resolve(expression), width: style.width)
      try renderPage(style)
    case .today:
      try select(today, width: style.width)
      try renderPage(style)
    case .add(let dayExpression, let body):
      try add(on: dayExpression, body: body, style: style)
    case .edit(let id, let body):
      try edit(id: id, body: body, style: style)
    case .remove(let id):
      try writeNoteCommand(style) {
        try store.remove(id: id)
      } message: {
        "Removed #\($0.id ?? id) from \($0.day.longName)"
      }
    case .move(let id, let target):
      let day = try resolve(target)
      try writeNoteCommand(style) {
        try store.move(id: id, to: day)
      } message: {
        "Moved #\($0.id ?? id) to \($0.day.longName)"
      }
    case .list(let range):
      try list(range, style: style)
    case .search(let query):
      try search(query, style: style)
    case .undo:
      try undo(style: style)
    case .export(let options):
      try export(options, style: style)
    case .importNotes(let options):
      try importNotes(options, style: style)
    case .config(let action):
      try config(action, style: style)
    case .check:
      try check(style: style)
    case .backup(let path):
      try backup(to: path, style: style)
    case .shell, .quit, .begin, .commit, .rollback, .help, .version:
      // The caller handles these: they are about the session, not the database.
      throw CommandError("'\(command.name?.rawValue ?? "")' cannot run here")
    }
  }

  /// The day `expression` names, relative to today and the selection.
  func resolve(_ expression: DateExpression) throws -> Day {
    try expression.resolve(today: today, selected: try selectedDay())
  }

  private func step(count: Int, forward: Bool, withNotes: Bool, style: Style) throws {
    if withNotes {
      var day = try selectedDay()
      for _ in 0..<count {
        guard let found = try store.nearestDayWithNotes(from: day, forward: forward) else {
          throw CommandError(
            "no day \(forward ? "after" : "before") \(day.longName) has notes")
        }
        day = found
      }
      try select(day, width: style.width)
    } else if count == 1 {
      _ = try move(width: style.width) { forward ? $0.selectNext() : $0.selectPrevious() }
    } else {
      let from = try selectedDay()
      guard let target = from.adding(days: forward ? count : -count) else {
        let edge = forward ? "9999-12-31" : "0001-01-01"
        throw CommandError(
          "cannot move \(count) days \(forward ? "after" : "before") \(from): "
            + "days \(forward ? "end" : "start") at \(edge)")
      }
      try select(target, width: style.width)
    }
    try renderPage(style)
  }

  // MARK: - Notes

  private func add(on dayExpression: DateExpression?, body: NoteBody, style: Style) throws {
    let day = try dayExpression.map(resolve) ?? selectedDay()
    let text = try noteText(body, initial: "")
    guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      throw CommandError("the note is empty; nothing was added")
    }
    try writeNoteCommand(style) {
      try store.add(text, on: day)
    } message: {
      "Added #\($0.id ?? 0) to \($0.day.longName)"
    }
  }

  private func edit(id: Int, body: NoteBody, style: Style) throws {
    let initial: String
    if case .editor = body {
      guard let note = try store.note(id: id) else { throw StoreError.noSuchNote(id: id) }
      initial = note.body
    } else {
      initial = ""
    }
    let text = try noteText(body, initial: initial)
    guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      throw CommandError("the note is empty; nothing was changed (use 'rm \(id)' to remove it)")
    }
    try writeNoteCommand(style) {
      try store.edit(id: id, body: text)
    } message: {
      "Edited #\($0.id ?? id) on \($0.day.longName)"
    }
  }

  private func noteText(_ body: NoteBody, initial: String) throws -> String {
    switch body {
    case .text(let text): return text
    case .standardInput: return try TextInput.standardInput()
    case .editor: return try TextInput.edit(initial, environment: environment)
    }
  }

  /// Saves the selection, runs a write that returns a note, and prints the note (JSON) or
  /// `message` (text).
  func writeNoteCommand(
    _ style: Style, _ write: () throws -> Note, message: (Note) -> String
  ) throws {
    try saveSelection()
    let note = try write()
    notesChanged()
    if style.json {
      output.append { JSON.appendNote(note, includeID: true, into: &$0) }
      output.write("\n")
    } else {
      output.line(message(note))
    }
  }

  private func list(_ range: RangeExpression?, style: Style) throws {
    let days: ClosedRange<Day>
    if let range {
      days = try range.resolve(today: today, selected: try selectedDay())
    } else {
      let selected = try selectedDay()
      days = selected.firstOfMonth...selected.lastOfMonth
    }
    let notes = try store.notes(in: days)
    if style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"from":""#.utf8)
        days.lowerBound.appendISO(to: &buffer)
        buffer.append(contentsOf: #"","to":""#.utf8)
        days.upperBound.appendISO(to: &buffer)
        buffer.append(contentsOf: #"","notes":["#.utf8)
        JSON.appendNoteArray(notes, into: &buffer)
        buffer.append(contentsOf: "]}\n".utf8)
      }
      return
    }
    guard !notes.isEmpty else {
      output.line(
        days.lowerBound == days.upperBound
          ? "No notes on \(days.lowerBound.longName)"
          : "No notes from \(days.lowerBound.longName) to \(days.upperBound.longName)")
      return
    }
    let lines = NoteLines(style: style, notes: notes)
    var current: Day?
    for note in notes {
      if note.day != current {
        if current != nil { output.line() }
        current = note.day
        output.line(style.paint(note.day.longName, SGR.bold))
      }
      lines.append(note, to: output)
    }
  }

  private func search(_ query: String, style: Style) throws {
    let hits = try store.search(query)
    if style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"query":"#.utf8)
        JSON.appendString(query, into: &buffer)
        buffer.append(contentsOf: #","hits":["#.utf8)
        for (index, hit) in hits.enumerated() {
          buffer.append(contentsOf: (index == 0 ? #"{"snippet":"# : #",{"snippet":"#).utf8)
          JSON.appendString(
            String(hit.snippet.filter { $0 != SearchHit.matchStart && $0 != SearchHit.matchEnd }),
            into: &buffer)
          buffer.append(contentsOf: #","note":"#.utf8)
          JSON.appendNote(hit.note, includeID: true, into: &buffer)
          buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(contentsOf: "]}\n".utf8)
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

  private func undo(style: Style) throws {
    try saveSelection()
    let undone = try store.undo()
    notesChanged()
    if style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"undone":"#.utf8)
        JSON.appendString(undone.kind, into: &buffer)
        buffer.append(contentsOf: #","removed":"#.utf8)
        JSON.appendInt(undone.removedCount, into: &buffer)
        buffer.append(contentsOf: #","restored":["#.utf8)
        JSON.appendNoteArray(undone.restored, into: &buffer)
        buffer.append(contentsOf: "]}\n".utf8)
      }
      return
    }
    var parts: [String] = []
    if undone.removedCount > 0 { parts.append("removed " + countText(undone.removedCount, "note")) }
    if undone.restored.count == 1, let id = undone.restored[0].id {
      parts.append("restored #\(id)")
    } else if undone.restoredCount > 0 {
      parts.append("restored " + countText(undone.restoredCount, "note"))
    }
    output.line(
      "Undid \(undone.kind): \(parts.isEmpty ? "nothing left to change" : parts.joined(separator: ", "))"
    )
  }
}
