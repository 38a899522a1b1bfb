import Interchange
import Testing

/// SHA-1 against digests computed with Python's `hashlib.sha1` (CPython 3.11), at the lengths
/// where padding changes shape (55, 56, 63, 64, 65 bytes) and across several blocks.
@Suite struct SHA1Tests {
  /// Messages by name: `x55` is 55 × "x", `bytes768` the bytes 0…255 three times.
  static let messages: [String: [UInt8]] = [
    "empty": [], "abc": Array("abc".utf8),
    "fips": Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
    "x55": Array(repeating: UInt8(ascii: "x"), count: 55),
    "x56": Array(repeating: UInt8(ascii: "x"), count: 56),
    "x63": Array(repeating: UInt8(ascii: "x"), count: 63),
    "x64": Array(repeating: UInt8(ascii: "x"), count: 64),
    "x65": Array(repeating: UInt8(ascii: "x"), count: 65),
    "bytes768": (0..<768).map { UInt8($0 % 256) },
  ]

  static let digests: [(String, String)] = [
    ("empty", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
    ("fips", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ("x55", "cef734ba81a024479e09eb5a75b6ddae62e6abf1"),
    ("x56", "901305367c259952f4e7af8323f480d59f81335b"),
    ("x63", "0ddc4e0cccd9a12850deb5abb0853a4425559fec"),
    ("x64", "bb2fa3ee7afb9f54c6dfb5d021f14b1ffe40c163"),
    ("x65", "78c741ddc482e4cdf8c474a0876347a0905b6233"),
    ("bytes768", "ac2a264c8ec1f4232a40854e8239bc3a697ab1d2"),
  ]

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
  }

  @Test(arguments: digests)
  func digestMatchesPython(message: String, digest: String) throws {
    #expect(Self.hex(SHA1.digest(try #require(Self.messages[message]))) == digest)
  }

  /// Fed in pieces of every size from 1 to 70 bytes, the digest is the same.
  @Test func streamingDoesNotDependOnPieces() {
    let message = Array((0..<768).map { UInt8($0 % 256) })
    for piece in 1...70 {
      var hasher = SHA1()
      var start = 0
      while start < message.count {
        let end = min(message.count, start + piece)
        hasher.update(Array(message[start..<end]))
        start = end
      }
      #expect(Self.hex(hasher.finalize()) == "ac2a264c8ec1f4232a40854e8239bc3a697ab1d2")
    }
  }

  @Test func aMillionAs() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(Self.hex(SHA1.digest(message)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }
}
