import Interchange
import Testing

@Suite struct JSONArrayDecoderTests {
  static let good = #"{"day":"2024-05-01","body":"a"}"#

  @Test func readsElementsAcrossLinesAndNamesTheLineOfEachObject() throws {
    let text =
      "\u{FEFF} [\n" + Self.good + " ,\n\n{\n\"body\":\"b\",\n\"day\":\"2024-05-02\"\n}\n]\n\n"
    let notes = try decoded(text, .json)
    #expect(notes.map(\.body) == ["a", "b"])
    #expect(notes.map(\.line) == [2, 4])
    #expect(try decoded(" [ ] ", .json).isEmpty)
  }

  static let malformed: [(String, String)] = [
    (
      "[\n" + good + ",\n\n{\n\"day\":\"x\",\n\"body\":\"b\"}]",
      "line 4: 'day' is not a date: 'x', expected YYYY-MM-DD, years 0001 to 9999"
    ),
    ("[\n" + good + "\n" + good + "]", "line 3: unexpected '{', expected ',' or ']'"),
    ("[" + good + ",]", "line 1: unexpected ']', expected a note object"),
    ("[" + good + ",\n7]", "line 2: unexpected '7', expected a note object"),
    (good, "line 1: unexpected '{', expected '[' to open the array of notes"),
    ("\n\n[", "line 3: unexpected end of input, expected a note object or ']'"),
    (
      "[\n" + good + ",\n{\"day\":\"2024-05-01\",\"body\":\" \\n\"}]",
      "line 3: 'body' is empty or only white space: a note needs text"
    ),
    ("[" + good, "line 1: unexpected end of input, expected ',' or ']'"),
    ("[" + good + ",", "line 1: unexpected end of input, expected a note object"),
    ("[\n{\"day\":\"2024", "line 2: unterminated string"),
    (
      "[\n{\"day\":\"2024-05-01\",\n\"body\":[",
      "line 2: unexpected end of input, expected '}' to close the note"
    ),
    ("[]\nx", "line 2: unexpected 'x', expected nothing after the closing ']'"),
    ("[{\"day\":\"2024-05-01\",\"body\":\"a\"]}]", "line 1: unexpected ']', expected ',' or '}'"),
  ]

  @Test(arguments: malformed)
  func malformedInputNamesItsLine(text: String, message: String) {
    #expect(decodingError(text, .json) == message)
  }
}
