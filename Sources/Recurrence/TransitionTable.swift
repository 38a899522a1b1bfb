/// A run of changes of offset, sorted by instant: what every zone with rules answers from
/// (the whole of a TZif file's table, a few years of a POSIX rule or of a `VTIMEZONE`).
///
/// The wall-clock time of a change is where the later of its two clocks reaches it: before
/// that point a local time is read with the offset before the change. That one rule gives
/// both halves of `ZoneRules.instant(of:)`: in a gap (clocks forward) the offset before it,
/// and in an overlap (clocks back) the first of the two times, also the offset before; it is
/// Python's `fold=0`.
struct TransitionTable: Sendable {
  /// The offset before the first change.
  let initialOffset: Int
  /// The instants of the changes, ascending.
  let instants: [Int]
  /// The offset from each change on.
  let offsets: [Int]
  /// The wall-clock time from which each change's offset reads local times: its instant plus
  /// the larger of the offsets before and after it, never less than the previous one's.
  let localThresholds: [Int]

  /// The changes `changes` (instant, offset from then on), sorted, after `initialOffset`.
  ///
  /// Instants are clamped to `InstantBounds` (sorting is kept: clamping is monotonic).
  init(initialOffset: Int, changes: [(instant: Int, offset: Int)]) {
    self.initialOffset = initialOffset
    var instants: [Int] = []
    var offsets: [Int] = []
    var thresholds: [Int] = []
    instants.reserveCapacity(changes.count)
    offsets.reserveCapacity(changes.count)
    thresholds.reserveCapacity(changes.count)
    var previous = initialOffset
    var lastThreshold = Int.min
    for change in changes {
      let instant = InstantBounds.clamp(change.instant)
      let threshold = max(lastThreshold, instant + max(previous, change.offset))
      instants.append(instant)
      offsets.append(change.offset)
      thresholds.append(threshold)
      lastThreshold = threshold
      previous = change.offset
    }
    self.instants = instants
    self.offsets = offsets
    localThresholds = thresholds
  }

  /// The offset in force at `unixSeconds`.
  ///
  /// - Complexity: O(log n) in the changes.
  func utcOffset(at unixSeconds: Int) -> Int {
    let index = Self.lastIndex(in: instants, notAbove: unixSeconds)
    return index < 0 ? initialOffset : offsets[index]
  }

  /// The offset that reads the wall-clock time `localSeconds` (seconds since the epoch on the
  /// local clock).
  ///
  /// - Complexity: O(log n) in the changes.
  func offset(forLocal localSeconds: Int) -> Int {
    let index = Self.lastIndex(in: localThresholds, notAbove: localSeconds)
    return index < 0 ? initialOffset : offsets[index]
  }

  /// The instant of the last change, nil when there is none.
  var lastInstant: Int? { instants.last }

  /// The index of the last element of `sorted` that is at most `value`, -1 when none is.
  static func lastIndex(in sorted: [Int], notAbove value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }
}
