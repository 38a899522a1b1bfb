import CommandLanguage

/// `next [N] [--with-notes] [--by UNIT]`: the selection N days forward, or to the Nth following
/// day with notes.
struct NextCommand: StepCommand {
  static let count = stepCount()
  static let spec = stepSpec()
  static let isForward = true

  var arguments: StepArguments
}
