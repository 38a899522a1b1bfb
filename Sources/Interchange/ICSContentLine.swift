/// One unfolded iCalendar content line, `NAME;PARAM=VALUE…:VALUE` (RFC 5545 section 3.1), as
/// ranges into its bytes.
struct ICSContentLine {
  /// The property name, upper-cased.
  var name: String
  /// The `VALUE=` parameter, upper-cased, if any.
  var valueType: String?
  /// The `ENCODING=` parameter, upper-cased, if any.
  var encoding: String?
  /// Where the value starts in the line's bytes.
  var valueStart: Int

  /// Parses a line; the problem names the line when it is not a content line.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportProblem) {
    var index = 0
    while index < bytes.count && Self.isNameByte(bytes[index]) { index += 1 }
    guard index > 0, index < bytes.count,
      bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: ";")
    else { throw .notContentLine(Quote.bytes(bytes)) }
    name = Self.upper(bytes, 0..<index)
    valueType = nil
    encoding = nil
    while bytes[index] == UInt8(ascii: ";") {
      index += 1
      let nameStart = index
      while index < bytes.count && Self.isNameByte(bytes[index]) { index += 1 }
      guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw .notContentLine(Quote.bytes(bytes))
      }
      let parameter = Self.upper(bytes, nameStart..<index)
      index += 1
      // Values: comma-separated, each quoted ("…", no quote inside) or up to , ; :
      var first: Range<Int>?
      while true {
        let valueStart: Int
        let valueEnd: Int
        if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
          valueStart = index + 1
          index += 1
          while index < bytes.count && bytes[index] != UInt8(ascii: "\"") { index += 1 }
          guard index < bytes.count else { throw .notContentLine(Quote.bytes(bytes)) }
          valueEnd = index
          index += 1
        } else {
          valueStart = index
          while index < bytes.count, bytes[index] != UInt8(ascii: ","),
            bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":")
          {
            index += 1
          }
          valueEnd = index
        }
        if first == nil { first = valueStart..<valueEnd }
        guard index < bytes.count else { throw .notContentLine(Quote.bytes(bytes)) }
        guard bytes[index] == UInt8(ascii: ",") else { break }
        index += 1
      }
      if parameter == "VALUE", let first { valueType = Self.upper(bytes, first) }
      if parameter == "ENCODING", let first { encoding = Self.upper(bytes, first) }
    }
    guard bytes[index] == UInt8(ascii: ":") else { throw .notContentLine(Quote.bytes(bytes)) }
    valueStart = index + 1
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
  }

  private static func upper(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).uppercased()
  }

  /// Appends TEXT `value` with its escapes undone (`\\`, `\;`, `\,`, `\n`, `\N`); any other
  /// backslash is kept as it is.
  static func appendUnescapedText(_ value: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var index = 0
    while index < value.count {
      let byte = value[index]
      if byte == UInt8(ascii: "\\") && index + 1 < value.count {
        switch value[index + 1] {
        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
          output.append(value[index + 1])
          index += 2
          continue
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
          output.append(0x0A)
          index += 2
          continue
        default:
          break
        }
      }
      output.append(byte)
      index += 1
    }
  }
}
