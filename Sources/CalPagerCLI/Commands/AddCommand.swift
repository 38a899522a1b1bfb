import CommandLanguage
import NoteModel

/// `add [--day DATE] [TEXT…]`: a note on the selected day or another.
struct AddCommand: CalPagerCommand {
  /// `--day <date>`: the day to add the note to.
  static let day = OptionKey.date(
    "--day", help: "The day to add the note to. (default: the selected day)")
  /// `[<text> ...]`: the note's text.
  static let body = ArgumentKey.body(help: "The note's text.")

  static let spec = CommandSpec(
    name: "add",
    abstract: "Add a note to the selected day or another day.",
    discussion: """
      The words of TEXT are joined by one space. A lone '-' reads the text from standard \
      input, which may hold several lines. With no TEXT, calpager opens $VISUAL or $EDITOR \
      on an empty file and adds what you save; an empty file adds nothing. Everything after \
      '--' is text, even words starting with '-' and a lone '-'.

      \(CommandSpec.dateForms)

      Examples:
        calpager add Dentist at 10:00
        calpager add --day 2024-05-01 "Call the bank"
        printf 'Shopping\\n- milk\\n- bread\\n' | calpager add -
        calpager add -- --verbose is not an option here
      """,
    arguments: [body.declaration],
    options: [day.declaration]
  )

  /// The day, when `--day` gave one; else the selected day.
  var day: DateExpression?
  /// Where the text comes from.
  let body: NoteBody

  func run(in context: CommandContext) throws -> NoteResult {
    let session = try context.session
    let target = try day.map(session.resolve) ?? session.selectedDay()
    let note: Note
    if let text = try TextInput.given(body) {
      guard text.hasVisibleText else { throw CLIError.emptyNoteNotAdded }
      note = try session.store.add(text, on: target)
    } else {
      let draft = try TextInput.edit("", environment: context.environment)
      note = try draft.store(emptyError: .emptyNoteNotAdded) {
        try session.store.add($0, on: target)
      }
    }
    return NoteResult(note: note, message: "Added #\(note.id ?? 0) to \(note.day.longName)")
  }
}

extension AddCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    day = try arguments.read(Self.day)
    body = try arguments.read(Self.body)
  }
}
