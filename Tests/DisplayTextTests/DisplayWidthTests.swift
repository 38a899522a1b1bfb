import Testing

@testable import DisplayText

@Suite struct DisplayWidthTests {
  static let samples: [(String, Int)] = [
    ("", 0), ("Wed 1", 5), ("水", 2), ("水曜日", 6), ("月 29", 5), ("한국어", 6),
    ("Ａ", 2),  // fullwidth A
    ("ｶ", 1),  // halfwidth katakana
    ("e\u{301}", 1),  // e and a combining acute accent
    ("\u{301}", 0), ("a\u{20DD}", 1),  // an enclosing circle
    ("\u{200B}", 0),  // zero-width space
    ("a\u{200D}b", 2),  // a joiner between narrow letters joins nothing
    ("\u{7}\t\n\u{7F}\u{85}", 0),  // controls
    ("\u{AD}", 1),  // the soft hyphen stays visible
    ("😀", 2), ("👍🏽", 2),  // thumbs up, medium skin tone
    ("👨‍👩‍👧", 2),  // a family: three emoji joined
    ("❤", 1), ("❤️", 2),  // a heart, as text and as emoji
    ("🇫🇷", 2),  // a flag: two regional indicators
    ("1️⃣", 2),  // keycap one
    ("🏳️‍🌈", 2),  // rainbow flag
    ("\u{20000}", 2), ("\u{2FFF0}", 2),  // CJK Extension B, and an unassigned plane-2 scalar
    ("Ｗed 水 😀!", 11),
  ]

  @Test(arguments: samples)
  func widthsOfSamples(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
    #expect(DisplayWidth.of(Substring(text)) == width)
  }

  @Test func theTablesAreSortedAndDisjoint() {
    for table in [DisplayWidth.zeroWidthRanges, DisplayWidth.doubleWidthRanges] {
      #expect(zip(table, table.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
    }
    for range in DisplayWidth.zeroWidthRanges {
      #expect(!DisplayWidth.doubleWidthRanges.contains { $0.overlaps(range) })
    }
  }

  /// Checks every scalar against the standard library's Unicode properties, which the tables
  /// were extended from, and against blocks known to be wide.
  @Test func everyScalarAgreesWithTheUnicodeProperties() {
    let visibleFormat: Set<UInt32> = [0xAD, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD]
    var checked = 0
    for value in UInt32(0x300)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let width = DisplayWidth.of(scalar)
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .enclosingMark:
        #expect(width == 0, "U+\(String(value, radix: 16)) is a mark")
      case .format where !visibleFormat.contains(value) && !(0x600...0x605).contains(value):
        #expect(width == 0, "U+\(String(value, radix: 16)) is a format character")
      default:
        break
      }
      if properties.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(value) {
        #expect(width == 2, "U+\(String(value, radix: 16)) is an emoji")
      }
      checked += 1
    }
    for value in [0x4E00, 0x9FFF, 0xAC00, 0xD7A3, 0x3041, 0xFF01, 0x30000] as [UInt32] {
      #expect(DisplayWidth.of(Unicode.Scalar(value)!) == 2)
    }
    for value in [0x41, 0xE9, 0x3B1, 0x416, 0x5D0, 0xFF76, 0x1F1E6, 0x2764] as [UInt32] {
      #expect(DisplayWidth.of(Unicode.Scalar(value)!) == 1)
    }
    #expect(checked > 1_000_000)
  }

  @Test func prefixesKeepWholeCharacters() {
    #expect(DisplayWidth.prefix(of: "水曜日", fittingIn: 5) == ("水曜", 4))
    #expect(DisplayWidth.prefix(of: "水曜日", fittingIn: 6) == ("水曜日", 6))
    #expect(DisplayWidth.prefix(of: "ab👍🏽c", fittingIn: 3) == ("ab", 2))
    #expect(DisplayWidth.prefix(of: "ab👍🏽c", fittingIn: 4) == ("ab👍🏽", 4))
    #expect(DisplayWidth.prefix(of: "e\u{301}x", fittingIn: 1) == ("e\u{301}", 1))
    #expect(DisplayWidth.prefix(of: "abc", fittingIn: 0) == ("", 0))
  }
}

extension DisplayWidthTests {
  /// The shortcut for CJK and Hangul gives what the tables give.
  @Test func theShortcutRangesAgreeWithTheTables() {
    for value in UInt32(0x3220)...0xD7A3 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let fromTables =
        DisplayWidth.zeroWidthRanges.contains { $0.contains(value) }
        ? 0 : DisplayWidth.doubleWidthRanges.contains { $0.contains(value) } ? 2 : 1
      #expect(DisplayWidth.of(scalar) == fromTables, "U+\(String(value, radix: 16))")
      if DisplayWidth.of(scalar) != fromTables { return }
    }
  }
}
