import CalendarPaging
import DisplayText
import Interchange
import NoteModel

/// What `list` prints: the events and notes of a range of days under a heading per day, or
/// `{"from":…,"to":…,"events":[…],"notes":[…]}` (`events` only when calendars are read: each
/// occurrence that overlaps the range once, in order of start).
struct NoteListResult: TextOrJSONResult {
  /// The days listed.
  let days: ClosedRange<Day>
  /// Their notes, by day and then in the order they were added.
  let notes: [Note]
  /// Their events; nil when no calendar is read.
  var events: PeriodEvents? = nil

  func writeJSON(to json: inout JSONWriter) {
    json.field("from", days.lowerBound)
    json.field("to", days.upperBound)
    if let events {
      let zone = events.source.userZone
      json.events(
        "events", startOrdered(events.events, userZone: zone), userZone: zone)
    }
    json.notes("notes", notes)
  }

  func renderText(to output: Output, style: Style) {
    guard !notes.isEmpty || !(events?.events.isEmpty ?? true) else {
      let what = events == nil ? "notes" : "events or notes"
      let message =
        days.lowerBound == days.upperBound
        ? "No \(what) on \(days.lowerBound.longName)"
        : "No \(what) from \(days.lowerBound.longName) to \(days.upperBound.longName)"
      for line in TextFit.wrap(message, width: style.width) { output.line(line) }
      return
    }
    var lines = NoteLines(style: style, notes: notes)
    var remaining = notes[...]
    // The days with events or notes, in order: notes come by day, events by the day's key.
    var listed = Set(notes.map(\.day))
    if let events { listed.formUnion(events.daysWithEvents) }
    var first = true
    for day in listed.sorted() {
      if !first { output.line() }
      first = false
      for line in TextFit.wrap(day.longName, width: style.width) {
        output.line(style.paint(line, SGR.bold))
      }
      events?.on(day).appendLines(to: output, style: style)
      while let note = remaining.first, note.day == day {
        lines.append(note, to: output)
        remaining = remaining.dropFirst()
      }
    }
  }
}
