/// Name-based UUIDs, version 5 (RFC 9562 section 5.5, formerly RFC 4122 section 4.3): the
/// SHA-1 of a namespace UUID and a name, so the same name always gives the same UUID.
///
/// ```swift
/// UUIDv5.string(namespace: UUIDv5.dnsNamespace, name: Array("python.org".utf8))
/// // "886313e1-3b8a-5372-9b90-0c9aee199e5d"
/// ```
public enum UUIDv5 {
  /// The 16 bytes of the RFC's DNS namespace, `6ba7b810-9dad-11d1-80b4-00c04fd430c8`.
  public static let dnsNamespace: [UInt8] = bytes(of: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
  /// The 16 bytes of the RFC's URL namespace, `6ba7b811-9dad-11d1-80b4-00c04fd430c8`.
  public static let urlNamespace: [UInt8] = bytes(of: "6ba7b811-9dad-11d1-80b4-00c04fd430c8")!

  /// The 16 bytes of the version 5 UUID of `name` in `namespace` (16 bytes).
  ///
  /// - Complexity: O(*n*) in the length of the name.
  public static func bytes(namespace: [UInt8], name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    precondition(namespace.count == 16, "a namespace is a UUID: 16 bytes")
    var hasher = SHA1()
    hasher.update(namespace)
    hasher.update(name)
    var digest = hasher.finalize()
    digest.removeLast(4)
    digest[6] = digest[6] & 0x0F | 0x50  // version 5
    digest[8] = digest[8] & 0x3F | 0x80  // the RFC's variant
    return digest
  }

  /// The version 5 UUID of `name` in `namespace`, as 36 lower-case characters
  /// (`8-4-4-4-12` hexadecimal digits).
  public static func string(namespace: [UInt8], name: UnsafeBufferPointer<UInt8>) -> String {
    string(of: bytes(namespace: namespace, name: name))
  }

  /// The version 5 UUID of the UTF-8 bytes of `name` in `namespace`.
  public static func string(namespace: [UInt8], name: String) -> String {
    var name = name
    return name.withUTF8 { string(namespace: namespace, name: $0) }
  }

  /// The 36-character form of 16 UUID bytes.
  public static func string(of bytes: [UInt8]) -> String {
    precondition(bytes.count == 16, "a UUID is 16 bytes")
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The 16 bytes of a UUID written as 36 characters (either case); nil for any other text.
  public static func bytes(of text: String) -> [UInt8]? {
    let characters = Array(text.utf8)
    guard characters.count == 36 else { return nil }
    var result: [UInt8] = []
    var high: UInt8?
    for (index, character) in characters.enumerated() {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard character == UInt8(ascii: "-") else { return nil }
        continue
      }
      let value: UInt8
      switch character {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = character - UInt8(ascii: "A") + 10
      default: return nil
      }
      if let first = high {
        result.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return result
  }
}
