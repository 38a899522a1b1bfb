import CalendarPaging
import Recurrence
import Testing

/// Every example of RFC 5545 §3.8.5.3, with the instances the RFC lists written out from its
/// text: local time in New York and the offset (EDT -4, EST -5) it names.
@Suite struct RFC5545ExampleTests {
  static let zone = USEasternTestZone()

  /// One example: `DTSTART;TZID=America/New_York:start`, a rule, and what the RFC lists.
  struct Example: CustomTestStringConvertible, Sendable {
    let name: String
    let start: String
    let rule: String
    var exceptions: [String] = []
    /// `(local YYYYMMDDTHHMMSS, UTC offset in hours)`.
    let expected: [(String, Int)]
    /// Whether the RFC lists the whole set (else the start of a longer or endless one).
    let complete: Bool

    var testDescription: String { name }
  }

  /// `(day, hour)` lists written the RFC's way: a month and its days at one offset.
  static func days(
    _ year: Int, _ month: Int, _ days: [Int], _ offset: Int, at time: String = "090000"
  ) -> [(String, Int)] {
    days.map { (String(format4(year)) + two(month) + two($0) + "T" + time, offset) }
  }

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
  static func format4(_ value: Int) -> String { String(value) }

  static let examples: [Example] = [
    Example(
      name: "Daily for 10 occurrences", start: "19970902T090000", rule: "FREQ=DAILY;COUNT=10",
      expected: days(1997, 9, Array(2...11), -4), complete: true),
    Example(
      name: "Daily until December 24, 1997", start: "19970902T090000",
      rule: "FREQ=DAILY;UNTIL=19971224T000000Z",
      expected: days(1997, 9, Array(2...30), -4) + days(1997, 10, Array(1...25), -4)
        + days(1997, 10, Array(26...31), -5) + days(1997, 11, Array(1...30), -5)
        + days(1997, 12, Array(1...23), -5),
      complete: true),
    Example(
      name: "Every other day - forever", start: "19970902T090000", rule: "FREQ=DAILY;INTERVAL=2",
      expected: days(1997, 9, Array(stride(from: 2, through: 30, by: 2)), -4)
        + days(1997, 10, Array(stride(from: 2, through: 24, by: 2)), -4)
        + days(1997, 10, [26, 28, 30], -5)
        + days(1997, 11, Array(stride(from: 1, through: 29, by: 2)), -5)
        + days(1997, 12, [1, 3], -5),
      complete: false),
    Example(
      name: "Every 10 days, 5 occurrences", start: "19970902T090000",
      rule: "FREQ=DAILY;INTERVAL=10;COUNT=5",
      expected: days(1997, 9, [2, 12, 22], -4) + days(1997, 10, [2, 12], -4), complete: true),
    Example(
      name: "Every day in January, for 3 years (yearly)", start: "19980101T090000",
      rule: "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
      expected: days(1998, 1, Array(1...31), -5) + days(1999, 1, Array(1...31), -5)
        + days(2000, 1, Array(1...31), -5),
      complete: true),
    Example(
      name: "Every day in January, for 3 years (daily)", start: "19980101T090000",
      rule: "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
      expected: days(1998, 1, Array(1...31), -5) + days(1999, 1, Array(1...31), -5)
        + days(2000, 1, Array(1...31), -5),
      complete: true),
    Example(
      name: "Weekly for 10 occurrences", start: "19970902T090000", rule: "FREQ=WEEKLY;COUNT=10",
      expected: days(1997, 9, [2, 9, 16, 23, 30], -4) + days(1997, 10, [7, 14, 21], -4)
        + days(1997, 10, [28], -5) + days(1997, 11, [4], -5),
      complete: true),
    Example(
      name: "Weekly until December 24, 1997", start: "19970902T090000",
      rule: "FREQ=WEEKLY;UNTIL=19971224T000000Z",
      expected: days(1997, 9, [2, 9, 16, 23, 30], -4) + days(1997, 10, [7, 14, 21], -4)
        + days(1997, 10, [28], -5) + days(1997, 11, [4, 11, 18, 25], -5)
        + days(1997, 12, [2, 9, 16, 23], -5),
      complete: true),
    Example(
      name: "Every other week - forever", start: "19970902T090000",
      rule: "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
      expected: days(1997, 9, [2, 16, 30], -4) + days(1997, 10, [14], -4)
        + days(1997, 10, [28], -5) + days(1997, 11, [11, 25], -5) + days(1997, 12, [9, 23], -5)
        + days(1998, 1, [6, 20], -5) + days(1998, 2, [3, 17], -5),
      complete: false),
    Example(
      name: "Weekly on Tuesday and Thursday for five weeks (until)", start: "19970902T090000",
      rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
      expected: days(1997, 9, [2, 4, 9, 11, 16, 18, 23, 25, 30], -4) + days(1997, 10, [2], -4),
      complete: true),
    Example(
      name: "Weekly on Tuesday and Thursday for five weeks (count)", start: "19970902T090000",
      rule: "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
      expected: days(1997, 9, [2, 4, 9, 11, 16, 18, 23, 25, 30], -4) + days(1997, 10, [2], -4),
      complete: true),
    Example(
      name: "Every other week on Monday, Wednesday, and Friday until December 24, 1997",
      start: "19970901T090000",
      rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
      expected: days(1997, 9, [1, 3, 5, 15, 17, 19, 29], -4)
        + days(1997, 10, [1, 3, 13, 15, 17], -4) + days(1997, 10, [27, 29, 31], -5)
        + days(1997, 11, [10, 12, 14, 24, 26, 28], -5) + days(1997, 12, [8, 10, 12, 22], -5),
      complete: true),
    Example(
      name: "Every other week on Tuesday and Thursday, for 8 occurrences",
      start: "19970902T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
      expected: days(1997, 9, [2, 4, 16, 18, 30], -4) + days(1997, 10, [2, 14, 16], -4),
      complete: true),
    Example(
      name: "Monthly on the first Friday for 10 occurrences", start: "19970905T090000",
      rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
      expected: days(1997, 9, [5], -4) + days(1997, 10, [3], -4) + days(1997, 11, [7], -5)
        + days(1997, 12, [5], -5) + days(1998, 1, [2], -5) + days(1998, 2, [6], -5)
        + days(1998, 3, [6], -5) + days(1998, 4, [3], -5) + days(1998, 5, [1], -4)
        + days(1998, 6, [5], -4),
      complete: true),
    Example(
      name: "Monthly on the first Friday until December 24, 1997", start: "19970905T090000",
      rule: "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
      expected: days(1997, 9, [5], -4) + days(1997, 10, [3], -4) + days(1997, 11, [7], -5)
        + days(1997, 12, [5], -5),
      complete: true),
    Example(
      name: "Every other month on the first and last Sunday of the month for 10 occurrences",
      start: "19970907T090000", rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
      expected: days(1997, 9, [7, 28], -4) + days(1997, 11, [2, 30], -5)
        + days(1998, 1, [4, 25], -5) + days(1998, 3, [1, 29], -5) + days(1998, 5, [3, 31], -4),
      complete: true),
    Example(
      name: "Monthly on the second-to-last Monday of the month for 6 months",
      start: "19970922T090000", rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
      expected: days(1997, 9, [22], -4) + days(1997, 10, [20], -4) + days(1997, 11, [17], -5)
        + days(1997, 12, [22], -5) + days(1998, 1, [19], -5) + days(1998, 2, [16], -5),
      complete: true),
    Example(
      name: "Monthly on the third-to-the-last day of the month, forever",
      start: "19970928T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=-3",
      expected: days(1997, 9, [28], -4) + days(1997, 10, [29], -5) + days(1997, 11, [28], -5)
        + days(1997, 12, [29], -5) + days(1998, 1, [29], -5) + days(1998, 2, [26], -5),
      complete: false),
    Example(
      name: "Monthly on the 2nd and 15th of the month for 10 occurrences",
      start: "19970902T090000", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
      expected: days(1997, 9, [2, 15], -4) + days(1997, 10, [2, 15], -4)
        + days(1997, 11, [2, 15], -5) + days(1997, 12, [2, 15], -5) + days(1998, 1, [2, 15], -5),
      complete: true),
    Example(
      name: "Monthly on the first and last day of the month for 10 occurrences",
      start: "19970930T090000", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
      expected: days(1997, 9, [30], -4) + days(1997, 10, [1], -4) + days(1997, 10, [31], -5)
        + days(1997, 11, [1, 30], -5) + days(1997, 12, [1, 31], -5)
        + days(1998, 1, [1, 31], -5) + days(1998, 2, [1], -5),
      complete: true),
    Example(
      name: "Every 18 months on the 10th thru 15th of the month for 10 occurrences",
      start: "19970910T090000",
      rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
      expected: days(1997, 9, Array(10...15), -4) + days(1999, 3, [10, 11, 12, 13], -5),
      complete: true),
    Example(
      name: "Every Tuesday, every other month", start: "19970902T090000",
      rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
      expected: days(1997, 9, [2, 9, 16, 23, 30], -4) + days(1997, 11, [4, 11, 18, 25], -5)
        + days(1998, 1, [6, 13, 20, 27], -5) + days(1998, 3, [3, 10, 17, 24, 31], -5),
      complete: false),
    Example(
      name: "Yearly in June and July for 10 occurrences", start: "19970610T090000",
      rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
      expected: (1997...2001).flatMap { days($0, 6, [10], -4) + days($0, 7, [10], -4) },
      complete: true),
    Example(
      name: "Every other year on January, February, and March for 10 occurrences",
      start: "19970310T090000", rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
      expected: days(1997, 3, [10], -5)
        + [1999, 2001, 2003].flatMap { year in (1...3).flatMap { days(year, $0, [10], -5) } },
      complete: true),
    Example(
      name: "Every third year on the 1st, 100th, and 200th day for 10 occurrences",
      start: "19970101T090000", rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
      expected: days(1997, 1, [1], -5) + days(1997, 4, [10], -4) + days(1997, 7, [19], -4)
        + days(2000, 1, [1], -5) + days(2000, 4, [9], -4) + days(2000, 7, [18], -4)
        + days(2003, 1, [1], -5) + days(2003, 4, [10], -4) + days(2003, 7, [19], -4)
        + days(2006, 1, [1], -5),
      complete: true),
    Example(
      name: "Every 20th Monday of the year, forever", start: "19970519T090000",
      rule: "FREQ=YEARLY;BYDAY=20MO",
      expected: days(1997, 5, [19], -4) + days(1998, 5, [18], -4) + days(1999, 5, [17], -4),
      complete: false),
    Example(
      name: "Monday of week number 20, forever", start: "19970512T090000",
      rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
      expected: days(1997, 5, [12], -4) + days(1998, 5, [11], -4) + days(1999, 5, [17], -4),
      complete: false),
    Example(
      name: "Every Thursday in March, forever", start: "19970313T090000",
      rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
      expected: days(1997, 3, [13, 20, 27], -5) + days(1998, 3, [5, 12, 19, 26], -5)
        + days(1999, 3, [4, 11, 18, 25], -5),
      complete: false),
    Example(
      name: "Every Thursday, but only during June, July, and August, forever",
      start: "19970605T090000", rule: "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
      expected: days(1997, 6, [5, 12, 19, 26], -4) + days(1997, 7, [3, 10, 17, 24, 31], -4)
        + days(1997, 8, [7, 14, 21, 28], -4) + days(1998, 6, [4, 11, 18, 25], -4)
        + days(1998, 7, [2, 9, 16, 23, 30], -4) + days(1998, 8, [6, 13, 20, 27], -4)
        + days(1999, 6, [3, 10, 17, 24], -4) + days(1999, 7, [1, 8, 15, 22, 29], -4)
        + days(1999, 8, [5, 12, 19, 26], -4),
      complete: false),
    Example(
      name: "Every Friday the 13th, forever", start: "19970902T090000",
      rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", exceptions: ["19970902T090000"],
      expected: days(1998, 2, [13], -5) + days(1998, 3, [13], -5) + days(1998, 11, [13], -5)
        + days(1999, 8, [13], -4) + days(2000, 10, [13], -4),
      complete: false),
    Example(
      name: "The first Saturday that follows the first Sunday of the month, forever",
      start: "19970913T090000", rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
      expected: days(1997, 9, [13], -4) + days(1997, 10, [11], -4) + days(1997, 11, [8], -5)
        + days(1997, 12, [13], -5) + days(1998, 1, [10], -5) + days(1998, 2, [7], -5)
        + days(1998, 3, [7], -5) + days(1998, 4, [11], -4) + days(1998, 5, [9], -4)
        + days(1998, 6, [13], -4),
      complete: false),
    Example(
      name: "Every 4 years, the first Tuesday after a Monday in November, forever",
      start: "19961105T090000",
      rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
      expected: days(1996, 11, [5], -5) + days(2000, 11, [7], -5) + days(2004, 11, [2], -5),
      complete: false),
    Example(
      name: "The third instance into the month of one of Tuesday, Wednesday, or Thursday",
      start: "19970904T090000", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
      expected: days(1997, 9, [4], -4) + days(1997, 10, [7], -4) + days(1997, 11, [6], -5),
      complete: true),
    Example(
      name: "The second-to-last weekday of the month", start: "19970929T090000",
      rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
      expected: days(1997, 9, [29], -4) + days(1997, 10, [30], -5) + days(1997, 11, [27], -5)
        + days(1997, 12, [30], -5) + days(1998, 1, [29], -5) + days(1998, 2, [26], -5)
        + days(1998, 3, [30], -5),
      complete: false),
    // The RFC lists 09:00, 12:00 and 15:00, but its UNTIL (17:00Z) is 13:00 EDT: 15:00 EDT is
    // past it (a known slip of the example). The RFC's own UNTIL rule gives two; the UNTIL
    // that was meant (21:00Z, 17:00 EDT) gives the three listed, in the next example.
    Example(
      name: "Every 3 hours from 9:00 AM to 5:00 PM on a specific day (as written)",
      start: "19970902T090000", rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
      expected: days(1997, 9, [2], -4, at: "090000") + days(1997, 9, [2], -4, at: "120000"),
      complete: true),
    Example(
      name: "Every 3 hours from 9:00 AM to 5:00 PM on a specific day (UNTIL 5 PM EDT)",
      start: "19970902T090000", rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T210000Z",
      expected: ["090000", "120000", "150000"].flatMap { days(1997, 9, [2], -4, at: $0) },
      complete: true),
    Example(
      name: "Every 15 minutes for 6 occurrences", start: "19970902T090000",
      rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
      expected: ["090000", "091500", "093000", "094500", "100000", "101500"].flatMap {
        days(1997, 9, [2], -4, at: $0)
      },
      complete: true),
    Example(
      name: "Every hour and a half for 4 occurrences", start: "19970902T090000",
      rule: "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
      expected: ["090000", "103000", "120000", "133000"].flatMap { days(1997, 9, [2], -4, at: $0) },
      complete: true),
    Example(
      name: "Every 20 minutes from 9:00 AM to 4:40 PM every day (daily)",
      start: "19970902T090000", rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
      expected: everyTwentyMinutes, complete: false),
    Example(
      name: "Every 20 minutes from 9:00 AM to 4:40 PM every day (minutely)",
      start: "19970902T090000", rule: "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
      expected: everyTwentyMinutes, complete: false),
    Example(
      name: "An example where the days generated makes a difference because of WKST (MO)",
      start: "19970805T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
      expected: days(1997, 8, [5, 10, 19, 24], -4), complete: true),
    Example(
      name: "Changing only WKST from MO to SU yields different results",
      start: "19970805T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
      expected: days(1997, 8, [5, 17, 19, 31], -4), complete: true),
    Example(
      name: "An example where an invalid date (i.e., February 30) is ignored",
      start: "20070115T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
      expected: days(2007, 1, [15, 30], -5) + days(2007, 2, [15], -5)
        + days(2007, 3, [15, 30], -4),
      complete: true),
  ]

  /// 09:00, 09:20 … 16:40 on 2 and 3 September 1997, EDT.
  static let everyTwentyMinutes: [(String, Int)] = [2, 3].flatMap { day in
    (9...16).flatMap { hour in
      [0, 20, 40].flatMap { minute in
        days(1997, 9, [day], -4, at: two(hour) + two(minute) + "00")
      }
    }
  }

  static func series(_ example: Example) throws -> RecurrenceSet {
    let start = try DateTimeValue(parsing: example.start, zone: zone)
    let rule = try RecurrenceRule(parsing: example.rule, untilZone: zone)
    let exceptions = try example.exceptions.map { try DateTimeValue(parsing: $0, zone: zone) }
    return RecurrenceSet(start: start, rules: [rule], exceptions: exceptions)
  }

  /// The instant the RFC's local time and offset name.
  static func instant(_ expected: (String, Int)) throws -> Int {
    let local = try DateTimeValue(parsing: expected.0).local
    return local.secondsSinceEpoch - expected.1 * 3600
  }

  @Test(arguments: examples)
  func yieldsTheInstancesTheRFCLists(_ example: Example) throws {
    let series = try Self.series(example)
    let first = try Self.instant(example.expected[0])
    let last = try Self.instant(example.expected[example.expected.count - 1])
    // A complete set is looked for well past its end; an endless one up to its last listed.
    let end = example.complete ? last + 3 * 366 * 86_400 : last + 1
    let window = series.instances(in: first - 86_400..<end, userZone: FixedOffsetZone.utc)
    #expect(window.notices.isEmpty)
    let got = window.instances.map { "\($0.local)@\($0.instant)" }
    let want = try example.expected.map {
      "\(try DateTimeValue(parsing: $0.0).local)@\(try Self.instant($0))"
    }
    #expect(got == want)
  }

  @Test(arguments: examples.filter(\.complete))
  func aCompleteSetEndsWithItsLastListedInstance(_ example: Example) throws {
    let series = try Self.series(example)
    let summary = series.summary(userZone: FixedOffsetZone.utc)
    guard case .last(let last) = summary.end else {
      Issue.record("\(example.name): \(summary.end)")
      return
    }
    #expect(last.instant == (try Self.instant(example.expected[example.expected.count - 1])))
    #expect(summary.first?.instant == (try Self.instant(example.expected[0])))
    #expect(summary.notices.isEmpty)
  }

  @Test(arguments: examples)
  func pagesThroughTheListNextByNextAndBackwards(_ example: Example) throws {
    let series = try Self.series(example)
    let instants = try example.expected.map(Self.instant)
    for (index, instant) in instants.enumerated() {
      if index + 1 < instants.count {
        #expect(
          series.firstInstance(after: instant, userZone: FixedOffsetZone.utc).instance?.instant
            == instants[index + 1])
      }
      if index > 0 {
        #expect(
          series.lastInstance(before: instant, userZone: FixedOffsetZone.utc).instance?.instant
            == instants[index - 1])
      }
    }
  }
}
