import Testing

@testable import CalendarPaging

@Suite struct WeekdayTests {
  @Test func weekdaysAdvanceAroundTheWeek() {
    #expect(Weekday.monday.advanced(by: 1) == .tuesday)
    #expect(Weekday.sunday.advanced(by: 1) == .monday)
    #expect(Weekday.monday.advanced(by: -1) == .sunday)
    #expect(Weekday.wednesday.advanced(by: 14) == .wednesday)
    #expect(Weekday.wednesday.advanced(by: -15) == .tuesday)
    // Int.max (2^63 - 1) is a multiple of 7, as 2^3 is 1 more than one; this used to overflow.
    #expect(Weekday.monday.advanced(by: Int.max) == .monday)
    #expect(Weekday.sunday.advanced(by: Int.max) == .sunday)
    #expect(Weekday.monday.advanced(by: Int.min) == .sunday)
  }

  @Test func weekdaysHaveNames() {
    #expect(Weekday.wednesday.name == "Wednesday")
    #expect(Weekday.sunday.shortName == "Sun")
    #expect(Weekday.monday < .sunday)
  }

  @Test func theWeekdayOfADayCyclesFromThursday1January1970() throws {
    #expect(Day(dayNumber: 0)?.weekday == .thursday)
    #expect(Day.first.weekday == .monday)
    #expect(Day.last.weekday == .friday)
    var day = try Day(parsing: "2024-04-29")
    for weekday in Weekday.allCases {
      #expect(day.weekday == weekday)
      day = try #require(day.next)
    }
  }
}
