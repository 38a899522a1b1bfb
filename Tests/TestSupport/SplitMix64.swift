/// A deterministic random number generator (SplitMix64), so tests with random data replay
/// exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state.
  public var state: UInt64

  /// Creates a generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random integer in `range`.
  public mutating func next(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// True with the given probability.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }
}
