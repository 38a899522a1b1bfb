import CommandLanguage

/// `undo`: revert the last add, edit, mv, rm or import.
struct UndoCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "undo",
    abstract: "Undo the last change to the notes.",
    discussion: """
      Restores the notes as they were before the last add, edit, mv, rm or import. Run it \
      again to go further back.

      Example:
        calpager undo
      """,
  )

  func run(in context: CommandContext) throws -> UndoResult {
    let session = try context.session
    return UndoResult(undone: try session.store.undo())
  }
}
