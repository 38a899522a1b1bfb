/// Appending to the byte buffers text output is built in, without a temporary per call.
extension Array where Element == UInt8 {
  /// Appends `count` spaces (none when `count` is not positive).
  mutating func appendSpaces(_ count: Int) {
    var left = count
    while left > 0 {
      let chunk = Swift.min(left, Bytes.spaces.count)
      Bytes.spaces.withUnsafeBufferPointer {
        append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<chunk]))
      }
      left -= chunk
    }
  }

  /// Appends the decimal digits of `value`, at least `minimumDigits` of them (zeros in front).
  mutating func appendDecimal(_ value: Int, minimumDigits: Int = 1) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { frame in
      var position = 24
      var rest = value.magnitude
      repeat {
        position -= 1
        frame[position] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
        rest /= 10
      } while rest != 0
      while 24 - position < Swift.min(minimumDigits, 20) {
        position -= 1
        frame[position] = 0x30
      }
      if value < 0 {
        position -= 1
        frame[position] = UInt8(ascii: "-")
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: frame[position..<24]))
    }
  }
}

/// Byte sequences text output is made of.
enum Bytes {
  /// Spaces to copy from.
  static let spaces = [UInt8](repeating: 0x20, count: 64)
}
