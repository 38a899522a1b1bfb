import Testing

@testable import CalendarPaging

/// ISO 8601 weeks: `YYYY-Www`, the week-numbering year, the weeks of a year.
@Suite struct ISOWeekTests {
  @Test func aWeekParsesAsItsMonday() throws {
    #expect(try Day(parsingISOWeek: "2024-W18").description == "2024-04-29")
    #expect(try Day(parsingISOWeek: "2024-w18").description == "2024-04-29")
    #expect(try Day(parsingISOWeek: "2025-W01").description == "2024-12-30")
    #expect(try Day(parsingISOWeek: "2020-W53").description == "2020-12-28")
    #expect(try Day(parsingISOWeek: "2026-W53").description == "2026-12-28")
    #expect(try Day(parsingISOWeek: "0001-W01") == .first)
    #expect(try Day(parsingISOWeek: "9999-W52").description == "9999-12-27")
  }

  @Test(arguments: [
    ("2024-18", PeriodError.malformedWeek("2024-18")),
    ("2024-W8", .malformedWeek("2024-W8")),
    ("2024-W188", .malformedWeek("2024-W188")),
    (" 2024-W18", .malformedWeek(" 2024-W18")),
    ("24-W18", .malformedWeek("24-W18")),
    ("2024-X18", .malformedWeek("2024-X18")),
    ("２０２４-W18", .malformedWeek("２０２４-W18")),
    ("0000-W01", .yearZero("0000-W01")),
    ("2024-W00", .invalidWeek("2024-W00", year: 2024, week: 0)),
    ("2021-W53", .invalidWeek("2021-W53", year: 2021, week: 53)),
    ("9999-W53", .invalidWeek("9999-W53", year: 9999, week: 53)),
  ])
  func malformedWeeksAreRefusedWithAReason(text: String, error: PeriodError) {
    #expect(throws: error) { try Day(parsingISOWeek: text) }
    #expect(throws: error) { try Week(parsing: text, firstWeekday: .sunday) }
  }

  @Test func errorsSayWhatIsAccepted() {
    #expect(
      PeriodError.malformedWeek("2024-W8").description
        == "'2024-W8' is not a week: expected YYYY-Www, such as 2024-W18")
    #expect(
      PeriodError.invalidWeek("2021-W53", year: 2021, week: 53).description
        == "'2021-W53' is not a week: 2021 has weeks W01 to W52, not W53")
    #expect(
      PeriodError.invalidWeek("2024-W00", year: 2024, week: 0).description
        == "'2024-W00' is not a week: 2024 has weeks W01 to W52, not W00")
    #expect(
      PeriodError.yearZero("0000-W01").description
        == "'0000-W01' is out of range: years run from 0001 to 9999")
  }

  @Test func yearsHave52Or53Weeks() {
    let long = (1990...2040).filter { Day.isoWeeks(inYear: $0) == 53 }
    #expect(long == [1992, 1998, 2004, 2009, 2015, 2020, 2026, 2032, 2037])
    // 400 Gregorian years hold 71 long ISO years.
    #expect((1...400).filter { Day.isoWeeks(inYear: $0) == 53 }.count == 71)
    #expect(Day.isoWeeks(inYear: 1) == 52)
    #expect(Day.isoWeeks(inYear: 9999) == 52)
  }

  /// Every ISO week from 0001-W01 to 9999-W52: its days are the seven days whose ISO week it is,
  /// and its text round-trips.
  @Test func everyWeekOfTheCalendarRoundTrips() throws {
    var monday = Day.first
    var count = 0
    for year in 1...9999 {
      for week in 1...Day.isoWeeks(inYear: year) {
        let text = "\(CalendarText.year(year))-W\(CalendarText.twoDigits(week))"
        guard try Day(parsingISOWeek: text) == monday,
          Day(isoWeekYear: year, week: week) == monday,
          monday.isoWeek == (year, week), monday.weekday == .monday,
          Week(containing: monday).description == text,
          try Week(parsing: text) == Week(containing: monday)
        else {
          Issue.record("\(text) is not the week of \(monday)")
          return
        }
        if let sunday = monday.adding(days: 6) {
          #expect(Day(isoWeekYear: year, week: week, weekday: .sunday) == sunday)
          if sunday.isoWeek != (year, week) { Issue.record("\(sunday) is not in \(text)") }
        }
        count += 1
        guard let next = monday.adding(days: 7) else { break }
        monday = next
      }
    }
    #expect(count == 521_723)
    #expect(monday.description == "9999-12-27")
    #expect(Day(isoWeekYear: 9999, week: 52, weekday: .friday) == .last)
    #expect(Day(isoWeekYear: 9999, week: 52, weekday: .saturday) == nil)
    #expect(Day(isoWeekYear: 2021, week: 53) == nil)
    #expect(Day(isoWeekYear: 0, week: 52) == nil)
  }

  /// A week starting on any weekday parses as the one whose label it is: the week holding that
  /// ISO week's Thursday.
  @Test(arguments: Weekday.allCases)
  func weeksOfEveryFirstWeekdayParseByTheirLabel(firstWeekday: Weekday) throws {
    var week = Week(containing: try Day(parsing: "1999-06-01"), firstWeekday: firstWeekday)
    for _ in 0..<2000 {
      let parsed = try Week(parsing: week.description, firstWeekday: firstWeekday)
      #expect(parsed == week, "\(week.description) from \(firstWeekday)")
      #expect(parsed.firstWeekday == firstWeekday)
      week = try #require(week.next)
    }
    let may2024 = try Week(parsing: "2024-W18", firstWeekday: firstWeekday)
    #expect(may2024.contains(try Day(parsing: "2024-05-02")))
    #expect(may2024.firstDay.weekday == firstWeekday)
  }
}
