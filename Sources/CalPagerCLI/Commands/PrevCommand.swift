import CommandLanguage

/// `prev [N] [--with-notes]`: the selection N days back, or to the Nth earlier day with notes.
struct PrevCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "prev",
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
    options: [OptionHelp(.withNotes, help: "Count only the days that have notes.")]
  )

  /// How many days, or days with notes, to move.
  let count: Int
  /// Whether only days with notes count.
  let withNotes: Bool

  /// A move of `count` days (or days with notes) back.
  init(count: Int = 1, withNotes: Bool = false) {
    self.count = count
    self.withNotes = withNotes
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    count = try arguments.count(opposite: NextCommand.spec.name)
    withNotes = arguments.flag(.withNotes)
  }

  func run(in context: CommandContext) throws -> DayPageResult {
    try Step(count: count, withNotes: withNotes, forward: false).run(in: context)
  }
}
