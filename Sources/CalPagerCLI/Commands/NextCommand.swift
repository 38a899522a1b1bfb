import CalendarPaging
import CommandLanguage

/// `next [N] [--with-notes] [--by UNIT]`: the selection N days forward, or to the Nth following
/// day with notes.
struct NextCommand: StepCommand {
  static let count = stepCount()
  static let withNotes = OptionKey.flag(
    "--with-notes", help: "Count only the days that have notes.")
  static let spec = stepSpec()
  static let isForward = true
  static var oppositeName: String { PrevCommand.spec.name }

  var count = 1
  var withNotes = false
  var unit: CalendarUnit?
}
