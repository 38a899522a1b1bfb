import Interchange

/// What `add`, `edit`, `rm` and `mv` print: one line saying what happened, or the note.
struct NoteResult: CommandResult {
  /// The note as it is now (as it was, for `rm`).
  let note: Note
  /// The text form: `Added #3 to Monday 6 May 2024`.
  let message: String

  func render(to output: Output, style: Style) {
    if style.json {
      output.json { $0.note(note, includeID: true) }
    } else {
      output.line(message)
    }
  }
}
