/// Name-based UUIDs, version 5 (RFC 9562 section 5.5): the SHA-1 of a namespace UUID and a
/// name, so the same name always gives the same UUID.
///
/// ```swift
/// UUID5.make(namespace: UUID5.dnsNamespace, name: Array("python.org".utf8))
/// // "886313e1-3b8a-5372-9b90-0c9aee199e5d", as Python's uuid.uuid5 gives
/// ```
///
/// SHA-1 is written here (the shipped modules import no Foundation and no outside package);
/// it serves only to name things, never to protect them.
public enum UUID5 {
  /// The RFC's DNS namespace, `6ba7b810-9dad-11d1-80b4-00c04fd430c8`.
  public static let dnsNamespace: [UInt8] = [
    0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
  ]
  /// The RFC's URL namespace, `6ba7b811-9dad-11d1-80b4-00c04fd430c8`.
  public static let urlNamespace: [UInt8] = [
    0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
  ]

  /// The version 5 UUID of `name` in `namespace`, as 36 lower-case characters
  /// (`8-4-4-4-12` hexadecimal digits).
  ///
  /// - Precondition: `namespace` holds 16 bytes.
  /// - Complexity: O(*n*) in the length of the name.
  public static func make(namespace: [UInt8], name: [UInt8]) -> String {
    precondition(namespace.count == 16, "a namespace is a UUID: 16 bytes")
    var digest = SHA1Digest.of(namespace + name)
    digest[6] = digest[6] & 0x0F | 0x50  // version 5
    digest[8] = digest[8] & 0x3F | 0x80  // the RFC's variant
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for index in 0..<16 {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(hex[Int(digest[index] >> 4)])
      text.append(hex[Int(digest[index] & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// SHA-1 (FIPS 180-4), for `UUID5` only.
private enum SHA1Digest {
  /// The 20-byte digest of `message`.
  static func of(_ message: [UInt8]) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    // The message, a 1 bit, zeros to 56 bytes modulo 64, then its length in bits.
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> shift))
    }
    var words = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for index in 0..<16 {
        let offset = block + index * 4
        words[index] =
          UInt32(padded[offset]) << 24 | UInt32(padded[offset + 1]) << 16
          | UInt32(padded[offset + 2]) << 8 | UInt32(padded[offset + 3])
      }
      for index in 16..<80 {
        let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
        words[index] = mixed << 1 | mixed >> 31
      }
      var (a, b, c, d, e) = state
      for index in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch index {
        case 0..<20: (f, k) = (b & c | ~b & d, 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = (b & c | b & d | c & d, 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> shift))
      }
    }
    return digest
  }
}
