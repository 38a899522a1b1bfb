/// One unfolded iCalendar content line, `NAME;PARAM=VALUE…:VALUE` (RFC 5545 section 3.1),
/// split into its name, its parameters and where its value starts.
struct ICalendarContentLine {
  /// The property name, upper-cased.
  var name: String
  /// The index of the name among `CommonNames`, when it is one: what tells a line's kind
  /// without comparing strings.
  var commonName: Int?
  /// The parameters in the order written.
  var parameters: [ICalendarParameter]
  /// Where the value starts in the line's bytes (after the colon).
  var valueStart: Int

  /// Parses a line; the problem quotes the line when it is not a content line.
  ///
  /// A parameter value is quoted (`"…"`, no quote inside) or runs up to `,`, `;` or `:`;
  /// several values are separated by commas. Names are letters, digits and `-`.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportProblem) {
    let isName = Self.nameBytes
    var index = 0
    while index < bytes.count && isName[Int(bytes[index])] { index += 1 }
    guard index > 0, index < bytes.count,
      bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: ";")
    else { throw .notContentLine(Quote.bytes(bytes)) }
    let nameBytes = UnsafeBufferPointer(rebasing: bytes[0..<index])
    commonName = CommonNames.index(nameBytes)
    name = commonName.map(CommonNames.name(at:)) ?? Self.upper(bytes, 0..<index)
    parameters = []
    while bytes[index] == UInt8(ascii: ";") {
      index += 1
      let nameStart = index
      while index < bytes.count && isName[Int(bytes[index])] { index += 1 }
      guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw .notContentLine(Quote.bytes(bytes))
      }
      let parameter = Self.upper(bytes, nameStart..<index)
      index += 1
      var values: [String] = []
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
        values.append(
          String(
            decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self))
        guard index < bytes.count else { throw .notContentLine(Quote.bytes(bytes)) }
        guard bytes[index] == UInt8(ascii: ",") else { break }
        index += 1
      }
      parameters.append(ICalendarParameter(name: parameter, values: values))
    }
    guard bytes[index] == UInt8(ascii: ":") else { throw .notContentLine(Quote.bytes(bytes)) }
    valueStart = index + 1
  }

  /// Whether this is a `BEGIN:` line.
  var isBegin: Bool { commonName == CommonNames.begin }

  /// Whether this is an `END:` line.
  var isEnd: Bool { commonName == CommonNames.end }

  /// The value of a `BEGIN:` or `END:` line upper-cased (ASCII letters only: names are ASCII,
  /// and anything else is compared as written).
  static func componentName(_ value: ArraySlice<UInt8>) -> String {
    value.withUnsafeBufferPointer(componentName)
  }

  /// `componentName(_:)` of bytes in place.
  static func componentName(_ value: UnsafeBufferPointer<UInt8>) -> String {
    if let common = CommonNames.name(value) { return common }
    if !value.contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
      return String(decoding: value, as: UTF8.self)
    }
    return String(
      decoding: value.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 },
      as: UTF8.self)
  }

  /// Whether each byte may be in a name: letters, digits and `-`.
  ///
  /// A table of 256, made once, kept for the life of the process and never written after
  /// (hence safe to share): one load a byte where the comparisons were several.
  nonisolated(unsafe) private static let nameBytes: UnsafePointer<Bool> = {
    let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
    for byte in 0...255 {
      let scalar = UnicodeScalar(UInt8(byte))
      table[byte] =
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "-"
    }
    return UnsafePointer(table)
  }()

  private static func upper(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let name = UnsafeBufferPointer(rebasing: bytes[range])
    if let common = CommonNames.name(name) { return common }
    let isUpper = !name.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    if isUpper && range.count <= 15 {
      return String(decoding: name, as: UTF8.self)  // a small string: no allocation
    }
    // Names are ASCII (checked by `nameBytes`): upper-case them byte by byte.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { buffer in
      for (offset, index) in range.enumerated() {
        let byte = bytes[index]
        buffer[offset] = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
      }
      return String(decoding: buffer, as: UTF8.self)
    }
  }
}

/// One parameter of an iCalendar property, such as `LANGUAGE=en` or `TZID="Europe/Paris"`.
public struct ICalendarParameter: Sendable, Hashable {
  /// The parameter's name, upper-cased (`LANGUAGE`).
  public let name: String
  /// Its values as written, quotes removed (RFC 6868 `^` escapes are not decoded).
  public let values: [String]

  /// A parameter with its name and values.
  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}
