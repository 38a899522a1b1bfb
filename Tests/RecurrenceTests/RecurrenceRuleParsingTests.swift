import CalendarPaging
import Recurrence
import Testing

@Suite struct RecurrenceRuleParsingTests {
  @Test func readsEveryPartOfRFC5545() throws {
    let rule = try RecurrenceRule(
      parsing: "freq=yearly;INTERVAL=2;COUNT=10;BYSECOND=0,60;BYMINUTE=30;BYHOUR=9,23;"
        + "BYDAY=-1FR,+20MO,TU;BYMONTHDAY=-1,15;BYYEARDAY=-366,100;BYWEEKNO=-53,1;"
        + "BYMONTH=1,12;BYSETPOS=-1,3;WKST=SU;")
    #expect(rule.frequency == .yearly)
    #expect(rule.interval == 2)
    #expect(rule.count == 10)
    #expect(rule.bySecond == [0, 60])
    #expect(rule.byMinute == [30])
    #expect(rule.byHour == [9, 23])
    #expect(
      rule.byDay == [.init(.friday, ordinal: -1), .init(.monday, ordinal: 20), .init(.tuesday)])
    #expect(rule.byMonthDay == [-1, 15])
    #expect(rule.byYearDay == [-366, 100])
    #expect(rule.byWeekNumber == [-53, 1])
    #expect(rule.byMonth == [1, 12])
    #expect(rule.bySetPosition == [-1, 3])
    #expect(rule.weekStart == .sunday)
    #expect(
      rule.description
        == "FREQ=YEARLY;COUNT=10;INTERVAL=2;BYSECOND=0,60;BYMINUTE=30;BYHOUR=9,23;"
        + "BYDAY=-1FR,20MO,TU;BYMONTHDAY=-1,15;BYYEARDAY=-366,100;BYWEEKNO=-53,1;"
        + "BYMONTH=1,12;BYSETPOS=-1,3;WKST=SU")
  }

  @Test func readsEveryFrequency() throws {
    for name in ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"] {
      #expect(try RecurrenceRule(parsing: "FREQ=" + name).frequency.name == name)
    }
  }

  @Test func readsUntilAsADateOrADateTimeInUTCOrLocal() throws {
    let zone = FixedOffsetZone(offset: 7200)
    guard case .date(let day) = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20240503").until
    else {
      Issue.record("not a date")
      return
    }
    #expect(day.description == "2024-05-03")
    guard
      case .utc(let utc) = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20240503T070000Z").until
    else {
      Issue.record("not UTC")
      return
    }
    #expect(utc.description == "2024-05-03T07:00:00")
    guard
      case .zoned(let local, _) = try RecurrenceRule(
        parsing: "FREQ=DAILY;UNTIL=20240503T090000", untilZone: zone
      ).until
    else {
      Issue.record("not zoned")
      return
    }
    #expect(local.description == "2024-05-03T09:00:00")
    guard case .floating = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20240503T090000").until
    else {
      Issue.record("not floating")
      return
    }
  }

  @Test(arguments: [
    ("FREQ=DAILY;FOO=1", RecurrenceError.unknownRulePart("FOO")),
    ("FREQ=DAILY;X-NAME=1", .unknownRulePart("X-NAME")),
    ("FREQ=FORTNIGHTLY", .invalidRuleValue(part: "FREQ", value: "FORTNIGHTLY")),
    ("FREQ=DAILY;INTERVAL=0", .invalidRuleValue(part: "INTERVAL", value: "0")),
    ("FREQ=DAILY;INTERVAL=two", .invalidRuleValue(part: "INTERVAL", value: "two")),
    ("FREQ=DAILY;COUNT=-1", .invalidRuleValue(part: "COUNT", value: "-1")),
    ("FREQ=DAILY;BYSECOND=61", .invalidRuleValue(part: "BYSECOND", value: "61")),
    ("FREQ=DAILY;BYMINUTE=60", .invalidRuleValue(part: "BYMINUTE", value: "60")),
    ("FREQ=DAILY;BYHOUR=9,24", .invalidRuleValue(part: "BYHOUR", value: "24")),
    ("FREQ=DAILY;BYHOUR=-1", .invalidRuleValue(part: "BYHOUR", value: "-1")),
    ("FREQ=MONTHLY;BYMONTHDAY=0", .invalidRuleValue(part: "BYMONTHDAY", value: "0")),
    ("FREQ=MONTHLY;BYMONTHDAY=-32", .invalidRuleValue(part: "BYMONTHDAY", value: "-32")),
    ("FREQ=YEARLY;BYYEARDAY=367", .invalidRuleValue(part: "BYYEARDAY", value: "367")),
    ("FREQ=YEARLY;BYWEEKNO=54", .invalidRuleValue(part: "BYWEEKNO", value: "54")),
    ("FREQ=YEARLY;BYMONTH=13", .invalidRuleValue(part: "BYMONTH", value: "13")),
    ("FREQ=YEARLY;BYMONTH=", .invalidRuleValue(part: "BYMONTH", value: "")),
    ("FREQ=MONTHLY;BYSETPOS=0", .invalidRuleValue(part: "BYSETPOS", value: "0")),
    ("FREQ=MONTHLY;BYDAY=XX", .invalidRuleValue(part: "BYDAY", value: "XX")),
    ("FREQ=MONTHLY;BYDAY=MO,54TU", .invalidRuleValue(part: "BYDAY", value: "54TU")),
    ("FREQ=MONTHLY;BYDAY=0MO", .invalidRuleValue(part: "BYDAY", value: "0MO")),
    ("FREQ=WEEKLY;WKST=XY", .invalidRuleValue(part: "WKST", value: "XY")),
    ("FREQ=DAILY;UNTIL=2024", .invalidRuleValue(part: "UNTIL", value: "2024")),
    ("FREQ=DAILY;FREQ=WEEKLY", .repeatedRulePart("FREQ")),
    ("FREQ=DAILY;COUNT", .malformedRulePart("COUNT")),
    ("COUNT=3", .missingFrequency("COUNT=3")),
    ("", .missingFrequency("")),
  ])
  func anUnknownPartOrValueIsAnErrorNamingIt(_ text: String, _ error: RecurrenceError) {
    #expect(throws: error) { try RecurrenceRule(parsing: text) }
  }

  @Test func errorMessagesNameTheInputOnOneLineWithoutAFullStop() {
    let errors: [RecurrenceError] = [
      .unknownRulePart("FOO"), .invalidRuleValue(part: "BYDAY", value: "XX"),
      .repeatedRulePart("FREQ"), .malformedRulePart("COUNT"), .missingFrequency("COUNT=3"),
      .invalidDate("2024-02-30"), .invalidDateTime("20240501T250000"),
      .invalidDuration("P1H"), .invalidPeriod("x/y"),
    ]
    for error in errors {
      let text = error.description
      #expect(text.contains("'"), "\(text)")
      #expect(!text.hasSuffix("."), "\(text)")
      #expect(!text.contains("\n"))
      #expect(text.first?.isLowercase == true || text.first == "'", "\(text)")
    }
    #expect(
      RecurrenceError.invalidRuleValue(part: "BYMONTH", value: "13").description
        == "'13' is not a value of BYMONTH: expected a list of months 1 to 12")
    #expect(
      RecurrenceError.unknownRulePart("FOO\u{1B}[31m").description.contains("\\u{1B}")
        || !RecurrenceError.unknownRulePart("FOO\u{1B}[31m").description.contains("\u{1B}"))
  }

  @Test func aCountTooLargeToCountIsStillARule() throws {
    #expect(try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=1000000000").count == 1_000_000_000)
    #expect(
      try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=99999999999999999999999").count
        == 1_000_000_000_001)
  }
}
