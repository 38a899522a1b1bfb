/// JSON output per RFC 8259, written as bytes: the escaper every JSON encoder and the CLI's
/// `--json` output use.
///
/// Strings are written as UTF-8 as is, with `"`, `\` and every control character (U+0000…
/// U+001F) escaped: `\b \f \n \r \t` where JSON has a short form, `\u00XX` (lower-case hex)
/// otherwise. Nothing else is escaped (not `/`, not DEL, not U+2028). Bytes that are not valid
/// UTF-8 are each written as U+FFFD, as `String(decoding:as:)` would read them, so the output is
/// always valid JSON.
public enum JSON {
  /// Appends `string` as a JSON string, quotes included.
  ///
  /// - Complexity: O(*n*) in the string's UTF-8 length.
  public static func appendString(_ string: String, into output: inout [UInt8]) {
    var string = string
    string.withUTF8 { appendString(bytes: $0, into: &output) }
  }

  /// Appends UTF-8 `bytes` as a JSON string, quotes included.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  public static func appendString(bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    appendEscaped(bytes, into: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Appends an integer in decimal.
  public static func appendInt(_ value: Int, into output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var magnitude = value.magnitude
      var start = 20
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 { output.append(UInt8(ascii: "-")) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
    }
  }

  /// Appends the escaped contents of a string, without quotes; runs of bytes that need no
  /// escape are copied whole.
  static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var runStart = 0
    var index = 0
    while index < count {
      while index + 8 <= count,
        !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
      }
      guard index < count else { break }
      let byte = base[index]
      if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      if byte >= 0x80 {
        if let length = UTF8Validation.sequenceLength(bytes, at: index) {
          index += length
          continue
        }
        // Invalid UTF-8: repair the rest (rare; the store holds valid UTF-8) and escape that.
        output.append(base, from: runStart, to: index)
        let repaired = Array(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self).utf8)
        repaired.withUnsafeBufferPointer { appendEscaped($0, into: &output) }
        return
      }
      output.append(base, from: runStart, to: index)
      appendEscape(for: byte, into: &output)
      index += 1
      runStart = index
    }
    output.append(base, from: runStart, to: count)
  }

  /// Whether any of eight bytes is a control character, `"`, `\` or not ASCII.
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let hasQuote = (quote &- ones) & ~quote
    let hasBackslash = (backslash &- ones) & ~backslash
    return (word | control | hasQuote | hasBackslash) & highs != 0
  }

  private static func appendEscape(for byte: UInt8, into output: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): output.append(ascii: "\\\"")
    case UInt8(ascii: "\\"): output.append(ascii: "\\\\")
    case 0x08: output.append(ascii: "\\b")
    case 0x0C: output.append(ascii: "\\f")
    case 0x0A: output.append(ascii: "\\n")
    case 0x0D: output.append(ascii: "\\r")
    case 0x09: output.append(ascii: "\\t")
    default:
      let hex: StaticString = "0123456789abcdef"
      output.append(ascii: "\\u00")
      hex.withUTF8Buffer { digits in
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0F)])
      }
    }
  }
}
