import Interchange
import NoteModel

/// What `add`, `edit`, `rm` and `mv` print: one line saying what happened, or the note.
struct NoteResult: CommandResult {
  /// The note as it is now (as it was, for `rm`).
  let note: Note
  /// The text form: `Added #3 to Monday 6 May 2024`.
  let message: String
  /// Whether the command changed nothing (an edit to the same text, a move to the same day):
  /// the JSON form then ends with `"unchanged":true`.
  var unchanged = false

  func render(to output: Output, style: Style) {
    guard style.json else {
      output.line(message)
      return
    }
    output.append { bytes in
      JSON.appendNote(note, includeID: true, into: &bytes)
      if unchanged {
        bytes.removeLast()  // the note's closing brace
        bytes.append(contentsOf: #","unchanged":true}"#.utf8)
      }
      bytes.append(10)
    }
  }
}
