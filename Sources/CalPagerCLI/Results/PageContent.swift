import CalendarPaging
import Interchange
import NoteStore

/// A day's notes with their rendered forms, kept by the pager while the database does not
/// change: a page shown again copies its lines instead of wrapping and escaping every note.
final class PageContent {
  /// The notes, in one buffer.
  let notes: DayNotes
  /// The notes' text lines, and the style they were laid out in.
  private var text: (style: Style, bytes: [UInt8])?
  /// The notes as a JSON array.
  private var json: [UInt8]?

  init(notes: DayNotes) {
    self.notes = notes
  }

  /// Appends the notes' lines in `style` (`NoteLines`), laid out once per style.
  func appendLines(to output: Output, style: Style) {
    if let text, text.style == style {
      output.write(bytes: text.bytes)
      return
    }
    var largestID = 0
    notes.forEachNote { largestID = max(largestID, $0.id ?? 0) }
    var lines: [UInt8] = []
    lines.reserveCapacity(notes.count * 128)
    var layout = NoteLines(style: style, largestID: largestID)
    notes.forEachNote { fields in
      layout.append(id: fields.id ?? 0, body: fields.body, to: &lines)
    }
    text = (style, lines)
    output.write(bytes: lines)
  }

  /// Writes the member `name`: the notes as an array, each with its id.
  func writeJSON(_ name: String, to json: inout JSONWriter) {
    precondition(notes.hasDetails, "a page shown as JSON reads its notes' details")
    if self.json == nil {
      var elements: [UInt8] = [UInt8(ascii: "[")]
      var first = true
      notes.forEachNote { fields in
        if !first { elements.append(UInt8(ascii: ",")) }
        first = false
        JSON.appendNote(fields, includeID: true, into: &elements)
      }
      elements.append(UInt8(ascii: "]"))
      self.json = elements
    }
    json.key(name)
    json.raw(self.json ?? [])
  }
}
