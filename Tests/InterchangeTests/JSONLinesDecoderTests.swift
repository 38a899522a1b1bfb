import CalendarPaging
import Interchange
import Testing

@Suite struct JSONLinesDecoderTests {
  static let good = #"{"day":"2024-05-01","body":"a"}"#

  @Test func readsNotesSkippingBlankLinesWithLFOrCRLF() throws {
    let text =
      "\u{FEFF}" + Self.good + "\r\n\r\n  \n"
      + #"{"id":7,"uid":null,"day":"2024-05-02","body":"b","created":null,"x":[1,{"y":null}]}"#
    let notes = try decoded(text, .jsonl)
    #expect(notes.map(\.body) == ["a", "b"])
    #expect(notes.map(\.line) == [1, 4])
    #expect(notes[1].uidIsDerived && notes[1].created == nil && notes[1].updated == nil)
    #expect(!notes.contains { $0.uid == nil })
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let text = #"{"day":"2024-05-01","body":"\ud83d\ude00 \u00e9 \/ \b\f\n\r\t \"q\" \\","uid":""}"#
    let note = try #require(try decoded(text, .jsonl).first)
    #expect(note.body == "😀 é / \u{8}\u{C}\n\r\t \"q\" \\")
    #expect(note.uidIsDerived)  // an empty uid is no uid
  }

  static let malformed: [(String, String)] = [
    (
      #"{"day":"2024-02-30","body":"a"}"#,
      "line 3: 'day' is not a date: '2024-02-30', February 2024 has 29 days, not 30"
    ),
    (#"{"day":"2024-05-01","body":"abc"#, "line 3: unterminated string"),
    (#"{"day":"2024-05-01"}"#, "line 3: missing 'body'"),
    (#"{"body":"a"}"#, "line 3: missing 'day'"),
    (#"{"day":20240501,"body":"a"}"#, "line 3: 'day' must be a string, not a number"),
    (#"{"day":"2024-05-01","body":null}"#, "line 3: 'body' must be a string, not null"),
    (
      #"{"day":"2024-05-01","body":""}"#,
      "line 3: 'body' is empty or only white space: a note needs text"
    ),
    (
      #"{"day":"2024-05-01","body":" \t\n\r\u2028\u00a0"}"#,
      "line 3: 'body' is empty or only white space: a note needs text"
    ),
    (
      #"{"day":"2024-05-01","body":"a","uid":[]}"#,
      "line 3: 'uid' must be a string or null, not an array"
    ),
    (#"{"day":"2024-05-01","body":"a","body":"b"}"#, "line 3: duplicate key 'body'"),
    (#"{"day":"2024-05-01","body":"a","x":1,"x":2}"#, "line 3: duplicate key 'x'"),
    (#"{"day":"2024-05-01","b\u006fdy":"a","body":"b"}"#, "line 3: duplicate key 'body'"),
    (
      #"{"day":"2024-05-01","body":"\ud800"}"#,
      #"line 3: lone surrogate '\ud800' is not a character"#
    ),
    (
      #"{"day":"2024-05-01","body":"\udc00x"}"#,
      #"line 3: lone surrogate '\udc00' is not a character"#
    ),
    (
      #"{"day":"2024-05-01","body":"\ud800\u0041"}"#,
      #"line 3: lone surrogate '\ud800' is not a character"#
    ),
    (#"{"day":"2024-05-01","body":"\x"}"#, #"line 3: invalid escape '\x'"#),
    (#"{"day":"2024-05-01","body":"\u12G4"}"#, #"line 3: invalid escape '\u12G4'"#),
    (
      "{\"day\":\"2024-05-01\",\"body\":\"a\tb\"}",
      "line 3: unescaped control character U+0009 in a string"
    ),
    (Self.good + " x", "line 3: unexpected 'x', expected the end of the line after the note"),
    ("[" + Self.good + "]", "line 3: unexpected '[', expected a note object"),
    (#"{"day":"2024-05-01","body":"a",}"#, "line 3: unexpected '}', expected a key"),
    (#"{"day":"2024-05-01" "body":"a"}"#, "line 3: unexpected '\"', expected ',' or '}'"),
    (#"{"day":"2024-05-01","body":"a","x":01}"#, "line 3: '01' is not a JSON number"),
    (#"{"day":"2024-05-01","body":"a","x":-}"#, "line 3: '-' is not a JSON number"),
    (#"{"day":"2024-05-01","body":"a","x":1.e5}"#, "line 3: '1.e5' is not a JSON number"),
    (#"{"day":"2024-05-01","body":"a","x":tru}"#, "line 3: unexpected 't', expected a value"),
    (#"{"day":"2024-05-01","body":"a","x":[1,]}"#, "line 3: unexpected ']', expected a value"),
    (#"{"day":"2024-05-01","body":"a","x":{"k" 1}}"#, "line 3: unexpected '1', expected ':'"),
    (
      #"{"day":"2024-05-01","body":"a","created":"2024-04-30 18:02"}"#,
      "line 3: 'created' is not a time: '2024-04-30 18:02', expected YYYY-MM-DDTHH:MM:SS.mmmZ"
    ),
    (
      #"{"day":"2024-05-01","body":"a","updated":"2024-04-30T18:02:11"}"#,
      "line 3: 'updated' is not a time: '2024-04-30T18:02:11', expected YYYY-MM-DDTHH:MM:SS.mmmZ"
    ),
    (
      #"{"day":"2024-05-01","body":"a","uid":"a\nb"}"#,
      #"line 3: 'uid' contains a control character: 'a\nb'"#
    ),
    (#"{"day":"2024-05-01","body":"a""#, "line 3: unexpected end of input, expected ',' or '}'"),
  ]

  @Test(arguments: malformed)
  func malformedRecordNamesItsLine(record: String, message: String) {
    let text = Self.good + "\n\n" + record + "\n" + Self.good + "\n"
    #expect(decodingError(text, .jsonl) == message)
  }

  @Test func invalidUTF8IsRefused() {
    var bytes = Array(#"{"day":"2024-05-01","body":"a"#.utf8)
    bytes += [0xC3, 0x28]  // a lead byte without its continuation
    bytes += Array(#""}"#.utf8)
    #expect(decodingError(bytes, .jsonl) == "line 1: invalid UTF-8")
    #expect(
      decodingError([0xED, 0xA0, 0x80], .jsonl)
        == "line 1: unexpected '\u{FFFD}', expected a note object")
  }

  @Test func errorsNeverQuoteAWholeBody() throws {
    let longDate = String(repeating: "9", count: 10_000)
    let message = try #require(decodingError(#"{"day":""# + longDate + #"","body":"a"}"#, .jsonl))
    #expect(message.count < 200)
    #expect(message.hasPrefix("line 1: 'day' is not a date: '9999999"))
  }

  @Test func aRecordLongerThanTheLimitIsRefused() throws {
    let line = #"{"day":"2024-05-01","body":""# + String(repeating: "x", count: 5000) + #""}"#
    var decoder = try NoteDecoder(
      format: .jsonl, source: ByteArraySource(Self.good + "\n" + line + "\n"),
      maximumRecordSize: 4096)
    #expect(try decoder.next()?.body == "a")
    #expect(throws: InterchangeError.malformed(line: 2, .recordTooLong(limit: 4096))) {
      try decoder.next()
    }
    #expect(try decoder.next() == nil)  // finished after an error
  }

  @Test func markdownCannotBeDecoded() {
    #expect(throws: InterchangeError.exportOnly(.md)) {
      try NoteDecoder(format: .md, source: ByteArraySource([]))
    }
  }
}
