import CalendarPaging
import CommandLanguage

/// `next [N] [--with-notes] [--by UNIT]`: the selection N days forward, or to the Nth following day with
/// notes.
struct NextCommand: StepCommand {
  static let spec = stepSpec(
    name: "next", direction: "forward", ordinal: "following", edge: "past 9999-12-31")

  static let isForward = true
  static var opposite: String { PrevCommand.spec.name }

  /// How many days, or days with notes, to move.
  var count = 1
  /// Whether only days with notes count.
  var withNotes = false
  /// What to step and show by; nil for the `page-by` setting.
  var unit: CalendarUnit?
}
