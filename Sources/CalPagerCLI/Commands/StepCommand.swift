import CalendarPaging
import CommandLanguage
import NoteStore

/// `next` and `prev`: the selection a number of days, weeks or months, or of days with notes,
/// one way.
///
/// The two commands are concrete types sharing everything here (a generic command type would
/// have its metadata made at run time, at the start of every one-shot command).
protocol StepCommand: CalPagerCommand where Result == PageResult {
  /// Whether the command moves forward.
  static var isForward: Bool { get }
  /// `[<n>]`: how many units, or days with notes, to move (`stepCount()`).
  static var count: ArgumentKey<Int> { get }

  /// What the move was given: the one set of fields `next` and `prev` both hold.
  var arguments: StepArguments { get set }

  /// A move as `arguments` say.
  init(arguments: StepArguments)
}

/// The arguments of `next` or `prev`, declared once for both.
struct StepArguments: Sendable, Equatable {
  /// How many days, weeks or months, or days with notes, to move.
  var count = 1
  /// Whether only days with notes count.
  var withNotes = false
  /// What to step and show by (`--by`); nil for the `page-by` setting.
  var unit: CalendarUnit?
}

/// `--with-notes`, one option that `next` and `prev` share.
private let withNotesOption = OptionKey.flag(
  "--with-notes", help: "Count only the days that have notes.")

extension StepCommand {
  /// `--with-notes`: count only the days with notes.
  static var withNotes: OptionKey<Bool> { withNotesOption }

  /// The name of the command that moves the other way, suggested for a negative count.
  static var oppositeName: String {
    isForward ? PrevCommand.spec.name : NextCommand.spec.name
  }

  /// How many days, weeks or months, or days with notes, to move.
  var count: Int { arguments.count }
  /// Whether only days with notes count.
  var withNotes: Bool { arguments.withNotes }
  /// What to step and show by (`--by`); nil for the `page-by` setting.
  var unit: CalendarUnit? { arguments.unit }

  /// A move of `count` units (or days with notes).
  init(count: Int = 1, withNotes: Bool = false, unit: CalendarUnit? = nil) {
    self.init(arguments: StepArguments(count: count, withNotes: withNotes, unit: unit))
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init(
      count: try arguments.read(Self.count), withNotes: try arguments.read(Self.withNotes),
      unit: try arguments.read(ShowCommand.by))
  }

  func run(in context: CommandContext) throws -> PageResult {
    try Step(count: count, withNotes: withNotes, forward: Self.isForward)
      .run(in: context, by: unit)
  }
}

extension StepCommand {
  /// The `[<n>]` of `next` or `prev`, which suggests the other for a negative count.
  static func stepCount() -> ArgumentKey<Int> {
    ArgumentKey.count(
      label: "<n>",
      help: "How many days, weeks or months to move, a positive whole number. (default: 1)",
      opposite: { Self.oppositeName })
  }

  /// The spec of `next` (forward) or `prev`, which differ only in their direction's words.
  static func stepSpec() -> CommandSpec {
    let (name, direction, ordinal, edge) =
      isForward
      ? ("next", "forward", "following", "past 9999-12-31")
      : ("prev", "back", "earlier", "before 0001-01-01")
    return CommandSpec(
      name: name,
      abstract: "Move the selection \(direction) by N days.",
      discussion: """
        The new selection is saved, so the next command starts from it. With --with-notes, \
        move to the Nth \(ordinal) day that has notes instead. With --by week or --by month \
        (or the page-by setting), move by N weeks or N months and show the week or the \
        month: a move by months keeps the day of the month, clamped once to a shorter \
        month's end, so '\(name) 2 --by month' is one move of two months. A move \(edge) \
        fails and leaves the selection where it was.

        Examples:
          calpager \(name)
          calpager \(name) 7
          calpager \(name) --with-notes
          calpager \(name) --by week
          calpager \(name) 2 --by month
        """,
      arguments: [count.declaration],
      options: [withNotes.declaration, ShowCommand.by.declaration]
    )
  }
}

/// The move of `next` and `prev`: a number of days, weeks or months, or of days with notes,
/// either way.
///
/// Like every paging command it works out the target day and selects it through the pager.
struct Step {
  /// How many units, or days with notes, to move.
  let count: Int
  /// Whether only days with notes count.
  let withNotes: Bool
  /// Forward (`next`) or back (`prev`).
  let forward: Bool

  func run(in context: CommandContext, by unit: CalendarUnit?) throws -> PageResult {
    let store = try context.store
    return try context.page(by: unit) { selected, unit in
      try target(from: selected, by: unit, store: store)
    }
  }

  /// The day the move lands on from `day`, by `unit` (a move by months is one step of
  /// `count` months, clamped once).
  ///
  /// - Throws: `DayError.outOfRange` for a one-day step past an edge, `CLIError.cannotStep`
  ///   for another, `CLIError.noDayWithNotes` when no day with notes is left that way.
  ///
  /// With `events`, a day with events counts as a day with notes does (`browse`'s `n`/`N`).
  func target(
    from day: Day, by unit: CalendarUnit = .day, store: NoteStore,
    events: (any EventSource)? = nil
  ) throws -> Day {
    if withNotes {
      var day = day
      for _ in 0..<count {
        let withNotes = try store.nearestDayWithNotes(from: day, forward: forward)
        let withEvents =
          forward ? events?.firstDayWithEvents(after: day) : events?.lastDayWithEvents(before: day)
        let nearest = [withNotes, withEvents].compactMap { $0 }
        guard let found = forward ? nearest.min() : nearest.max() else {
          throw CLIError.noDayWithNotes(from: day, forward: forward)
        }
        day = found
      }
      return day
    }
    guard let target = day.adding(forward ? count : -count, unit) else {
      if count == 1 && unit == .day {
        throw DayError.outOfRange(from: day, direction: forward ? .after : .before)
      }
      throw CLIError.cannotStep(count: count, unit: unit, from: day, forward: forward)
    }
    return target
  }
}
