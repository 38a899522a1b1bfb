/// `next [N] [--with-notes] [--by UNIT]`: the selection N days forward, or to the Nth following
/// day with notes.
typealias NextCommand = StepCommand<Forward>

/// The way `next` moves.
enum Forward: StepDirection {
  typealias Opposite = Back

  static let isForward = true
  static let spec = stepSpec()
}
