/// RFC 4648 base64 with padding: the encoding of iCalendar `BINARY` values.
enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The value of each byte in the alphabet; 0xFF for bytes outside it.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()

  /// Appends the base64 form of `bytes`.
  static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var index = 0
    while index + 3 <= bytes.count {
      let group =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      appendGroup(group, significant: 4, into: &output)
      index += 3
    }
    switch bytes.count - index {
    case 1:
      appendGroup(UInt32(bytes[index]) << 16, significant: 2, into: &output)
    case 2:
      appendGroup(
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8, significant: 3,
        into: &output)
    default:
      break
    }
  }

  private static func appendGroup(_ group: UInt32, significant: Int, into output: inout [UInt8]) {
    for position in 0..<4 {
      if position < significant {
        output.append(alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)])
      } else {
        output.append(UInt8(ascii: "="))
      }
    }
  }

  /// The bytes `text` encodes, or nil when it is not canonical padded base64 (whitespace is
  /// not allowed; unfolding has removed line breaks already).
  static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard text.count % 4 == 0 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(text.count / 4 * 3)
    var index = 0
    while index < text.count {
      let isLast = index + 4 == text.count
      var group: UInt32 = 0
      var padding = 0
      for offset in 0..<4 {
        let byte = text[index + offset]
        if byte == UInt8(ascii: "=") && isLast && offset >= 2 {
          padding += 1
          group <<= 6
          continue
        }
        let value = values[Int(byte)]
        guard value != 0xFF, padding == 0 else { return nil }
        group = group << 6 | UInt32(value)
      }
      output.append(UInt8(group >> 16 & 0xFF))
      if padding < 2 { output.append(UInt8(group >> 8 & 0xFF)) }
      if padding < 1 { output.append(UInt8(group & 0xFF)) }
      // Canonical only: the bits that padding hides must be zero.
      if padding == 1 && group & 0xFF != 0 || padding == 2 && group & 0xFFFF != 0 { return nil }
      index += 4
    }
    return output
  }
}
