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
}
