import CommandLanguage
import NoteModel
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
    guard let text = try TextInput.given(body) else { return try editInEditor(session, context) }
    guard text.hasVisibleText else { throw CLIError.emptyNoteNotChanged(id: id) }
    let change = try session.store.change(id: id, body: text)
    guard change.changed else { return unchanged(change.note) }
    let note = change.note
    return NoteResult(note: note, message: "Edited #\(note.id ?? id) on \(note.day.longName)")
  }

  /// Opens the editor on the note's text and saves what it wrote without losing either
  /// side: the note may change or go while the editor is open (see `NoteStore.save`).
  private func editInEditor(_ session: Session, _ context: CommandContext) throws -> NoteResult {
    guard let original = try session.store.note(id: id) else {
      throw StoreError.noSuchNote(id: id)
    }
    let draft = try TextInput.edit(original.body, environment: context.environment)
    let saved = try draft.store(emptyError: .emptyNoteNotChanged(id: id)) { text in
      // The text the editor opened with, saved back, is no edit: the note keeps whatever it
      // holds now, a change made meanwhile included.
      text == original.body ? nil : try session.store.save(text, over: original)
    }
    switch saved {
    case nil:
      return unchanged(try session.store.note(id: id) ?? original)
    case .unchanged(let note)?:
      return unchanged(note)
    case .edited(let note)?:
      return NoteResult(note: note, message: "Edited #\(id) on \(note.day.longName)")
    case .keptBoth(let current, let added)?:
      return NoteResult(
        note: added,
        message: "#\(id) changed while the editor was open, so both versions are kept: "
          + "#\(id) has the other change, and your text was added as #\(added.id ?? 0) on "
          + current.day.longName)
    case .removedMeanwhile(let added)?:
      return NoteResult(
        note: added,
        message: "#\(id) was removed while the editor was open, so your text was added as "
          + "#\(added.id ?? 0) on \(added.day.longName)")
    }
  }

  private func unchanged(_ note: Note) -> NoteResult {
    NoteResult(note: note, message: "Unchanged #\(id): it already has that text", unchanged: true)
  }
}

extension EditCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    id = try arguments.read(Self.id)
    body = try arguments.read(Self.body)
  }
}
