extension CommandSpec {
  /// `add`.
  static let add = CommandSpec(
    name: .add,
    abstract: "Add a note to the selected day or another day.",
    discussion: """
      The words of TEXT are joined by one space. A lone '-' reads the text from standard \
      input, which may hold several lines. With no TEXT, calpager opens $VISUAL or $EDITOR \
      on an empty file and adds what you save; an empty file adds nothing. Everything after \
      '--' is text, even words starting with '-' and a lone '-'.

      \(dateForms)

      Examples:
        calpager add Dentist at 10:00
        calpager add --day 2024-05-01 "Call the bank"
        printf 'Shopping\\n- milk\\n- bread\\n' | calpager add -
        calpager add -- --verbose is not an option here
      """,
    usage: ["calpager add [--day <date>] [<text> ...]"],
    arguments: [Argument(label: "<text> ...", help: "The note's text.")],
    options: [
      Option(name: .day, help: "The day to add the note to. (default: the selected day)")
    ]
  )

  /// `edit`.
  static let edit = CommandSpec(
    name: .edit,
    abstract: "Replace the text of a note.",
    discussion: """
      ID is the number shown before the note, with or without its '#' (a shell takes an \
      unquoted #12 for a comment: write 12 or '#12'). TEXT works as for add: the words \
      joined by one space, or '-' to read standard input; with no TEXT, $VISUAL or $EDITOR \
      opens on the note's current text. The old text is kept, so undo brings it back.

      Examples:
        calpager edit 12 Dentist at 11:00
        calpager edit 12
      """,
    usage: ["calpager edit <id> [<text> ...]"],
    arguments: [
      Argument(label: "<id>", help: "The note's id, such as 12 or #12."),
      Argument(label: "<text> ...", help: "The note's new text."),
    ]
  )

  /// `rm`.
  static let remove = CommandSpec(
    name: .rm,
    abstract: "Remove a note.",
    discussion: """
      ID is the number shown before the note, with or without its '#'. undo brings the \
      note back.

      Example:
        calpager rm 12
      """,
    usage: ["calpager rm <id>"],
    arguments: [Argument(label: "<id>", help: "The note's id, such as 12 or #12.")]
  )

  /// `mv`.
  static let move = CommandSpec(
    name: .mv,
    abstract: "Move a note to another day.",
    discussion: """
      \(dateForms) An offset counts from the selected day, not from the note's day.

      Examples:
        calpager mv 12 2024-05-03
        calpager mv 12 tomorrow
      """,
    usage: ["calpager mv <id> <date>"],
    arguments: [
      Argument(label: "<id>", help: "The note's id, such as 12 or #12."),
      Argument(label: "<date>", help: "The day to move the note to."),
    ]
  )

  /// `list`.
  static let list = CommandSpec(
    name: .list,
    abstract: "List the notes in a range of days.",
    discussion: """
      Notes are listed by day, then in the order they were added, each with its id. With \
      no RANGE, the selected day's month is listed.

      \(rangeForms)

      \(dateForms)

      Examples:
        calpager list
        calpager list 2024
        calpager list 2024-05-01..2024-05-31
        calpager list today..+6
      """,
    usage: ["calpager list [<range>]"],
    arguments: [
      Argument(label: "<range>", help: "The days to list. (default: the selected day's month)")
    ]
  )

  /// `search`.
  static let search = CommandSpec(
    name: .search,
    abstract: "Search the notes' text.",
    discussion: """
      The words of QUERY are joined by one space and looked up with SQLite's full-text \
      search. The best matches come first, each with its day, its id and a snippet.

      Examples:
        calpager search dentist
        calpager search bank mortgage
      """,
    usage: ["calpager search <query> ..."],
    arguments: [Argument(label: "<query> ...", help: "The words to search for.")]
  )

  /// `undo`.
  static let undo = CommandSpec(
    name: .undo,
    abstract: "Undo the last change to the notes.",
    discussion: """
      Restores the notes as they were before the last add, edit, mv, rm or import. Run it \
      again to go further back.

      Example:
        calpager undo
      """,
    usage: ["calpager undo"]
  )
}
