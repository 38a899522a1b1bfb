import CommandLanguage

/// `mv ID DATE`: move a note to another day.
struct MoveCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "mv",
    abstract: "Move a note to another day.",
    discussion: """
      \(CommandSpec.dateForms) An offset counts from the selected day, not from the note's day.

      Examples:
        calpager mv 12 2024-05-03
        calpager mv 12 tomorrow
      """,
    usage: ["calpager mv <id> <date>"],
    arguments: [
      .noteID,
      Argument(label: "<date>", help: "The day to move the note to.", kind: .date),
    ]
  )

  /// The note's id.
  let id: Int
  /// The day to move it to.
  let date: DateExpression

  func run(in context: CommandContext) throws -> NoteResult {
    let session = try context.session
    let day = try session.resolve(date)
    try session.saveSelection()
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
    id = try arguments.id(at: 0)
    date = try arguments.date(at: 1)
    try arguments.expectAtMost(2)
  }
}
