import Testing

@testable import CalPagerCLI

@Suite struct KeyDecoderTests {
  /// Decodes `bytes` as one read, then settles what is pending as the reader does after its
  /// escape timeout.
  func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    decoder.append(bytes)
    var keys: [Key] = []
    while let key = decoder.next() { keys.append(key) }
    if let key = decoder.flush() { keys.append(key) }
    return keys
  }

  func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  static let sequences: [(String, Key)] = [
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp),
    ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
    // xterm's modifiers are kept (the line editor moves by words with Ctrl- and Alt-arrows).
    ("\u{1B}[1;5C", .modified(.right, .control)), ("\u{1B}[1;3D", .modified(.left, .alt)),
    ("\u{1B}[1;2A", .modified(.up, .shift)), ("\u{1B}[3;2~", .modified(.delete, .shift)),
    ("\u{1B}[1;7C", .modified(.right, KeyModifiers.control.union(.alt))),
    ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{8}", .backspace),
    ("\u{1}", .control("a")), ("\u{3}", .control("c")), ("\u{1A}", .control("z")),
    ("\u{0}", .control("@")), ("\u{1C}", .control("\\")), ("\u{1F}", .control("_")),
    ("q", .character("q")), (" ", .character(" ")), ("~", .character("~")),
    ("é", .character("é")), ("漢", .character("漢")), ("😀", .character("😀")),
  ]

  @Test(arguments: sequences)
  func decodesEachKey(sequence: String, key: Key) {
    #expect(keys(sequence) == [key], "\(Array(sequence.utf8))")
  }

  @Test func decodesKeysReadTogether() {
    #expect(
      keys("a\u{1B}[Db\u{1B}OA\r漢\u{7F}")
        == [.character("a"), .left, .character("b"), .up, .enter, .character("漢"), .backspace])
  }

  @Test func bareEscapeIsKnownOnlyAfterTheTimeout() {
    var decoder = KeyDecoder()
    decoder.append([0x1B])
    #expect(decoder.next() == nil)
    #expect(decoder.isPending)
    #expect(decoder.flush() == .escape)
    #expect(!decoder.isPending)
  }

  @Test func sequenceSplitAcrossReadsWaitsForItsRest() {
    var decoder = KeyDecoder()
    decoder.append([0x1B, UInt8(ascii: "[")])
    #expect(decoder.next() == nil)
    decoder.append([UInt8(ascii: "5")])
    #expect(decoder.next() == nil)
    decoder.append([UInt8(ascii: "~"), UInt8(ascii: "x")])
    #expect(decoder.next() == .pageUp)
    #expect(decoder.next() == .character("x"))
  }

  @Test func utf8SplitAcrossReadsWaitsForItsRest() {
    var decoder = KeyDecoder()
    let bytes = Array("漢".utf8)
    decoder.append(bytes[..<2])
    #expect(decoder.next() == nil)
    decoder.append(bytes[2...])
    #expect(decoder.next() == .character("漢"))
  }

  @Test func escapeThenAnotherKeyIsEscapeThenThatKey() {
    #expect(keys("\u{1B}x") == [.escape, .character("x")])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func unknownSequencesAreSkippedWhole() {
    // F1 (SS3 and CSI forms), F5, a mouse report, bracketed paste markers, a sequence with an
    // intermediate byte: all dropped, and the keys around them kept.
    let input =
      "a\u{1B}OP\u{1B}[11~\u{1B}[15~\u{1B}[<0;3;4M\u{1B}[200~\u{1B}[201~\u{1B}[1 qb"
    #expect(keys(input) == [.character("a"), .character("b")])
  }

  @Test func modifiedKeysNameTheirModifiersAndComeOffThem() {
    let key = keys("\u{1B}[1;5D").first
    #expect(key?.name == "ctrl-left")
    #expect(key?.unmodified == .left)
    #expect(Key.left.unmodified == .left)
  }

  @Test func bracketedPasteIsOneKeyHoldingTheText() {
    // Keys, escape sequences and control characters inside are text; CR and CR LF are line
    // breaks; the keys around the paste stay keys.
    let input = "a\u{1B}[200~dy\u{1B}[A\u{3}x\ry\r\nz\u{1B}[201~b"
    #expect(
      keys(input) == [.character("a"), .paste("dy\u{1B}[A\u{3}x\ny\nz"), .character("b")])
    #expect(keys("\u{1B}[200~漢字 😀\u{1B}[201~") == [.paste("漢字 😀")])
  }

  @Test func pasteSplitAcrossReadsWaitsForItsEndWithoutATimeout() {
    var decoder = KeyDecoder()
    let bytes = Array("\u{1B}[200~first\rsecond\u{1B}[201~".utf8)
    // Split inside the start marker, inside a character's text, and inside the end marker.
    for chunk in [bytes[..<3], bytes[3..<10], bytes[10..<(bytes.count - 3)]] {
      decoder.append(chunk)
      #expect(decoder.next() == nil)
      #expect(decoder.isPending)
    }
    #expect(decoder.isPasting)
    // What the reader does after its escape timeout settles nothing inside a paste.
    #expect(decoder.flush() == nil)
    #expect(decoder.isPasting)
    decoder.append(bytes[(bytes.count - 3)...])
    #expect(decoder.next() == .paste("first\nsecond"))
    #expect(!decoder.isPending)
  }

  @Test func unfinishedSequenceAtTheTimeoutIsDropped() {
    #expect(keys("\u{1B}[1;5") == [])
    #expect(keys("\u{1B}O") == [])
  }

  @Test func garbageInsideASequenceEndsIt() {
    // A byte that cannot be in a CSI sequence ends it; the byte is a key of its own.
    #expect(keys("\u{1B}[1\rx") == [.enter, .character("x")])
  }

  @Test func overlongSequenceIsDropped() {
    let long = "\u{1B}[" + String(repeating: "1", count: 40)
    #expect(keys(long + "A" + "z").last == .character("z"))
    #expect(!keys(long + "A").contains(.up))
  }

  @Test func invalidUTF8AndC1ControlsAreDropped() {
    // A lone continuation byte, an overlong encoding, a surrogate, a truncated character
    // followed by ASCII, and U+0085 (a C1 control).
    let bytes: [UInt8] = [
      0x80, 0x61, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x62, 0xE6, 0xBC, 0x63, 0xC2, 0x85, 0x64,
    ]
    #expect(keys(bytes) == [.character("a"), .character("b"), .character("c"), .character("d")])
  }

  @Test func keyNamesAreShort() {
    #expect(Key.left.name == "left")
    #expect(Key.control("c").name == "ctrl-c")
    #expect(Key.character("x").name == "'x'")
    #expect(Key.backTab.name == "shift-tab")
  }
}
