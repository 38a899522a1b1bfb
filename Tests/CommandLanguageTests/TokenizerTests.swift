import Testing

@testable import CommandLanguage

@Suite struct TokenizerTests {
  static let broken: [(String, String)] = [
    (#"add 'unterminated"#, "unterminated single quote starting at column 5"),
    (#"add "unterminated"#, "unterminated double quote starting at column 5"),
    (#"add "a" "b" "c"#, "unterminated double quote starting at column 13"),
    (#"add "it's"#, "unterminated double quote starting at column 5"),
    (#"add "escaped\""#, "unterminated double quote starting at column 5"),
    (#"add 'héllo' "wörld"#, "unterminated double quote starting at column 13"),
    (#"add x\"#, "backslash at the end of the line (column 6): nothing to escape"),
  ]

  static let quoted: [(String, [String])] = [
    (#"add 'it''s'"#, ["add", "its"]),
    (#"add 'a "b" \n c'"#, ["add", #"a "b" \n c"#]),
    (#"add "say \"hi\"""#, ["add", #"say "hi""#]),
    (#"add "back\\slash \$HOME \`x\`""#, ["add", #"back\slash $HOME `x`"#]),
    (#"add "C:\x\y""#, ["add", #"C:\x\y"#]),
    (#"add "two\nlines\tand a tab""#, ["add", "two\nlines\tand a tab"]),
    (#"add a\ b"#, ["add", "a b"]),
    (#"add \'quoted\'"#, ["add", "'quoted'"]),
    (##"add \#12 \\"##, ["add", "#12", "\\"]),
    (#"add \n"#, ["add", "n"]),
    (#"--day="2024-05-01" x"#, ["--day=2024-05-01", "x"]),
    (#"add ab"cd ef"gh'ij'"#, ["add", "abcd efghij"]),
    (#"add '' """#, ["add", "", ""]),
    (#"''"#, [""]),
    (#"add 'héllo wörld' 日本"#, ["add", "héllo wörld", "日本"]),
    (#"add caf\é"#, ["add", "café"]),
    (##""#hash" in quotes"##, ["#hash", "in", "quotes"]),
    (#"'#' not a comment"#, ["#", "not", "a", "comment"]),
  ]

  static let plain: [(String, [String])] = [
    ("next", ["next"]),
    ("  goto   2024-05-01  ", ["goto", "2024-05-01"]),
    ("goto\t2024-05-01\r", ["goto", "2024-05-01"]),
    ("add Lunch with Ana\n", ["add", "Lunch", "with", "Ana"]),
    ("", []),
    ("   \t ", []),
    ("# a comment", []),
    ("   # indented comment 'with quotes", []),
    ("rm #12", ["rm", "#12"]),
    ("add Call #team", ["add", "Call", "#team"]),
    ("add a#b", ["add", "a#b"]),
  ]

  @Test(arguments: TokenizerTests.plain)
  func splitsOnBlanks(line: String, words: [String]) throws {
    #expect(try Tokenizer.words(in: line) == words)
  }

  @Test(arguments: TokenizerTests.quoted)
  func unquotes(line: String, words: [String]) throws {
    #expect(try Tokenizer.words(in: line) == words)
  }

  @Test(arguments: TokenizerTests.broken)
  func reportsColumns(line: String, expected: String) {
    let error = #expect(throws: UsageError.self) { try Tokenizer.words(in: line) }
    #expect(error?.message == expected)
    #expect(error?.usage == UsageError.Usage.none)
    #expect(error?.description == "Error: " + expected)
  }

  @Test func rejectsInvalidUTF8WithItsColumn() {
    let lines: [([UInt8], Int)] = [
      (Array("add ".utf8) + [0xFF], 5),
      (Array("add é".utf8) + [0xC3], 6),
      (Array("add ".utf8) + [0xC0, 0x80], 5),  // overlong NUL
      (Array("add ".utf8) + [0xED, 0xA0, 0x80], 5),  // surrogate
      (Array("add ".utf8) + [0xF4, 0x90, 0x80, 0x80], 5),  // past U+10FFFF
      ([0x80], 1),
    ]
    for (bytes, column) in lines {
      let error = #expect(throws: UsageError.self) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(UsageError) in
          try Tokenizer.words(in: buffer)
        }
      }
      #expect(error?.message == "invalid UTF-8 at column \(column)")
    }
  }

  @Test func keepsEveryScalarOfValidUTF8() throws {
    let text = "add \u{0}\u{7F} 🇵🇹 👩‍👩‍👧 \u{10FFFF}"
    #expect(try Tokenizer.words(in: text) == ["add", "\u{0}\u{7F}", "🇵🇹", "👩‍👩‍👧", "\u{10FFFF}"])
  }

  @Test func readsBytesWithTheirNewline() throws {
    let bytes = Array("goto 2024-05-01\n".utf8)
    let words = try bytes.withUnsafeBufferPointer { (buffer) throws(UsageError) in
      try Tokenizer.words(in: buffer)
    }
    #expect(words == ["goto", "2024-05-01"])
  }

  @Test func countsColumnsInScalars() {
    let bytes = Array("é日🙂x".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(Tokenizer.column(of: 0, in: buffer) == 1)
      #expect(Tokenizer.column(of: 2, in: buffer) == 2)
      #expect(Tokenizer.column(of: 5, in: buffer) == 3)
      #expect(Tokenizer.column(of: 9, in: buffer) == 4)
    }
  }
}
