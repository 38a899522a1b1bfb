import CalendarPaging

/// A deterministic random number generator (SplitMix64), so property tests replay exactly.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }
}

/// A plain integer item, for tests that need arbitrary bounds.
struct Number: PagingItem, CustomStringConvertible {
  var value: Int
  init(_ value: Int) { self.value = value }
  static func < (lhs: Number, rhs: Number) -> Bool { lhs.value < rhs.value }
  var description: String { String(value) }
}

/// A data source over the integers in `bounds` that counts every call made to it.
final class CountingSource: PagingDataSource {
  var bounds: ClosedRange<Int>
  var calls = 0
  var windows: [PagingWindow<Number>] = []

  init(bounds: ClosedRange<Int> = Int.min / 4...Int.max / 4) {
    self.bounds = bounds
  }

  func item(before item: Number) -> Number? {
    calls += 1
    return item.value > bounds.lowerBound ? Number(item.value - 1) : nil
  }

  func item(after item: Number) -> Number? {
    calls += 1
    return item.value < bounds.upperBound ? Number(item.value + 1) : nil
  }

  func nearestItem(to item: Number) -> Number? {
    calls += 1
    return Number(min(max(item.value, bounds.lowerBound), bounds.upperBound))
  }

  func windowDidChange(_ window: PagingWindow<Number>) {
    windows.append(window)
  }
}

/// A page provider that records what it was asked for.
final class RecordingPages: PageProvider {
  var loaded: [Number] = []

  func page(for item: Number) -> String {
    loaded.append(item)
    return "page \(item.value)"
  }
}
