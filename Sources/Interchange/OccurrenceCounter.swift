/// Counts how often each key has been seen, in 8 to 16 bytes per distinct key (24 while the
/// table doubles), whatever the bodies hold: a uid-less import of 10^6 records adds about
/// 24 MiB to the peak RSS.
///
/// Keys are 64-bit fingerprints. The first sighting of every key is kept in an open-addressing
/// table of bare fingerprints; only keys seen twice or more get a count, in a dictionary that
/// stays as small as the repeats are few.
struct OccurrenceCounter {
  /// Fingerprints, 0 for an empty slot (a fingerprint of 0 is stored as 1).
  private var slots: [UInt64]
  private var count = 0
  /// Occurrences so far of the keys seen more than once.
  private var repeats: [UInt64: Int] = [:]

  init() {
    slots = [UInt64](repeating: 0, count: 1024)
  }

  /// Records one more occurrence of `key` and returns its number: 1 the first time.
  mutating func next(_ key: UInt64) -> Int {
    let key = key == 0 ? 1 : key
    if let seen = repeats[key] {
      repeats[key] = seen + 1
      return seen + 1
    }
    if insert(key) { return 1 }
    repeats[key] = 2
    return 2
  }

  /// Adds `key` to the table; false when it was there already.
  private mutating func insert(_ key: UInt64) -> Bool {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: key) & mask
    while true {
      let slot = slots[index]
      if slot == 0 {
        slots[index] = key
        count += 1
        return true
      }
      if slot == key { return false }
      index = (index + 1) & mask
    }
  }

  private mutating func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: old.count * 2)
    count = 0
    for key in old where key != 0 { _ = insert(key) }
  }
}
