extension JSONNoteParser {
  /// Steps over JSON whitespace (space, tab, LF, CR).
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Consumes `byte` or refuses what stands at `index`.
  mutating func expect(_ byte: UInt8, _ expected: String) throws(ImportProblem) {
    guard index < bytes.count else { throw .unexpectedEnd(expected: expected) }
    guard bytes[index] == byte else { throw unexpected(expected: expected) }
    index += 1
  }

  /// The problem of an unexpected character at `index`.
  func unexpected(expected: String) -> ImportProblem {
    .unexpectedCharacter(Quote.character(in: bytes, at: index), expected: expected)
  }

  /// Consumes the literal `true`, `false` or `null`.
  mutating func literal(_ word: StaticString) throws(ImportProblem) {
    let matches = word.withUTF8Buffer { expected in
      index + expected.count <= bytes.count
        && expected.elementsEqual(bytes[index..<(index + expected.count)])
    }
    guard matches else { throw unexpected(expected: "a value") }
    index += word.utf8CodeUnitCount
  }

  /// Steps over one JSON value of any type, checking it is valid.
  ///
  /// Nesting is followed with a
  /// stack, not recursion, so no input is deep enough to overflow the call stack.
  mutating func skipValue() throws(ImportProblem) {
    // One entry per open container: true for an object, false for an array.
    var open: [Bool] = []
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw .unexpectedEnd(expected: "a value") }
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[index] == UInt8(ascii: "{")
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
          index += 1  // an empty container: a whole value
        } else {
          open.append(isObject)
          if isObject { try objectKey() }
          continue
        }
      case UInt8(ascii: "\""): _ = try parseString()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw unexpected(expected: "a value")
      }
      // A value is complete: close containers or move to the next element.
      while let isObject = open.last {
        skipWhitespace()
        guard index < bytes.count else {
          throw .unexpectedEnd(expected: isObject ? "',' or '}'" : "',' or ']'")
        }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          if isObject { try objectKey() }
          break
        }
        try expect(UInt8(ascii: isObject ? "}" : "]"), isObject ? "',' or '}'" : "',' or ']'")
        open.removeLast()
      }
      if open.isEmpty { return }
    }
  }

  /// Consumes `"key" :` inside an object being skipped.
  private mutating func objectKey() throws(ImportProblem) {
    skipWhitespace()
    guard index < bytes.count else { throw .unexpectedEnd(expected: "a key") }
    guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a key") }
    _ = try parseString()
    skipWhitespace()
    try expect(UInt8(ascii: ":"), "':'")
  }

  /// Steps over a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number() throws(ImportProblem) {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
      return index - first
    }
    func invalid() -> ImportProblem {
      var end = index
      while end < bytes.count && !",]} \t\r\n".utf8.contains(bytes[end]) { end += 1 }
      return .invalidNumber(
        Quote.bytes(UnsafeBufferPointer(rebasing: bytes[start..<max(end, start + 1)])))
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count && bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw invalid()
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw invalid() }
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard digits() > 0 else { throw invalid() }
    }
    // A digit right after a leading zero ("01") is not a number.
    if index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { throw invalid() }
  }
}
