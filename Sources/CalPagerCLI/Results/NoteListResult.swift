import CalendarPaging
import DisplayText
import Interchange
import NoteModel

/// What `list` prints: the notes of a range of days under a heading per day, or
/// `{"from":…,"to":…,"notes":[…]}`.
struct NoteListResult: TextOrJSONResult {
  /// The days listed.
  let days: ClosedRange<Day>
  /// Their notes, by day and then in the order they were added.
  let notes: [Note]

  func writeJSON(to json: inout JSONWriter) {
    json.field("from", days.lowerBound)
    json.field("to", days.upperBound)
    json.notes("notes", notes)
  }

  func renderText(to output: Output, style: Style) {
    guard !notes.isEmpty else {
      let message =
        days.lowerBound == days.upperBound
        ? "No notes on \(days.lowerBound.longName)"
        : "No notes from \(days.lowerBound.longName) to \(days.upperBound.longName)"
      for line in TextFit.wrap(message, width: style.width) { output.line(line) }
      return
    }
    var lines = NoteLines(style: style, notes: notes)
    var current: Day?
    for note in notes {
      if note.day != current {
        if current != nil { output.line() }
        current = note.day
        for line in TextFit.wrap(note.day.longName, width: style.width) {
          output.line(style.paint(line, SGR.bold))
        }
      }
      lines.append(note, to: output)
    }
  }
}
