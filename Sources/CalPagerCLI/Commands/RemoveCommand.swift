import CommandLanguage

/// `rm ID`: remove a note.
struct RemoveCommand: CalPagerCommand {
  /// `<id>`: the note to remove.
  static let id = ArgumentKey.noteID()

  static let spec = CommandSpec(
    name: "rm",
    abstract: "Remove a note.",
    discussion: """
      ID is the number shown before the note, with or without its '#'. undo brings the \
      note back.

      Example:
        calpager rm 12
      """,
    arguments: [id.declaration]
  )

  /// The note's id.
  let id: Int

  func run(in context: CommandContext) throws -> NoteResult {
    let session = try context.session
    let note = try session.store.remove(id: id)
    return NoteResult(note: note, message: "Removed #\(note.id ?? id) from \(note.day.longName)")
  }
}

extension RemoveCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    id = try arguments.read(Self.id)
    try arguments.expectNoMoreWords()
  }
}
