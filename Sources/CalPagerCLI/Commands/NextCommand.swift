import CommandLanguage

/// `next [N] [--with-notes]`: the selection N days forward, or to the Nth following day with
/// notes.
struct NextCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "next",
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
    options: [OptionHelp(.withNotes, help: "Count only the days that have notes.")]
  )

  /// How many days, or days with notes, to move.
  let count: Int
  /// Whether only days with notes count.
  let withNotes: Bool

  /// A move of `count` days (or days with notes) forward.
  init(count: Int = 1, withNotes: Bool = false) {
    self.count = count
    self.withNotes = withNotes
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    count = try arguments.count(opposite: PrevCommand.spec.name)
    withNotes = arguments.flag(.withNotes)
  }

  func run(in context: CommandContext) throws -> DayPageResult {
    try Step(count: count, withNotes: withNotes, forward: true).run(in: context)
  }
}
