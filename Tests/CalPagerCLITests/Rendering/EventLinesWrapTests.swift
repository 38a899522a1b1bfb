import TestSupport
import Testing

@testable import CalPagerCLI

/// An event line that fits is its own one line (`EventLines.wrap`'s short cut): the same
/// lines as the walk over its words gives, whatever the text and the width.
@Suite struct EventLinesWrapTests {
  /// Pieces event text is made of: words, runs of spaces, accents, CJK, emoji, combining marks,
  /// a long word, the separator pages put between summary, location and calendar.
  static let pieces = [
    "a", "Dentist", "Room", "3", " ", "  ", " · ", "é", "café", "日本", "🙂", "👍🏽", "e\u{301}",
    " \u{301}", "ｗｉｄｅ", "supercalifragilisticexpialidocious", "-", "한국어", "😀😀",
  ]

  @Test func theShortCutGivesTheWalksLines() {
    var random = SplitMix64(seed: 2026_12_02)
    var cases = 0
    var shortCut = 0
    for _ in 0..<20_000 {
      let count = Int(random.next() % 8)
      let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
      }
      .joined()
      let width = 1 + Int(random.next() % 40)
      let indent = Int(random.next() % 4)
      let walked = EventLines.wrapByWords(text, width: width, indent: indent)
      let wrapped = EventLines.wrap(text, width: width, indent: indent)
      #expect(wrapped == walked, "\(text.debugDescription) at width \(width), indent \(indent)")
      cases += 1
      if wrapped.count == 1 && wrapped[0] == text { shortCut += 1 }
    }
    // Both kinds of text were tried: ones the short cut takes and ones it leaves to the walk.
    #expect(cases == 20_000)
    #expect(shortCut > 1_000 && shortCut < 19_000)
  }
}
