import TestSupport
import Testing

@testable import CalendarPaging

@Suite struct DayTests {
  /// Formats every day from 0001-01-01 to 9999-12-31 and parses it back.
  ///
  /// The expected text
  /// comes from a plain year/month/day counter, not from `Day`'s own arithmetic.
  @Test func everyDayRoundTripsThroughItsISOForm() throws {
    var (year, month, day) = (1, 1, 1)
    var buffer = [UInt8](repeating: 0, count: 10)
    var count = 0
    for number in Day.dayNumbers {
      let date = try #require(Day(dayNumber: number))
      buffer.withUnsafeMutableBufferPointer { date.writeISO(to: $0.baseAddress!) }
      let expected = Array(Self.iso(year, month, day).utf8)
      if buffer != expected {
        Issue.record("day \(number) formats as \(String(decoding: buffer, as: UTF8.self))")
        return
      }
      let parsed = buffer.withUnsafeBufferPointer { Day.parse(bytes: $0) }
      if parsed != .day(date) {
        Issue.record("\(Self.iso(year, month, day)) parses as \(parsed)")
        return
      }
      count += 1
      (year, month, day) = Self.following(year, month, day)
    }
    #expect(count == 3_652_059)
    #expect((year, month, day) == (10000, 1, 1))
  }

  /// The `String` paths (`description`, `init(parsing:)`, `init?(_:)`, `appendISO`) on a
  /// sample of days, since the byte path above covers every day.
  @Test func stringFormsRoundTrip() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let day = try #require(Day(dayNumber: random.next(in: Day.dayNumbers)))
      let text = day.description
      #expect(try Day(parsing: text) == day)
      #expect(Day(text) == day)
      #expect(try Day(parsing: Substring(text)) == day)
      var bytes: [UInt8] = [1]
      day.appendISO(to: &bytes)
      #expect(bytes == [1] + Array(text.utf8))
    }
    #expect(Day.first.description == "0001-01-01")
    #expect(Day.last.description == "9999-12-31")
    #expect(Day(dayNumber: 0)?.description == "1970-01-01")
  }

  static let rejected: [(String, DayError, String)] = [
    (
      "2024-02-30", .invalidDay("2024-02-30", year: 2024, month: 2, day: 30),
      "'2024-02-30' is not a date: February 2024 has 29 days, not 30"
    ),
    (
      "2023-02-29", .invalidDay("2023-02-29", year: 2023, month: 2, day: 29),
      "'2023-02-29' is not a date: February 2023 has 28 days, not 29"
    ),
    (
      "0000-01-01", .yearZero("0000-01-01"),
      "'0000-01-01' is not a date: years run from 0001 to 9999"
    ),
    (
      "10000-01-01", .malformed("10000-01-01"),
      "'10000-01-01' is not a date: expected YYYY-MM-DD, years 0001 to 9999"
    ),
    (
      "2024-5-1", .malformed("2024-5-1"),
      "'2024-5-1' is not a date: expected YYYY-MM-DD, years 0001 to 9999"
    ),
    (
      " 2024-05-01", .malformed(" 2024-05-01"),
      "' 2024-05-01' is not a date: expected YYYY-MM-DD, years 0001 to 9999"
    ),
    (
      "2024-13-01", .invalidMonth("2024-13-01", month: 13),
      "'2024-13-01' is not a date: there is no month 13, months run 01 to 12"
    ),
    (
      "2024-04-31", .invalidDay("2024-04-31", year: 2024, month: 4, day: 31),
      "'2024-04-31' is not a date: April 2024 has 30 days, not 31"
    ),
    (
      "2024-05-00", .invalidDay("2024-05-00", year: 2024, month: 5, day: 0),
      "'2024-05-00' is not a date: May 2024 has 31 days, not 0"
    ),
    (
      "2024-05-01\n", .malformed("2024-05-01\n"),
      "'2024-05-01\\n' is not a date: expected YYYY-MM-DD, years 0001 to 9999"
    ),
  ]

  @Test(arguments: rejected)
  func strictParsingRejectsWithAReason(text: String, error: DayError, message: String) {
    #expect(throws: error) { try Day(parsing: text) }
    #expect(Day(text) == nil)
    #expect(error.description == message)
  }

  @Test(arguments: [
    "+024-05-01", "2024/05/01", "2024-05-01T00:00", "２０２４-05-01", "2024-05-1 ", "", "-",
    "20240501", "2024-0a-01", "1900-02-29",
  ])
  func otherMalformedTextIsRejected(text: String) {
    #expect(throws: DayError.self) { try Day(parsing: text) }
  }

  @Test func leapDaysFollowTheGregorianRule() throws {
    #expect(try Day(parsing: "2000-02-29").dayOfYear == 60)
    #expect(try Day(parsing: "2024-02-29").month == 2)
    #expect(throws: DayError.self) { try Day(parsing: "2100-02-29") }
    #expect(try Day(parsing: "2400-02-29").dayOfMonth == 29)
    #expect(try Day(parsing: "2024-12-31").dayOfYear == 366)
    #expect(try Day(parsing: "2023-12-31").dayOfYear == 365)
  }

  @Test func stepsPastTheBoundsFailCleanly() throws {
    #expect(Day.first.previous == nil)
    #expect(Day.first.adding(days: -1) == nil)
    #expect(Day.last.next == nil)
    #expect(Day.last.adding(days: 1) == nil)
    #expect(Day.first.next == Day(year: 1, month: 1, day: 2))
    #expect(Day.last.previous == Day(year: 9999, month: 12, day: 30))
    #expect(Day.first.adding(days: Int.min) == nil)
    #expect(Day.last.adding(days: Int.max) == nil)
    #expect(Day.first.adding(days: Day.first.distance(to: Day.last)) == Day.last)
    #expect(try Day(parsing: "9999-12-01").adding(months: 1) == nil)
    #expect(try Day(parsing: "0001-06-01").adding(years: -1) == nil)
    #expect(try Day(parsing: "2024-06-01").adding(months: Int.max) == nil)
    #expect(try Day(parsing: "2024-06-01").adding(years: Int.min) == nil)
    #expect(Day(dayNumber: Day.first.dayNumber - 1) == nil)
    #expect(Day(dayNumber: Day.last.dayNumber + 1) == nil)
    #expect(Day(year: 0, month: 1, day: 1) == nil)
    #expect(Day(year: 10000, month: 1, day: 1) == nil)
    #expect(BoundedDataSource<Day>().item(before: .first) == nil)
    #expect(BoundedDataSource<Day>().item(after: .last) == nil)
    let message = DayError.outOfRange(from: .last, direction: .after).description
    #expect(message == "there is no day after 9999-12-31: days end at 9999-12-31")
  }

  @Test func monthStepsClampToTheMonthsEnd() throws {
    let january31 = try Day(parsing: "2024-01-31")
    #expect(january31.adding(months: 1)?.description == "2024-02-29")
    #expect(january31.adding(months: 2)?.description == "2024-03-31")
    #expect(january31.adding(months: -2)?.description == "2023-11-30")
    #expect(try Day(parsing: "2024-02-29").adding(years: 1)?.description == "2025-02-28")
    #expect(try Day(parsing: "2024-02-29").adding(years: 4)?.description == "2028-02-29")
    #expect(january31.firstOfMonth.description == "2024-01-01")
    #expect(try Day(parsing: "2023-02-10").lastOfMonth.description == "2023-02-28")
  }

  @Test func theDayOfAnInstantDependsOnTheOffset() {
    // 2024-03-31T01:30:00Z: still the 30th in New York (-04:00), the 31st in Berlin (+02:00).
    let instant = 1_711_848_600
    #expect(Day(unixSeconds: instant, utcOffset: -4 * 3600)?.description == "2024-03-30")
    #expect(Day(unixSeconds: instant, utcOffset: 2 * 3600)?.description == "2024-03-31")
    #expect(Day(unixSeconds: -1, utcOffset: 0)?.description == "1969-12-31")
    #expect(Day(unixSeconds: Int.max, utcOffset: 1) == nil)
    #expect(Day(unixSeconds: 253_402_300_800, utcOffset: 0) == nil)
  }

  /// `YYYY-MM-DD` from numbers, written out digit by digit.
  static func iso(_ year: Int, _ month: Int, _ day: Int) -> String {
    func digits(_ value: Int, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: count - text.count) + text
    }
    return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
  }

  /// The civil date after the given one, by the Gregorian rules written out plainly.
  static func following(_ year: Int, _ month: Int, _ day: Int) -> (Int, Int, Int) {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if day < lengths[month - 1] { return (year, month, day + 1) }
    if month < 12 { return (year, month + 1, 1) }
    return (year + 1, 1, 1)
  }
}
