import CalendarPaging

/// `next [N] [--with-notes] [--by UNIT]`: the selection N days forward, or to the Nth following
/// day with notes.
struct NextCommand: StepCommand {
  static let spec = stepSpec()
  static let isForward = true
  static var oppositeName: String { PrevCommand.spec.name }

  var count = 1
  var withNotes = false
  var unit: CalendarUnit?
}
