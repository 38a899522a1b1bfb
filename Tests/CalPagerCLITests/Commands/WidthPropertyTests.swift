import CalendarPaging
import CommandLanguage
import DisplayText
import Foundation
import NoteStore
import Recurrence
import TestSupport
import Testing

@testable import CalPagerCLI

/// Every line `show` (by day, week and month), `list`, `search` and `help` print fits
/// `--width`, in display columns, for random notes and events and widths from 20 to 10000,
/// with colour and without.
@Suite struct WidthPropertyTests {
  /// Pieces notes are made of: words, long words, runs of spaces, tabs, newlines, accents,
  /// CJK, emoji, combining marks, joiners, control characters.
  static let pieces = [
    "a", "word", "bank", "dentist", " ", "  ", "\t", "\n", "é", "café", "日本", "語のメモ",
    "🙂", "👍🏽", "e\u{301}", "🏳️‍🌈", "\u{1B}[31m", "\r\n", "\u{7}", "\u{202E}", "ｗｉｄｅ",
    "supercalifragilisticexpialidocious", "https://example.com/a/very/long/path/to/a/page",
    "日本語日本語日本語日本語日本語日本語", "-", "10:00", "한국어",
  ]

  /// The widths tried: every one from 20 to 48, and random ones up to 10000.
  static func widths(_ random: inout SplitMix64) -> [Int] {
    Array(20...48) + (0..<20).map { _ in random.next(in: 49...400) }
      + (0..<6).map { _ in random.next(in: 401...10_000) } + [10_000]
  }

  /// The columns `line` takes, its SGR sequences left out.
  static func columns(_ line: Substring) -> Int {
    var plain = ""
    var rest = line[...]
    while let escape = rest.firstIndex(of: "\u{1B}") {
      plain += rest[..<escape]
      rest = rest[escape...].drop { $0 != "m" }.dropFirst()
    }
    plain += rest
    return DisplayWidth.of(plain)
  }

  @Test func everyLineFitsTheWidth() throws {
    var random = SplitMix64(seed: 20_240_514)
    let calpager = try InProcess()
    for _ in 0..<40 {
      var body = ""
      for _ in 0..<random.next(in: 1...24) {
        body += Self.pieces[random.next(in: 0...(Self.pieces.count - 1))]
      }
      let day = Day(year: 2030, month: 6, day: random.next(in: 1...30))!
      try calpager.store.add(body, on: day)
    }
    calpager.session.events = try Self.randomEvents(&random)
    try calpager.store.add("the first day", on: .first)
    try calpager.store.add("the last day 日本", on: .last)
    let commands = [
      "goto 2030-06-14", "show --by week", "show --by month", "next --by month",
      "prev --by month", "list 2030-06", "list 2030-07", "search bank", "search 日本", "search café",
      "search zebra", "search bank --limit 1", "search 日本 --all", "list 2030-06-10..2030-06-24",
      "help", "help search", "help config",
      "help export", "goto 0001-01-01 --by week", "show --by month", "goto 9999-12-31",
      "show --by week", "show --by month",
    ]
    var failures = 0
    for width in Self.widths(&random) {
      for color in ["never", "always"] {
        for command in commands {
          let text = try calpager.run("\(command) --width \(width) --color \(color)")
          for line in text.split(separator: "\n") where Self.columns(line) > width {
            failures += 1
            if failures < 10 {
              Issue.record("\(command) at \(width): \(Self.columns(line)) columns: \(line)")
            }
          }
        }
      }
      try calpager.run("config set first-weekday \(width % 2 == 0 ? "sunday" : "monday")")
    }
    #expect(failures == 0)
  }

  /// Events of two calendars (so lines name them) in June 2030, their summaries and locations
  /// made of `pieces`: timed, all-day, over midnight and over several days.
  static func randomEvents(_ random: inout SplitMix64) throws -> SeriesEventSource {
    func text() -> String {
      (0..<random.next(in: 1...12)).map { _ in pieces[random.next(in: 0...(pieces.count - 1))] }
        .joined()
    }
    var calendars: [(calendar: EventCalendar, series: [EventSeries])] = []
    for name in ["work", "a calendar with a long name 日本語"] {
      var series: [EventSeries] = []
      for index in 0..<12 {
        let day = random.next(in: 10...20)
        let hour = random.next(in: 10...23)
        let start =
          index % 3 == 0
          ? "203006\(day)" : "203006\(day)T\(hour)\(index % 2 == 0 ? "30" : "00")00Z"
        let end =
          index % 3 == 0
          ? "203006\(day + random.next(in: 1...3))"
          : "203006\(day + random.next(in: 0...1))T235900Z"
        series.append(
          EventSeries(
            uid: "\(name)-\(index)", start: try DateTimeValue(parsing: start),
            end: .at(try DateTimeValue(parsing: end)),
            fields: EventFields(
              summary: text(), location: index % 2 == 0 ? text() : nil,
              description: text())))
      }
      calendars.append((EventCalendar(name: name, color: "\u{1B}[35m"), series))
    }
    return SeriesEventSource(userZone: FixedOffsetZone(offset: -9_000), series: calendars)
  }

  @Test func helpOfEveryCommandFitsEveryWidth() {
    let grammar = CommandRegistry.grammar
    var random = SplitMix64(seed: 2_024)
    for width in Self.widths(&random) {
      for mode in [ParseMode.commandLine, .shellLine] {
        for spec in [nil] + grammar.commands(in: mode) {
          let text = HelpText.text(for: spec, grammar: grammar, width: width, mode: mode)
          for line in text.split(separator: "\n") where Self.columns(line) > width {
            Issue.record("help \(spec?.name ?? "") at \(width): \(line)")
          }
        }
      }
    }
  }

  @Test func theDayHeadingWrapsAtItsSeparators() throws {
    let calpager = try InProcess(today: "2024-09-18")
    for index in 1...12 { try calpager.store.add("note \(index)", on: Day("2024-09-18")!) }
    let page = try calpager.run("show --width 40")
    #expect(page.contains("\nWednesday 18 September 2024 · today\n12 notes\n"))
    let wide = try calpager.run("show --width 80")
    #expect(wide.contains("\nWednesday 18 September 2024 · today · 12 notes\n"))
  }

  @Test func noteTextUsesEveryColumnItIsGiven() throws {
    let calpager = try InProcess()
    try calpager.store.add("abcdefghijklmnopqrstuvwxyz", on: Day("2030-06-15")!)
    let page = try calpager.run("show --width 20")
    // 20 columns less `  #1  `: 14 for the text, where a 16-column minimum gave 16.
    #expect(page.hasSuffix("  #1  abcdefghijklmn\n      opqrstuvwxyz\n"))
  }
}
