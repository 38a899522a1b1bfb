import CalendarPaging
import CommandLanguage

/// `prev [N] [--with-notes] [--by UNIT]`: the selection N days back, or to the Nth earlier day
/// with notes.
struct PrevCommand: StepCommand {
  static let count = stepCount()
  static var withNotes: OptionKey<Bool> { NextCommand.withNotes }
  static let spec = stepSpec()
  static let isForward = false
  static var oppositeName: String { NextCommand.spec.name }

  var count = 1
  var withNotes = false
  var unit: CalendarUnit?
}
