import CalendarPaging
import CommandLanguage

/// `prev [N] [--with-notes] [--by UNIT]`: the selection N days back, or to the Nth earlier day with notes.
struct PrevCommand: StepCommand {
  static let spec = stepSpec(
    name: "prev", direction: "back", ordinal: "earlier", edge: "before 0001-01-01")

  static let isForward = false
  static var opposite: String { NextCommand.spec.name }

  /// How many days, or days with notes, to move.
  var count = 1
  /// Whether only days with notes count.
  var withNotes = false
  /// What to step and show by; nil for the `page-by` setting.
  var unit: CalendarUnit?
}
