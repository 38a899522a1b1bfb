import CalendarPaging
import Testing

@testable import CommandLanguage

@Suite struct RangeExpressionTests {
  let today = day("2024-05-10")
  let selected = day("2024-05-01")

  func days(_ text: String) throws -> ClosedRange<Day> {
    try RangeExpression(parsing: text).resolve(today: today, selected: selected)
  }

  @Test func resolvesEveryForm() throws {
    #expect(try days("2024-05-01") == day("2024-05-01")...day("2024-05-01"))
    #expect(try days("today") == today...today)
    #expect(try days("+3") == day("2024-05-04")...day("2024-05-04"))
    #expect(try days("-2") == day("2024-04-29")...day("2024-04-29"))
    #expect(try days("2024-05") == day("2024-05-01")...day("2024-05-31"))
    #expect(try days("2024-02") == day("2024-02-01")...day("2024-02-29"))
    #expect(try days("2023-02") == day("2023-02-01")...day("2023-02-28"))
    #expect(try days("2024") == day("2024-01-01")...day("2024-12-31"))
    #expect(try days("0001") == Day.first...day("0001-12-31"))
    #expect(try days("9999-12") == day("9999-12-01")...Day.last)
    #expect(try days("2024-05-01..2024-05-31") == day("2024-05-01")...day("2024-05-31"))
    #expect(try days("2024-05-01..2024-05-01") == day("2024-05-01")...day("2024-05-01"))
    #expect(try days("-7..today") == day("2024-04-24")...today)
    #expect(try days("yesterday..tomorrow") == day("2024-05-09")...day("2024-05-11"))
    #expect(try days("2024-01..2024-03") == day("2024-01-01")...day("2024-03-31"))
    #expect(try days("2023..2024-02") == day("2023-01-01")...day("2024-02-29"))
    #expect(try days("2024-05-15..2024-05") == day("2024-05-15")...day("2024-05-31"))
    #expect(try days("0001..9999") == Day.first...Day.last)
    #expect(try days("2024-01-01..") == day("2024-01-01")...Day.last)
    #expect(try days("..2024-12-31") == Day.first...day("2024-12-31"))
    #expect(try days("2024-05..") == day("2024-05-01")...Day.last)
    #expect(try days("..2024-05") == Day.first...day("2024-05-31"))
    #expect(try days("2024-W18") == day("2024-04-29")...day("2024-05-05"))
    #expect(try days("2024-W18..2024-W19") == day("2024-04-29")...day("2024-05-12"))
    #expect(try days("2024-05-01..2024-W18") == day("2024-05-01")...day("2024-05-05"))
    #expect(try days("today..fri") == today...day("2024-05-17"))
    #expect(try days("-1m..+2w") == day("2024-04-01")...day("2024-05-15"))
  }

  @Test func parsesIntoBounds() throws {
    #expect(try RangeExpression(parsing: "2024") == RangeExpression(.year(2024)))
    #expect(
      try RangeExpression(parsing: "2024-05") == RangeExpression(.month(year: 2024, month: 5)))
    #expect(
      try RangeExpression(parsing: "+3..-2")
        == RangeExpression(from: .date(.offset(3)), to: .date(.offset(-2))))
  }

  @Test(arguments: [
    ("", DateExpressionError.notARange("")),
    ("..", .notARange("..")),
    ("...", .notARange("...")),
    ("2024-05-01...", .notARange("2024-05-01...")),
    ("2024-W60", .invalidWeek(.invalidWeek("2024-W60", year: 2024, week: 60))),
    ("2024-05-01...2024-05-02", .notARange("2024-05-01...2024-05-02")),
    ("2024-05-01..2024-05-02..2024-05-03", .notARange("2024-05-01..2024-05-02..2024-05-03")),
    ("May", .notARange("May")),
    ("24", .notARange("24")),
    ("20245", .notARange("20245")),
    ("2024-5", .notARange("2024-5")),
    ("2024-13", .invalidMonth("2024-13", month: 13)),
    ("2024-00", .invalidMonth("2024-00", month: 0)),
    ("0000", .yearZero("0000")),
    ("0000-05", .yearZero("0000-05")),
    (
      "2024-02-30..2024-03-01",
      .invalidDate(.invalidDay("2024-02-30", year: 2024, month: 2, day: 30))
    ),
    ("today..2024-13", .invalidMonth("2024-13", month: 13)),
    ("+9999999..today", .offsetTooLarge("+9999999")),
  ])
  func refuses(text: String, expected: DateExpressionError) {
    #expect(throws: expected) { try RangeExpression(parsing: text) }
  }

  @Test func refusesAbsoluteReversedRangesWhenParsed() {
    let range = RangeExpression(
      from: .date(.day(day("2024-05-31"))), to: .date(.day(day("2024-05-01"))))
    #expect(
      throws: DateExpressionError.reversedRange(
        range, start: day("2024-05-31"), end: day("2024-05-01"))
    ) {
      try RangeExpression(parsing: "2024-05-31..2024-05-01")
    }
    #expect(throws: DateExpressionError.self) { try RangeExpression(parsing: "2025..2024") }
    #expect(throws: DateExpressionError.self) {
      try RangeExpression(parsing: "2024-06..2024-05-31")
    }
  }

  @Test func refusesRelativeReversedRangesWhenResolved() throws {
    let range = try RangeExpression(parsing: "+3..-2")
    #expect(
      throws: DateExpressionError.reversedRange(
        range, start: day("2024-05-04"), end: day("2024-04-29"))
    ) {
      try range.resolve(today: today, selected: selected)
    }
    let error = DateExpressionError.reversedRange(
      range, start: day("2024-05-04"), end: day("2024-04-29"))
    #expect(error.description == "'+3..-2' ends before it starts: 2024-04-29 is before 2024-05-04")
  }

  @Test func reportsBoundsPastTheEdges() throws {
    let range = try RangeExpression(parsing: "today..+2")
    #expect(
      throws: DateExpressionError.outOfRange(.offset(2), from: day("9999-12-30"), direction: .after)
    ) {
      try range.resolve(today: today, selected: day("9999-12-30"))
    }
    #expect(
      try range.resolve(today: day("9999-12-30"), selected: day("9999-12-29")) == day(
        "9999-12-30")...Day.last)
  }

  @Test func describesItselfAsTyped() throws {
    for text in [
      "2024", "2024-05", "2024-05-01", "today", "-7..today", "2024-01..2024-03", "0001..9999",
      "2024-01-01..", "..2024-12-31", "2024-W18..+2w", "monday..friday",
    ] {
      #expect(try RangeExpression(parsing: text).description == text)
    }
  }
}
