import CommandLanguage

/// `list [RANGE]`: the notes of a range of days, by default the selected day's month.
struct ListCommand: CalPagerCommand {
  /// `[<range>]`: the days to list.
  static let range = ArgumentKey.range(
    label: "<range>", help: "The days to list. (default: the selected day's month)")

  static let spec = CommandSpec(
    name: "list",
    abstract: "List the events and notes in a range of days.",
    discussion: """
      Days are listed in order, each with its events (all-day ones first, then by start) \
      and then its notes, in the order they were added, each with its id. With no RANGE, \
      the selected day's month is listed.

      \(CommandSpec.rangeForms)

      \(CommandSpec.dateForms)

      Examples:
        calpager list
        calpager list 2024
        calpager list 2024-05-01..2024-05-31
        calpager list today..+6
      """,
    arguments: [range.declaration]
  )

  /// The days to list; nil for the selected day's month.
  var range: RangeExpression?

  func run(in context: CommandContext) throws -> NoteListResult {
    let session = try context.session
    let selected = try session.selectedDay()
    let days =
      try range?.resolve(today: context.today, selected: selected)
      ?? selected.firstOfMonth...selected.lastOfMonth
    return NoteListResult(
      days: days, notes: try session.store.notes(in: days),
      events: session.events.map { PeriodEvents(source: $0, days: days) })
  }
}

extension ListCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    range = try arguments.read(Self.range)
    try arguments.expectNoMoreWords()
  }
}
