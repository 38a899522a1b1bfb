/// UTF-8 validation over bytes, reporting where the first invalid sequence starts.
enum UTF8Check {
  /// The offset of the first byte that does not start a valid UTF-8 sequence (overlong forms,
  /// surrogates and values past U+10FFFF are invalid), or nil when all of `bytes` is valid.
  ///
  /// - Complexity: O(n); ASCII bytes take one comparison each.
  static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return index
      }
      guard index + length <= count else { return index }
      guard (low...high).contains(bytes[index + 1]) else { return index }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
        return index
      }
      index += length
    }
    return nil
  }
}
