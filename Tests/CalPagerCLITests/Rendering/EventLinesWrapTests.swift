import CalendarPaging
import Recurrence
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

/// `EventLines.append` writes an event whose line fits straight into the output's bytes: the
/// same bytes as the lines `lines(of:on:)` makes, whatever the text, the width, the colour and
/// the number of calendars.
@Suite struct EventLinesAppendTests {
  @Test func writingInPlaceGivesTheLinesOfEachEvent() {
    var random = SplitMix64(seed: 2026_12_06)
    let pieces = EventLinesWrapTests.pieces + ["\u{1B}[31m", "tab\there"]
    func text(_ most: Int) -> String {
      (0..<Int(random.next() % UInt64(most + 1))).map { _ in
        pieces[Int(random.next() % UInt64(pieces.count))]
      }.joined()
    }
    let zone = FixedOffsetZone(offset: 3600)
    let day = Day(year: 2024, month: 5, day: 15)!
    var inPlace = 0
    for round in 0..<3_000 {
      let calendars = (0...Int(random.next() % 2)).map {
        EventCalendar(name: "cal\($0)", color: random.next() % 2 == 0 ? "\u{1B}[34m" : nil)
      }
      let source = SeriesEventSource(
        userZone: zone, series: calendars.map { (calendar: $0, series: []) })
      let start = Int(random.next() % 3) * 43_200 + day.dayNumber * 86_400 - 3600
      let occurrence = Occurrence(
        start: random.next() % 5 == 0 ? .day(day) : .instant(start),
        end: random.next() % 5 == 0 ? .day(day.next!) : .instant(start + 3600),
        recurrenceID: nil,
        fields: EventFields(
          summary: random.next() % 6 == 0 ? nil : text(5),
          location: random.next() % 2 == 0 ? nil : text(3)), isOverride: false)
      let event = DayEvent(
        calendar: calendars[Int(random.next() % UInt64(calendars.count))].name, uid: "u\(round)",
        occurrence: occurrence)
      let style = Style(
        json: false, color: random.next() % 3 == 0, width: 1 + Int(random.next() % 60))
      let lines = EventLines(style: style, source: source)
      let output = Output(capturing: 256)
      lines.append([event], on: day, to: output)
      let expected = lines.lines(of: event, on: day).map { $0 + "\n" }.joined()
      #expect(
        String(decoding: output.buffer, as: UTF8.self) == expected,
        "\(occurrence.fields) at width \(style.width), color \(style.color)")
      if !style.color && expected.utf8.filter({ $0 == UInt8(ascii: "\n") }).count == 1 {
        inPlace += 1
      }
    }
    // Both paths were taken.
    #expect(inPlace > 300 && inPlace < 2_700)
  }
}
