import CalendarPaging
import Foundation
import Testing

@testable import Recurrence

/// The quick reading of rules (`RecurrenceRule.quicklyParsed`, the fast path of
/// `init(parsing:untilZone:)`) never changes a result: whatever it reads, the general reading
/// reads the same, and what it declines goes the general way.
@Suite struct RecurrenceRuleQuickParsingTests {
  /// What one reading gives: the rule (its text and its `UNTIL`), or the error.
  struct Outcome: Equatable {
    var rule: String?
    var until: String?
    var untilKind: String?
    var error: RecurrenceError?

    init(_ read: () throws(RecurrenceError) -> RecurrenceRule) {
      do {
        let rule = try read()
        self.rule = rule.description
        until = rule.until?.description
        untilKind = rule.until.map { value in
          switch value {
          case .date: "date"
          case .floating: "floating"
          case .utc: "utc"
          case .zoned(_, let zone): "zoned \(zone.utcOffset(at: 0))"
          }
        }
      } catch {
        self.error = error
      }
    }
  }

  static let zone = FixedOffsetZone(offset: 7200)

  /// Reads `text` quickly (when the fast path takes it) and the general way, and compares;
  /// whether the fast path took it.
  @discardableResult
  static func expectSameReading(_ text: String, untilZone: (any ZoneRules)? = zone) -> Bool {
    let quick = Array(text.utf8).withUnsafeBufferPointer {
      RecurrenceRule.quicklyParsed($0, untilZone: untilZone)
    }
    let general = Outcome { () throws(RecurrenceError) in
      try RecurrenceRule(generalParsing: text, untilZone: untilZone)
    }
    let entry = Outcome { () throws(RecurrenceError) in
      try RecurrenceRule(parsing: text, untilZone: untilZone)
    }
    let bytes = Outcome { () throws(RecurrenceError) in
      try Array(text.utf8).withUnsafeBufferPointer { (value) throws(RecurrenceError) in
        try RecurrenceRule(parsingUTF8: value, untilZone: untilZone)
      }
    }
    #expect(entry == general, "\(text)")
    #expect(bytes == general, "\(text)")
    if let quick {
      #expect(Outcome { quick } == general, "\(text)")
    }
    return quick != nil
  }

  @Test func theCommonRulesAreReadQuicklyAndTheSame() {
    let rules = [
      "FREQ=YEARLY", "FREQ=DAILY;COUNT=10", "FREQ=WEEKLY;UNTIL=20250101T235959Z",
      "FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=2TU;COUNT=12", "freq=weekly;byday=mo,we,fr",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU", "FREQ=MONTHLY;BYMONTHDAY=-1,15;",
      "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=DAILY;UNTIL=20240503",
      "FREQ=DAILY;UNTIL=20240503t090000",
      "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYSECOND=0,60;BYMINUTE=30;BYHOUR=9,23;"
        + "BYDAY=-1FR,+20MO,TU;BYMONTHDAY=-1,15;BYYEARDAY=-366,100;BYWEEKNO=-53,1;"
        + "BYMONTH=1,12;BYSETPOS=-1,3;WKST=SU;",
      ";;FREQ=HOURLY;;", "FREQ=DAILY;COUNT=99999999999999999999999", "FREQ=DAILY;COUNT=007",
      "FREQ=MONTHLY;BYMONTHDAY=+5",
    ]
    for rule in rules {
      #expect(Self.expectSameReading(rule), "not read quickly: \(rule)")
      #expect(Self.expectSameReading(rule, untilZone: nil), "not read quickly: \(rule)")
    }
  }

  @Test func whatTheQuickReadingDeclinesReadsTheGeneralWay() {
    let rules = [
      "FREQ=DAILY;FOO=1", "FREQ=FORTNIGHTLY", "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;COUNT=-1",
      "FREQ=DAILY;BYHOUR=+1", "FREQ=DAILY;BYHOUR=", "FREQ=MONTHLY;BYDAY=XX",
      "FREQ=MONTHLY;BYDAY=0MO", "FREQ=MONTHLY;BYDAY=+MO", "FREQ=MONTHLY;BYDAY=MO,",
      "FREQ=WEEKLY;WKST=MON", "FREQ=DAILY;UNTIL=2024", "FREQ=DAILY;UNTIL=20240101T000000ZZ",
      "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;COUNT", "COUNT=3", "", ";", "=", "FREQ==DAILY",
      "FREQ=DAILY;COUNT=1=2", "FREQ=DA\u{131}LY", "FREQ=DAILY;BY\u{17F}ECOND=1",
      "FREQ=DAILY;\u{301}COUNT=2", "FREQ=DAILY\t", "FREQ=DAILY;COUNT=\u{664}",
      "FREQ=WEEKLY;BYDAY=MO;\u{301}BYDAY=TU", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
    ]
    for rule in rules {
      Self.expectSameReading(rule)
      Self.expectSameReading(rule, untilZone: nil)
    }
  }

  @Test func theFuzzCorpusReadsTheSameBothWays() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzRecurrence")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count > 100)
    var quick = 0
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let text = String(decoding: data, as: UTF8.self)
      let rule = String(text.split(separator: "\n", omittingEmptySubsequences: false)[0])
      if Self.expectSameReading(rule) { quick += 1 }
    }
    #expect(quick > names.count / 2)
  }

  @Test func randomRulesReadTheSameBothWays() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "FREQ=", "DAILY", "weekly", "MONTHLY", "YEARLY", "COUNT=", "INTERVAL=", "UNTIL=",
      "20240101", "20240101T090000", "20240101t090000z", "BYDAY=", "MO", "-1fr", "+2TU", "54SU",
      "BYMONTHDAY=", "BYMONTH=", "BYSETPOS=", "BYHOUR=", "BYMINUTE=", "BYSECOND=", "BYYEARDAY=",
      "BYWEEKNO=", "WKST=", "SU", ";", ";", ",", "=", "0", "1", "-", "+", "12", "366", "60",
      "x", "\u{301}", "é", " ",
    ]
    for _ in 0..<3000 {
      let count = Int.random(in: 1...10, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      Self.expectSameReading(text)
    }
  }
}
