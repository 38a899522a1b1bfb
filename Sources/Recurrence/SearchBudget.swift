/// The work one query may do: steps (periods looked at, jumps, instances counted past), so
/// that no rule, however sparse or dense, makes a page wait.
struct SearchBudget {
  /// Steps left.
  private(set) var remaining: Int

  /// The default for one query: tens of milliseconds at the worst, far more than any real
  /// rule needs (a whole 400-year cycle of weeks is 20,871 steps).
  static let standard = 60_000

  /// A budget of `steps`.
  init(steps: Int = SearchBudget.standard) {
    remaining = steps
  }

  /// Spends `steps`; false once the budget is gone.
  mutating func spend(_ steps: Int = 1) -> Bool {
    remaining -= steps
    return remaining >= 0
  }

  /// Whether the budget is gone.
  var isExhausted: Bool { remaining < 0 }
}

/// Where `UNTIL` ends a rule, on the series' wall clock.
enum UntilBound: Sendable {
  /// Instances up to this wall-clock time, inclusive (a floating or all-day series, a DATE
  /// `UNTIL`, or a zone with one fixed offset).
  case local(LocalDateTime)
  /// Instances whose instant in `zone` is at most `instant`; none past `cutoff` on the wall
  /// clock (the instant plus the largest offset a zone may have).
  case instant(Int, zone: any ZoneRules, cutoff: LocalDateTime)

  /// Whether an instance at `local` is within the bound.
  func allows(_ local: LocalDateTime) -> Bool {
    switch self {
    case .local(let bound): return local <= bound
    case .instant(let instant, let zone, _): return zone.instant(of: local) <= instant
    }
  }

  /// Whether every instance at or after `local` is past the bound.
  func isPast(_ local: LocalDateTime) -> Bool {
    switch self {
    case .local(let bound): return local > bound
    case .instant(_, _, let cutoff): return local > cutoff
    }
  }
}
