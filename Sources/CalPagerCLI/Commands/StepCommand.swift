import CalendarPaging
import CommandLanguage
import NoteStore

/// `next` and `prev`: the selection a number of days, or of days with notes, one way.
protocol StepCommand: CalPagerCommand where Result == DayPageResult {
  /// Whether the command moves forward.
  static var isForward: Bool { get }
  /// The command going the other way, suggested for a negative count.
  static var opposite: String { get }
  /// How many days, or days with notes, to move.
  var count: Int { get }
  /// Whether only days with notes count.
  var withNotes: Bool { get }

  /// A move of `count` days, or days with notes.
  init(count: Int, withNotes: Bool)
}

extension StepCommand {
  /// The spec of `next` or `prev`, which differ only in their direction's words.
  static func stepSpec(name: String, direction: String, ordinal: String, edge: String)
    -> CommandSpec
  {
    CommandSpec(
      name: name,
      abstract: "Move the selection \(direction) by N days.",
      discussion: """
        The new selection is saved, so the next command starts from it. With --with-notes, \
        move to the Nth \(ordinal) day that has notes instead. A move \(edge) fails and \
        leaves the selection where it was.

        Examples:
          calpager \(name)
          calpager \(name) 7
          calpager \(name) --with-notes
        """,
      usage: ["calpager \(name) [<n>] [--with-notes]"],
      arguments: [
        Argument(
          label: "<n>", help: "How many days to move, a positive whole number. (default: 1)")
      ],
      options: [OptionHelp(.withNotes, help: "Count only the days that have notes.")]
    )
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init(
      count: try arguments.count(opposite: Self.opposite), withNotes: arguments.flag(.withNotes))
  }

  func run(in context: CommandContext) throws -> DayPageResult {
    try Step(count: count, withNotes: withNotes, forward: Self.isForward).run(in: context)
  }
}

/// The move of `next` and `prev`: a number of days, or of days with notes, either way.
///
/// Like every paging command it works out the target day and selects it through the pager.
struct Step {
  /// How many days, or days with notes, to move.
  let count: Int
  /// Whether only days with notes count.
  let withNotes: Bool
  /// Forward (`next`) or back (`prev`).
  let forward: Bool

  func run(in context: CommandContext) throws -> DayPageResult {
    let session = try context.session
    return try session.page(width: context.style.width, withDetails: context.style.json) {
      selected in
      try target(from: selected, store: session.store)
    }
  }

  /// The day the move lands on from `day`.
  ///
  /// - Throws: `DayError.outOfRange` for a one-day step past an edge, `CLIError.cannotStep`
  ///   for a longer one, `CLIError.noDayWithNotes` when no day with notes is left that way.
  func target(from day: Day, store: NoteStore) throws -> Day {
    if withNotes {
      var day = day
      for _ in 0..<count {
        guard let found = try store.nearestDayWithNotes(from: day, forward: forward) else {
          throw CLIError.noDayWithNotes(from: day, forward: forward)
        }
        day = found
      }
      return day
    }
    guard let target = day.adding(days: forward ? count : -count) else {
      if count == 1 { throw DayError.outOfRange(from: day, direction: forward ? .after : .before) }
      throw CLIError.cannotStep(days: count, from: day, forward: forward)
    }
    return target
  }
}
