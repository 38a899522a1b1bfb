import Interchange
import Testing

@Suite struct JSONTests {
  static func string(_ text: String) -> String {
    var output: [UInt8] = []
    JSON.appendString(text, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func escapesQuotesBackslashesAndEveryControlCharacter() {
    #expect(Self.string("a\"b\\c/d") == #""a\"b\\c/d""#)
    #expect(Self.string("\u{8}\u{C}\n\r\t") == #""\b\f\n\r\t""#)
    #expect(Self.string("\u{0}\u{1}\u{1b}\u{1f}") == #""\u0000\u0001\u001b\u001f""#)
    #expect(Self.string("\u{7f} \u{2028} é 日 🙂") == "\"\u{7f} \u{2028} é 日 🙂\"")
    #expect(Self.string("") == "\"\"")
  }

  /// Every position of an escape in a long run, so the eight-bytes-at-a-time path is crossed.
  @Test func escapesAtEveryOffsetOfTheFastPath() {
    for offset in 0..<24 {
      for special in ["\"", "\\", "\n", "\u{1}", "é"] {
        let text =
          String(repeating: "a", count: offset) + special + String(repeating: "b", count: 9)
        let expected: String
        switch special {
        case "\"": expected = "\\\""
        case "\\": expected = "\\\\"
        case "\n": expected = "\\n"
        case "\u{1}": expected = "\\u0001"
        default: expected = special
        }
        #expect(
          Self.string(text)
            == "\"" + String(repeating: "a", count: offset) + expected
            + String(repeating: "b", count: 9) + "\"")
      }
    }
  }

  @Test func invalidUTF8IsWrittenAsReplacementCharacters() {
    var output: [UInt8] = []
    let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xED, 0xA0, 0x80, 0x63, 0xE6, 0x97]
    bytes.withUnsafeBufferPointer { JSON.appendString(bytes: $0, into: &output) }
    #expect(
      String(decoding: output, as: UTF8.self) == "\"a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}c\u{FFFD}\"")
  }

  @Test func integers() {
    for value in [0, 7, -7, 1_234_567_890, Int.max, Int.min] {
      var output: [UInt8] = []
      JSON.appendInt(value, into: &output)
      #expect(String(decoding: output, as: UTF8.self) == String(value))
    }
  }

  @Test func aNoteObjectCarriesItsIDWhenAsked() {
    let note = GoldenTests.notes[0]
    var output: [UInt8] = []
    JSON.appendNote(note, includeID: true, into: &output)
    #expect(
      String(decoding: output, as: UTF8.self) == "{\"id\":12," + GoldenTests.object1.dropFirst())
    output.removeAll()
    JSON.appendNote(note, includeID: false, into: &output)
    #expect(String(decoding: output, as: UTF8.self) == GoldenTests.object1)
  }
}
