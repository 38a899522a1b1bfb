import Interchange

/// Splits one line of `calpager shell` into words, with shell-like quoting.
///
/// - Words are separated by runs of space, tab, CR, LF, vertical tab or form feed.
/// - `'…'` keeps everything inside literally, backslashes included.
/// - `"…"` keeps everything literally except `\"`, `\\`, `\$` and `` \` `` (the character
///   itself, as in a POSIX shell) and `\n` and `\t` (a newline and a tab, so a script can add a
///   multi-line note); any other backslash stays a backslash (`"C:\x"` is `C:\x`).
/// - Outside quotes a backslash takes the next character literally (`a\ b` is one word,
///   `\'` a quote); a backslash ending the line is an error.
/// - Quoted and unquoted pieces next to each other form one word (`--day="2024 05"`), and `''`
///   or `""` is an empty word.
/// - A line whose first non-blank character is `#` is a comment and has no words. A `#`
///   anywhere else is an ordinary character, so `rm #12` and `add Call #team` work.
/// - The line must be valid UTF-8; an invalid byte is an error naming its column, since a
///   silently replaced character would be stored in a note.
///
/// Errors are `UsageError`s without usage lines, naming the 1-based column (in Unicode scalars)
/// where the problem starts; the line mode prefixes `line N: `.
public enum Tokenizer {
  /// The words of `line`, or none for a blank or comment line.
  ///
  /// - Complexity: O(n) in the length of `line`.
  public static func words(in line: String) throws(UsageError) -> [String] {
    var line = line
    let result = line.withUTF8 { bytes in
      Result { () throws(UsageError) in try words(in: bytes) }
    }
    return try result.get()
  }

  /// The words of the UTF-8 bytes of one line (no need to strip its newline).
  ///
  /// - Complexity: O(n) in `bytes.count`.
  public static func words(in bytes: UnsafeBufferPointer<UInt8>) throws(UsageError) -> [String] {
    if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw UsageError(
        "invalid UTF-8 at column \(column(of: invalid, in: bytes))", usage: .none)
    }
    var scanner = Scanner(bytes: bytes)
    return try scanner.scanWords()
  }

  /// The words of `bytes`, and the indexes of those a shell would expand to `$HOME`.
  ///
  /// Those start with an unquoted `~` alone or followed by `/` (`'~/x'` and `\~` stay as
  /// typed). Which of them are paths, and so expanded, is the parser's to say.
  public static func words(
    in bytes: UnsafeBufferPointer<UInt8>, homeRelative: inout Set<Int>
  ) throws(UsageError) -> [String] {
    if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw UsageError(
        "invalid UTF-8 at column \(column(of: invalid, in: bytes))", usage: .none)
    }
    var scanner = Scanner(bytes: bytes)
    let words = try scanner.scanWords()
    homeRelative = scanner.homeRelative
    return words
  }

  /// The 1-based column, in Unicode scalars, of the byte at `offset`.
  public static func column(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var column = 1
    for byte in bytes[..<offset] where byte & 0xC0 != 0x80 {
      column += 1
    }
    return column
  }
}

/// The tokenizer's cursor over one line.
private struct Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// The current word's bytes, once it needs unquoting; reused from word to word.
  var scratch: [UInt8] = []
  /// The indexes of the words that start with an unquoted `~` alone or before `/`.
  var homeRelative: Set<Int> = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  mutating func scanWords() throws(UsageError) -> [String] {
    skipBlanks()
    if index < bytes.count, bytes[index] == UInt8(ascii: "#") { return [] }
    var words: [String] = []
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "~"),
        index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: "/")
          || Scanner.isBlank(bytes[index + 1])
      {
        homeRelative.insert(words.count)
      }
      words.append(try scanWord())
      skipBlanks()
    }
    return words
  }

  mutating func skipBlanks() {
    while index < bytes.count, Scanner.isBlank(bytes[index]) { index += 1 }
  }

  /// Reads one word starting at a non-blank byte.
  ///
  /// Plain words are copied straight from the line; only words with quotes or backslashes go
  /// through `scratch`.
  mutating func scanWord() throws(UsageError) -> String {
    let start = index
    var unquoting = false
    while index < bytes.count {
      let byte = bytes[index]
      if Scanner.isBlank(byte) { break }
      switch byte {
      case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
        if !unquoting {
          unquoting = true
          scratch.removeAll(keepingCapacity: true)
          scratch.append(contentsOf: bytes[start..<index])
        }
        switch byte {
        case UInt8(ascii: "'"): try scanSingleQuoted()
        case UInt8(ascii: "\""): try scanDoubleQuoted()
        default: try scanEscape()
        }
      default:
        if unquoting { scratch.append(byte) }
        index += 1
      }
    }
    if unquoting { return String(decoding: scratch, as: UTF8.self) }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  mutating func scanSingleQuoted() throws(UsageError) {
    let open = index
    index += 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
      scratch.append(bytes[index])
      index += 1
    }
    guard index < bytes.count else { throw unterminated("single quote", at: open) }
    index += 1
  }

  mutating func scanDoubleQuoted() throws(UsageError) {
    let open = index
    index += 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        let next = bytes[index + 1]
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"), UInt8(ascii: "`"):
          scratch.append(next)
          index += 2
          continue
        case UInt8(ascii: "n"):
          scratch.append(0x0A)
          index += 2
          continue
        case UInt8(ascii: "t"):
          scratch.append(0x09)
          index += 2
          continue
        default:
          break
        }
      }
      scratch.append(byte)
      index += 1
    }
    guard index < bytes.count else { throw unterminated("double quote", at: open) }
    index += 1
  }

  mutating func scanEscape() throws(UsageError) {
    guard index + 1 < bytes.count else {
      let column = Tokenizer.column(of: index, in: bytes)
      throw UsageError(
        "backslash at the end of the line (column \(column)): nothing to escape", usage: .none)
    }
    // The escaped character's first byte; its continuation bytes, if any, follow as ordinary
    // bytes (they are never blanks, quotes or backslashes).
    scratch.append(bytes[index + 1])
    index += 2
  }

  func unterminated(_ what: String, at offset: Int) -> UsageError {
    let column = Tokenizer.column(of: offset, in: bytes)
    return UsageError("unterminated \(what) starting at column \(column)", usage: .none)
  }
}
