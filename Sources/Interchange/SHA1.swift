/// SHA-1 (FIPS 180-4), streaming: the hash UUID version 5 names are made with.
///
/// SHA-1 is broken for signatures; it is used here only because RFC 9562 defines version 5
/// UUIDs with it. Nothing is allocated on the heap: the pending block lives inline.
///
/// ```swift
/// var hasher = SHA1()
/// hasher.update(bytes)
/// let digest = hasher.finalize()  // 20 bytes
/// ```
package struct SHA1 {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
  )
  /// The bytes of an incomplete block, waiting for more input.
  private var block = SIMD64<UInt8>()
  private var blockCount = 0
  /// The number of bytes hashed so far.
  private var length: UInt64 = 0

  /// A hasher with nothing hashed yet.
  package init() {}

  /// Hashes `bytes` after what was hashed before.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    length &+= UInt64(bytes.count)
    var index = 0
    if blockCount > 0 {
      let taken = min(64 - blockCount, bytes.count)
      for offset in 0..<taken { block[blockCount + offset] = base[offset] }
      blockCount += taken
      index = taken
      guard blockCount == 64 else { return }
      var full = block
      withUnsafeBytes(of: &full) { compress(UnsafeRawPointer($0.baseAddress!)) }
      blockCount = 0
    }
    while index + 64 <= bytes.count {
      compress(UnsafeRawPointer(base + index))
      index += 64
    }
    for offset in index..<bytes.count { block[offset - index] = base[offset] }
    blockCount = bytes.count - index
  }

  /// Hashes the bytes of an array.
  package mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  /// Pads the message and returns its 20-byte digest; the hasher is spent.
  package mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var padding: [UInt8] = [0x80]
    let zeros = (blockCount < 56 ? 55 : 119) - blockCount
    padding += repeatElement(0, count: zeros)
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let saved = length
    padding.withUnsafeBufferPointer { update($0) }
    length = saved
    precondition(blockCount == 0, "SHA-1 padding must end on a block boundary")
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return digest
  }

  /// The digest of `bytes`.
  package static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var hasher = SHA1()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Runs the compression function over the 64 bytes at `chunk`.
  private mutating func compress(_ chunk: UnsafeRawPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
      for index in 0..<16 {
        schedule[index] = UInt32(
          bigEndian: chunk.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
      }
      for index in 16..<80 {
        let mixed =
          schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14]
          ^ schedule[index - 16]
        schedule[index] = mixed.rotatedLeft(by: 1)
      }
      var (a, b, c, d, e) = state
      for index in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch index {
        case 0..<20:
          f = (b & c) | (~b & d)
          k = 0x5A82_7999
        case 20..<40:
          f = b ^ c ^ d
          k = 0x6ED9_EBA1
        case 40..<60:
          f = (b & c) | (b & d) | (c & d)
          k = 0x8F1B_BCDC
        default:
          f = b ^ c ^ d
          k = 0xCA62_C1D6
        }
        let temporary = a.rotatedLeft(by: 5) &+ f &+ e &+ k &+ schedule[index]
        e = d
        d = c
        c = b.rotatedLeft(by: 30)
        b = a
        a = temporary
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
  }
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedLeft(by count: UInt32) -> UInt32 {
    (self << count) | (self >> (32 - count))
  }
}
