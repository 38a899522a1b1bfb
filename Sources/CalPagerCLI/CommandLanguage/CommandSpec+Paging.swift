extension CommandSpec {
  /// `show`.
  static let show = CommandSpec(
    name: .show,
    abstract: "Show the selected day and its notes.",
    discussion: """
      Prints the menu line (the days around the selected one, today and days with notes \
      marked) and the selected day's notes with their ids. This is what calpager does when \
      no subcommand is given. The selected day is kept in the database; at first it is today.

      Examples:
        calpager
        calpager show --width 60
      """,
    usage: ["calpager show"]
  )

  /// `next`.
  static let next = CommandSpec(
    name: .next,
    abstract: "Move the selection forward by N days.",
    discussion: """
      The new selection is saved, so the next command starts from it. With --with-notes, \
      move to the Nth following day that has notes instead. A move past 9999-12-31 fails and \
      leaves the selection where it was.

      Examples:
        calpager next
        calpager next 7
        calpager next --with-notes
      """,
    usage: ["calpager next [<n>] [--with-notes]"],
    arguments: [
      Argument(label: "<n>", help: "How many days to move, a positive whole number. (default: 1)")
    ],
    options: [Option(name: .withNotes, help: "Count only the days that have notes.")]
  )

  /// `prev`.
  static let previous = CommandSpec(
    name: .prev,
    abstract: "Move the selection back by N days.",
    discussion: """
      The new selection is saved, so the next command starts from it. With --with-notes, \
      move to the Nth earlier day that has notes instead. A move before 0001-01-01 fails and \
      leaves the selection where it was.

      Examples:
        calpager prev
        calpager prev 7
        calpager prev --with-notes
      """,
    usage: ["calpager prev [<n>] [--with-notes]"],
    arguments: [
      Argument(label: "<n>", help: "How many days to move, a positive whole number. (default: 1)")
    ],
    options: [Option(name: .withNotes, help: "Count only the days that have notes.")]
  )

  /// `goto`.
  static let goto = CommandSpec(
    name: .goto,
    abstract: "Select a day.",
    discussion: """
      \(dateForms) An offset counts from the day selected now, so 'goto +7' moves a week \
      forward and 'goto -1' a day back.

      Examples:
        calpager goto 2024-05-01
        calpager goto tomorrow
        calpager goto -7
      """,
    usage: ["calpager goto <date>"],
    arguments: [Argument(label: "<date>", help: "The day to select.")]
  )

  /// `today`.
  static let today = CommandSpec(
    name: .today,
    abstract: "Select today.",
    discussion: """
      Today is the local date in the time zone of $TZ.

      Example:
        calpager today
      """,
    usage: ["calpager today"]
  )
}
