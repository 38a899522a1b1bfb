import CommandLanguage

/// `prev [N] [--with-notes] [--by UNIT]`: the selection N days back, or to the Nth earlier day
/// with notes.
struct PrevCommand: StepCommand {
  static let count = stepCount()
  static let spec = stepSpec()
  static let isForward = false

  var arguments: StepArguments
}
