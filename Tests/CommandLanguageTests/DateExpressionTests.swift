import CalendarPaging
import Testing

@testable import CommandLanguage

@Suite struct DateExpressionTests {
  let today = day("2024-05-10")
  let selected = day("2024-05-01")

  @Test(arguments: [
    ("2024-05-01", DateExpression.day(Day("2024-05-01")!)),
    ("0001-01-01", .day(.first)),
    ("9999-12-31", .day(.last)),
    ("today", .today),
    ("yesterday", .yesterday),
    ("tomorrow", .tomorrow),
    ("+3", .offset(3)),
    ("-2", .offset(-2)),
    ("+0", .offset(0)),
    ("-0", .offset(0)),
    ("+007", .offset(7)),
    ("+3652058", .offset(3_652_058)),
    ("-3652058", .offset(-3_652_058)),
    ("+2w", .weekOffset(2)),
    ("-0w", .weekOffset(0)),
    ("-1m", .monthOffset(-1)),
    ("+119987m", .monthOffset(119_987)),
    ("-521722w", .weekOffset(-521_722)),
    ("2024-05", .month(Month(year: 2024, month: 5)!)),
    ("0001-01", .month(.first)),
    ("9999-12", .month(.last)),
    ("2024-W18", .week(Week(containing: Day("2024-04-29")!))),
    ("2024-w01", .week(Week(containing: Day("2024-01-01")!))),
    ("2020-W53", .week(Week(containing: Day("2020-12-28")!))),
    ("mon", .weekday(.monday)),
    ("friday", .weekday(.friday)),
    ("Sun", .weekday(.sunday)),
    ("WEDNESDAY", .weekday(.wednesday)),
  ])
  func parses(text: String, expected: DateExpression) throws {
    #expect(try DateExpression(parsing: text) == expected)
    #expect(try DateExpression(parsing: text[...]) == expected)
  }

  @Test(arguments: [
    ("", DateExpressionError.notADate("")),
    ("+", .notADate("+")),
    ("-", .notADate("-")),
    ("3", .notADate("3")),
    ("+3d", .notADate("+3d")),
    ("+-3", .notADate("+-3")),
    ("+w", .notADate("+w")),
    ("+2W", .notADate("+2W")),
    ("Todays", .notADate("Todays")),
    (" today", .notADate(" today")),
    ("mo", .notADate("mo")),
    ("mond", .notADate("mond")),
    ("fri ", .notADate("fri ")),
    ("2024-13", .invalidMonth("2024-13", month: 13)),
    ("0000-05", .yearZero("0000-05")),
    ("2021-W53", .invalidWeek(.invalidWeek("2021-W53", year: 2021, week: 53))),
    ("2024-W00", .invalidWeek(.invalidWeek("2024-W00", year: 2024, week: 0))),
    ("0000-W01", .yearZero("0000-W01")),
    ("2024-X01", .notADate("2024-X01")),
    ("+521723w", .offsetTooLarge("+521723w")),
    ("-119988m", .offsetTooLarge("-119988m")),
    ("2024-5-01", .notADate("2024-5-01")),
    ("2024/05/01", .notADate("2024/05/01")),
    ("+3652059", .offsetTooLarge("+3652059")),
    ("-99999999999999999999999", .offsetTooLarge("-99999999999999999999999")),
    ("2024-02-30", .invalidDate(.invalidDay("2024-02-30", year: 2024, month: 2, day: 30))),
    ("2023-02-29", .invalidDate(.invalidDay("2023-02-29", year: 2023, month: 2, day: 29))),
    ("2024-00-01", .invalidDate(.invalidMonth("2024-00-01", month: 0))),
    ("0000-01-01", .invalidDate(.yearZero("0000-01-01"))),
  ])
  func refuses(text: String, expected: DateExpressionError) {
    #expect(throws: expected) { try DateExpression(parsing: text) }
  }

  @Test func resolves() throws {
    func resolve(_ text: String) throws -> Day {
      try DateExpression(parsing: text).resolve(today: today, selected: selected)
    }
    #expect(try resolve("2024-12-25") == day("2024-12-25"))
    #expect(try resolve("today") == day("2024-05-10"))
    #expect(try resolve("yesterday") == day("2024-05-09"))
    #expect(try resolve("tomorrow") == day("2024-05-11"))
    #expect(try resolve("+3") == day("2024-05-04"))
    #expect(try resolve("-2") == day("2024-04-29"))
    #expect(try resolve("+0") == selected)
    #expect(try resolve("+365") == day("2025-05-01"))
    #expect(try resolve("+2w") == day("2024-05-15"))
    #expect(try resolve("-1w") == day("2024-04-24"))
    #expect(try resolve("-1m") == day("2024-04-01"))
    #expect(try resolve("2024-06") == day("2024-06-01"))
    #expect(try resolve("2024-W18") == day("2024-04-29"))
    // Today, 2024-05-10, is a Friday: a weekday name is the next such day after it.
    #expect(try resolve("sat") == day("2024-05-11"))
    #expect(try resolve("thursday") == day("2024-05-16"))
    #expect(try resolve("fri") == day("2024-05-17"))
  }

  @Test func monthOffsetsClampOnceToTheMonthsEnd() throws {
    let january31 = day("2024-01-31")
    func resolve(_ text: String) throws -> Day {
      try DateExpression(parsing: text).resolve(today: today, selected: january31)
    }
    #expect(try resolve("+1m") == day("2024-02-29"))
    #expect(try resolve("+2m") == day("2024-03-31"))
    #expect(try resolve("+13m") == day("2025-02-28"))
    #expect(try resolve("-2m") == day("2023-11-30"))
  }

  @Test func monthsAndWeeksEndOnTheirLastDay() throws {
    func end(_ text: String) throws -> Day {
      try DateExpression(parsing: text).resolveEnd(today: today, selected: selected)
    }
    #expect(try end("2024-02") == day("2024-02-29"))
    #expect(try end("2023-02") == day("2023-02-28"))
    #expect(try end("2024-W18") == day("2024-05-05"))
    #expect(try end("9999-W52") == .last)
    #expect(try end("2024-05-01") == day("2024-05-01"))
    #expect(try end("+3") == day("2024-05-04"))
    #expect(
      try DateExpression.days(
        from: DateExpression(parsing: "2024-01"), to: DateExpression(parsing: "2024-03"),
        today: today, selected: selected) == day("2024-01-01")...day("2024-03-31"))
  }

  @Test func reachesTheEdgesExactly() throws {
    let nearEnd = day("9999-12-30")
    #expect(try DateExpression.offset(1).resolve(today: today, selected: nearEnd) == .last)
    #expect(try DateExpression.tomorrow.resolve(today: nearEnd, selected: selected) == .last)
    let nearStart = day("0001-01-02")
    #expect(try DateExpression.offset(-1).resolve(today: today, selected: nearStart) == .first)
    #expect(try DateExpression.yesterday.resolve(today: nearStart, selected: selected) == .first)
    let span = DateExpression.maximumOffset
    #expect(try DateExpression.offset(span).resolve(today: today, selected: .first) == .last)
    #expect(try DateExpression.offset(-span).resolve(today: today, selected: .last) == .first)
  }

  @Test func reportsMovesPastTheEdges() {
    let nearEnd = day("9999-12-30")
    #expect(throws: DateExpressionError.outOfRange(.offset(2), from: nearEnd, direction: .after)) {
      try DateExpression.offset(2).resolve(today: today, selected: nearEnd)
    }
    #expect(throws: DateExpressionError.outOfRange(.tomorrow, from: .last, direction: .after)) {
      try DateExpression.tomorrow.resolve(today: .last, selected: selected)
    }
    #expect(throws: DateExpressionError.outOfRange(.yesterday, from: .first, direction: .before)) {
      try DateExpression.yesterday.resolve(today: .first, selected: selected)
    }
    #expect(
      throws: DateExpressionError.outOfRange(.weekday(.monday), from: .last, direction: .after)
    ) {
      try DateExpression.weekday(.monday).resolve(today: .last, selected: selected)
    }
    #expect(
      throws: DateExpressionError.outOfRange(
        .monthOffset(1), from: day("9999-12-15"), direction: .after)
    ) {
      try DateExpression.monthOffset(1).resolve(today: today, selected: day("9999-12-15"))
    }
    #expect(
      throws: DateExpressionError.outOfRange(
        .weekOffset(-1), from: day("0001-01-03"), direction: .before)
    ) {
      try DateExpression.weekOffset(-1).resolve(today: today, selected: day("0001-01-03"))
    }
    let span = DateExpression.maximumOffset
    #expect(
      throws: DateExpressionError.outOfRange(.offset(-span), from: .first, direction: .before)
    ) {
      try DateExpression.offset(-span).resolve(today: today, selected: .first)
    }
  }

  @Test func describesErrorsInOneLine() {
    let nearEnd = day("9999-12-30")
    let cases: [(DateExpressionError, String)] = [
      (
        .outOfRange(.offset(5), from: nearEnd, direction: .after),
        "'+5' from 9999-12-30 is after 9999-12-31, the last day"
      ),
      (
        .outOfRange(.offset(-3), from: day("0001-01-02"), direction: .before),
        "'-3' from 0001-01-02 is before 0001-01-01, the first day"
      ),
      (
        .outOfRange(.tomorrow, from: .last, direction: .after),
        "'tomorrow' from 9999-12-31 is after 9999-12-31, the last day"
      ),
      (
        .outOfRange(.yesterday, from: .first, direction: .before),
        "'yesterday' from 0001-01-01 is before 0001-01-01, the first day"
      ),
      (
        .notADate("x\u{7}"),
        #"'x\x07' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"#
      ),
      (
        .offsetTooLarge("+600000w"),
        "'+600000w' is too far: days run from 0001-01-01 to 9999-12-31, 521722 weeks apart"
      ),
      (
        .offsetTooLarge("-200000m"),
        "'-200000m' is too far: days run from 0001-01-01 to 9999-12-31, 119987 months apart"
      ),
      (
        .invalidWeek(.invalidWeek("2021-W53", year: 2021, week: 53)),
        "'2021-W53' is not a week: 2021 has weeks W01 to W52, not W53"
      ),
      (
        .offsetTooLarge("+4000000"),
        "'+4000000' is too far: days run from 0001-01-01 to 9999-12-31, 3652058 days apart"
      ),
      (
        .fromAfterTo(from: day("2024-06-01"), to: day("2024-05-01")),
        "'--from' is after '--to': 2024-06-01 is after 2024-05-01"
      ),
    ]
    for (error, text) in cases {
      #expect(error.description == text)
    }
  }

  @Test func describesItselfAsTyped() throws {
    for text in [
      "2024-05-01", "today", "yesterday", "tomorrow", "+3", "-2", "+0", "+2w", "-1m", "2024-05",
      "2024-W18", "friday",
    ] {
      #expect(try DateExpression(parsing: text).description == text)
    }
    #expect(DateExpression.offset(-0).description == "+0")
  }
}
