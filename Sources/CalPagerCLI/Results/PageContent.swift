import CalendarPaging
import Interchange

/// A day's notes with their rendered forms, kept by the pager while the database does not
/// change: a page shown again copies its lines instead of wrapping and escaping every note.
final class PageContent {
  /// The notes, in the order they were added.
  let notes: [Note]
  /// The notes' text lines, and the style they were laid out in.
  private var text: (style: Style, bytes: [UInt8])?
  /// The notes as the elements of a JSON array.
  private var json: [UInt8]?

  init(notes: [Note]) {
    self.notes = notes
  }

  /// Appends the notes' lines in `style` (`NoteLines`), laid out once per style.
  func appendLines(to output: Output, style: Style) {
    if let text, text.style == style {
      output.write(bytes: text.bytes)
      return
    }
    let lines = Output(capturing: notes.count * 96)
    var layout = NoteLines(style: style, notes: notes)
    for note in notes {
      layout.append(note, to: lines)
    }
    text = (style, lines.buffer)
    output.write(bytes: lines.buffer)
  }

  /// Writes the member `name`: the notes as an array, each with its id.
  func writeJSON(_ name: String, to json: inout JSONWriter) {
    if self.json == nil {
      var elements = JSONWriter()
      elements.array { elements in
        for note in notes { elements.note(note, includeID: true) }
      }
      self.json = elements.bytes
    }
    json.key(name)
    json.raw(self.json ?? [])
  }
}
