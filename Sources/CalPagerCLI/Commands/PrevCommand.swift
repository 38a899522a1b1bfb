/// `prev [N] [--with-notes] [--by UNIT]`: the selection N days back, or to the Nth earlier day
/// with notes.
typealias PrevCommand = StepCommand<Back>

/// The way `prev` moves.
enum Back: StepDirection {
  typealias Opposite = Forward

  static let isForward = false
  static let spec = stepSpec()
}
