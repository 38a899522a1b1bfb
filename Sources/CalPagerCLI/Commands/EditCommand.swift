import CommandLanguage
import NoteStore

/// `edit ID [TEXT…]`: replace a note's text.
struct EditCommand: CalPagerCommand {
  /// `<id>`: the note to edit.
  static let id = ArgumentKey.noteID()
  /// `[<text> ...]`: its new text.
  static let body = ArgumentKey.body(help: "The note's new text.")

  static let spec = CommandSpec(
    name: "edit",
    abstract: "Replace the text of a note.",
    discussion: """
      ID is the number shown before the note, with or without its '#' (a shell takes an \
      unquoted #12 for a comment: write 12 or '#12'). TEXT works as for add: the words \
      joined by one space, or '-' to read standard input; with no TEXT, $VISUAL or $EDITOR \
      opens on the note's current text. The old text is kept, so undo brings it back. The same \
      text again changes nothing and says "Unchanged".

      Examples:
        calpager edit 12 Dentist at 11:00
        calpager edit 12
      """,
    arguments: [id.declaration, body.declaration]
  )

  /// The note's id.
  let id: Int
  /// Where the new text comes from.
  let body: NoteBody

  func run(in context: CommandContext) throws -> NoteResult {
    let session = try context.session
    var initial = ""
    if case .editor = body {
      guard let note = try session.store.note(id: id) else { throw StoreError.noSuchNote(id: id) }
      initial = note.body
    }
    let text = try TextInput.text(body, initial: initial, environment: context.environment)
    guard text.hasVisibleText else { throw CLIError.emptyNoteNotChanged(id: id) }
    let change = try session.store.change(id: id, body: text)
    guard change.changed else {
      return NoteResult(
        note: change.note, message: "Unchanged #\(id): it already has that text",
        unchanged: true)
    }
    let note = change.note
    return NoteResult(note: note, message: "Edited #\(note.id ?? id) on \(note.day.longName)")
  }
}

extension EditCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    id = try arguments.read(Self.id)
    body = try arguments.read(Self.body)
  }
}
