import DisplayText
import Testing

@testable import CalendarPaging

@Suite struct MonthTests {
  @Test func aMonthHoldsItsDays() throws {
    let may = try #require(Month(year: 2024, month: 5))
    #expect(may.description == "2024-05")
    #expect(may.name == "May")
    #expect(may.firstDay.description == "2024-05-01")
    #expect(may.lastDay.description == "2024-05-31")
    #expect(may.numberOfDays == 31)
    #expect(Month(year: 2024, month: 2)?.numberOfDays == 29)
    #expect(Month(year: 1900, month: 2)?.numberOfDays == 28)
    #expect(Month(containing: try Day(parsing: "2024-05-17")) == may)
    #expect(may.days.contains(try Day(parsing: "2024-05-31")))
    #expect(!may.days.contains(try Day(parsing: "2024-06-01")))
  }

  @Test func monthsStepAcrossYears() throws {
    let december = try #require(Month(year: 2023, month: 12))
    #expect(december.next?.description == "2024-01")
    #expect(december.adding(months: -12)?.description == "2022-12")
    #expect(december.adding(months: 25)?.description == "2026-01")
    #expect(december.next?.previous == december)
    #expect(december < december.next!)
  }

  @Test func monthsStopAtTheCalendarsBounds() {
    #expect(Month.first.description == "0001-01")
    #expect(Month.last.description == "9999-12")
    #expect(Month.first.previous == nil)
    #expect(Month.last.next == nil)
    #expect(Month.first.adding(months: Int.min) == nil)
    #expect(Month.last.adding(months: Int.max) == nil)
    #expect(Month(year: 0, month: 12) == nil)
    #expect(Month(year: 2024, month: 13) == nil)
    #expect(Month(year: 2024, month: 0) == nil)
    #expect(Month.first.firstDay == .first)
    #expect(Month.last.lastDay == .last)
    #expect(BoundedDataSource<Month>().item(after: .last) == nil)
  }

  @Test func monthsParseAndFormatAsYearAndMonth() throws {
    #expect(try Month(parsing: "2024-05") == Month(year: 2024, month: 5))
    #expect(try Month(parsing: "0001-01") == .first)
    #expect(try Month(parsing: "9999-12") == .last)
    #expect(throws: PeriodError.malformedMonth("2024-5")) { try Month(parsing: "2024-5") }
    #expect(throws: PeriodError.malformedMonth("2024-05-01")) { try Month(parsing: "2024-05-01") }
    #expect(throws: PeriodError.malformedMonth("2024/05")) { try Month(parsing: "2024/05") }
    #expect(throws: PeriodError.malformedMonth("+024-05")) { try Month(parsing: "+024-05") }
    #expect(throws: PeriodError.invalidMonth("2024-13", month: 13)) {
      try Month(parsing: "2024-13")
    }
    #expect(throws: PeriodError.invalidMonth("2024-00", month: 0)) { try Month(parsing: "2024-00") }
    #expect(throws: PeriodError.yearZero("0000-12")) { try Month(parsing: "0000-12") }
    #expect(
      PeriodError.malformedMonth("2024-5").description
        == "'2024-5' is not a month: expected YYYY-MM, such as 2024-05")
    #expect(
      PeriodError.invalidMonth("2024-13", month: 13).description
        == "'2024-13' is not a month: there is no month 13, months run 01 to 12")
    var month = Month.first
    var count = 0
    while true {
      #expect(try Month(parsing: month.description) == month)
      count += 1
      guard let next = month.next else { break }
      month = next
    }
    #expect(count == 9999 * 12)
  }

  @Test func labelsNameTheMonth() throws {
    let may = try Month(parsing: "2024-05")
    #expect(may.menuLabel == "May 2024")
    #expect(may.title == "May 2024")
    let september = try Month(parsing: "0987-09")
    #expect(september.menuLabel == "Sep 0987")
    #expect(september.title == "September 0987")
    for month in [Month.first, .last, may, september] {
      #expect(month.menuLabelWidth == DisplayWidth.of(month.menuLabel))
    }
  }

  @Test func aDayIsInTheMonthWhoseRangeHoldsIt() throws {
    let day = try Day(parsing: "2024-02-17")
    let month = Month(containing: day)
    #expect(month.days == day.firstOfMonth...day.lastOfMonth)
    #expect(month.lastDay.description == "2024-02-29")
    #expect(Month(containing: .last).lastDay == .last)
  }
}
