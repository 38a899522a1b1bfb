/// The properties a fuzz check found broken, in the order it checked them: a check carries on
/// past a failure where it can, so one input shows everything it breaks.
struct FuzzFailures {
  /// What failed, one sentence each.
  private(set) var sentences: [String] = []

  /// Records `failure` unless `holds`.
  mutating func expect(_ holds: Bool, _ failure: @autoclosure () -> String) {
    if !holds { sentences.append(failure()) }
  }
}
