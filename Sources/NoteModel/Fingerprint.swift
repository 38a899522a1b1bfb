/// A 64-bit hash (MurmurHash64A's mixing) of a seed and some bytes: fingerprints, not security.
///
/// The sync state stores its values (a vdir file's fingerprint, a note's version: see
/// migration 0005), so the function must never change: a new one needs a new name.
package enum Fingerprint {
  /// The hash of `bytes`, starting from `seed`.
  package static func of(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    let multiplier: UInt64 = 0xC6A4_A793_5BD1_E995
    var hash = seed ^ (UInt64(bytes.count) &* multiplier)
    guard let base = bytes.baseAddress else { return finish(hash) }
    var index = 0
    while index + 8 <= bytes.count {
      var word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      word &*= multiplier
      word ^= word >> 47
      word &*= multiplier
      hash ^= word
      hash &*= multiplier
      index += 8
    }
    if index < bytes.count {
      var tail: UInt64 = 0
      for offset in index..<bytes.count {
        tail |= UInt64(base[offset]) << UInt64(8 * (offset - index))
      }
      hash ^= tail
      hash &*= multiplier
    }
    return finish(hash)
  }

  private static func finish(_ hash: UInt64) -> UInt64 {
    let multiplier: UInt64 = 0xC6A4_A793_5BD1_E995
    var hash = hash
    hash ^= hash >> 47
    hash &*= multiplier
    hash ^= hash >> 47
    return hash
  }
}
