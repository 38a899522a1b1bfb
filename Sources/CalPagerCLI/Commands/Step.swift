import CalendarPaging
import NoteStore

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
    return try session.page(width: context.style.width) { selected in
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
