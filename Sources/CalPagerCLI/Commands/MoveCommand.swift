import CommandLanguage

/// `mv ID DATE`: move a note to another day.
struct MoveCommand: CalPagerCommand {
  /// `<id>`: the note to move.
  static let id = ArgumentKey.noteID()
  /// `<date>`: the day to move it to.
  static let date = ArgumentKey.date(label: "<date>", help: "The day to move the note to.")

  static let spec = CommandSpec(
    name: "mv",
    abstract: "Move a note to another day.",
    discussion: """
      \(CommandSpec.dateForms) An offset counts from the selected day, not from the note's day.

      Examples:
        calpager mv 12 2024-05-03
        calpager mv 12 tomorrow
      """,
    arguments: [id.declaration, date.declaration]
  )

  /// The note's id.
  let id: Int
  /// The day to move it to.
  let date: DateExpression

  func run(in context: CommandContext) throws -> NoteResult {
    let session = try context.session
    let day = try session.resolve(date)
    let change = try session.store.change(id: id, day: day)
    let note = change.note
    guard change.changed else {
      return NoteResult(
        note: note, message: "Unchanged #\(id): it is on \(note.day.longName) already",
        unchanged: true)
    }
    return NoteResult(note: note, message: "Moved #\(note.id ?? id) to \(note.day.longName)")
  }
}

extension MoveCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    id = try arguments.read(Self.id)
    date = try arguments.read(Self.date)
    try arguments.expectNoMoreWords()
  }
}
