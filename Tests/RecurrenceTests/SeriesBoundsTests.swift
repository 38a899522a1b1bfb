import CalendarPaging
import Recurrence
import Testing

/// Rules that yield nothing, nothing for centuries, or too much: every query is bounded and
/// the series says what bound it met.
@Suite struct SeriesBoundsTests {
  let utc = FixedOffsetZone.utc

  @Test(arguments: [
    "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",  // named at once: February has no 30th
    "FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1",  // proved over a 400-year cycle
    "FREQ=MONTHLY;INTERVAL=12;BYMONTH=3",  // a May start: only Mays are active
    "FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2",  // one Monday a week: no second
    "FREQ=DAILY;BYMONTHDAY=31;BYMONTH=4,6,9,11",
    "FREQ=HOURLY;INTERVAL=24;BYHOUR=10",  // always 09:00
    "FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30",  // always :00
    "FREQ=SECONDLY;BYSECOND=60",  // no wall clock has a 60th second
  ])
  func aRuleThatYieldsNothingIsNamedAndShowsItsStartAlone(_ text: String) throws {
    let series = try Support.series("20240501T090000Z", text)
    let summary = series.summary(userZone: utc)
    #expect(summary.notices == [.yieldsNoInstance(rule: series.rules[0].description)])
    #expect(summary.notices[0].description.hasPrefix("the rule '"))
    guard case .last(let last) = summary.end else {
      Issue.record("\(summary.end)")
      return
    }
    #expect(last.instant == (try Support.instant("20240501T090000")))
    let start = try Support.instant("20240501T090000")
    #expect(series.firstInstance(after: start, userZone: utc).instance == nil)
    if case .stopped = series.firstInstance(after: start, userZone: utc) {
      Issue.record("a search that should prove there is nothing stopped")
    }
    #expect(series.instances(in: start..<start + 400 * 86_400, userZone: utc).instances.count == 1)
  }

  @Test func aRuleSparseForDecadesFindsItsNextInstance() throws {
    // 29 February on a Monday: 2044, 2072, 2112, 2140.
    let series = try Support.series(
      "20240229T090000Z", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO")
    var after = try Support.instant("20240229T090000")
    var found: [String] = []
    for _ in 0..<4 {
      guard let next = series.firstInstance(after: after, userZone: utc).instance else { break }
      found.append(Support.compact(next.local))
      after = next.instant
    }
    #expect(found == ["20440229T090000", "20720229T090000", "21120229T090000", "21400229T090000"])
    #expect(
      series.lastInstance(before: try Support.instant("21400101"), userZone: utc).instance
        .map { Support.compact($0.local) } == "21120229T090000")
  }

  @Test func minutelyForAYearGivesItsDayAndIsCutWithANoticeOverTheYear() throws {
    let series = try Support.series("20240101T000000Z", "FREQ=MINUTELY;UNTIL=20241231T235900Z")
    let day = try Support.instant("20240601")
    #expect(series.instances(in: day..<day + 86_400, userZone: utc).instances.count == 1440)
    let year = series.instances(in: try Support.instant("20240101")..<Int.max, userZone: utc)
    #expect(year.instances.count == RecurrenceSet.defaultLimit)
    #expect(year.notices.count == 1)
    #expect(
      year.notices[0].description.hasPrefix("more than 10000 instances before 2024-01-07T22:40:00"))
    guard case .last(let last) = series.summary(userZone: utc).end else {
      Issue.record("no end")
      return
    }
    #expect(Support.compact(last.local) == "20241231T235900")
  }

  @Test func aBillionCountPlacedByArithmeticReachesPast2150() throws {
    let series = try Support.series("20240501T090000Z", "FREQ=DAILY;COUNT=1000000000")
    let day = try Support.instant("21500101")
    #expect(
      series.instances(in: day..<day + 86_400, userZone: utc).instances.map {
        Support.compact($0.local)
      }
        == ["21500101T090000"])
    let summary = series.summary(userZone: utc)
    guard case .unbounded = summary.end else {
      Issue.record("\(summary.end)")
      return
    }
    #expect(summary.notices.isEmpty)
  }

  @Test func aBillionCountThatMustBeCountedSaysSo() throws {
    // The 31st comes in seven months a year: the count cannot be placed by arithmetic.
    let series = try Support.series(
      "20240131T090000Z", "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=1000000000")
    let summary = series.summary(userZone: utc)
    guard case .unknown = summary.end else {
      Issue.record("\(summary.end)")
      return
    }
    #expect(summary.notices.count == 1)
    guard case .tooManyInstances(let rule, let limit, _) = summary.notices[0] else {
      Issue.record("\(summary.notices)")
      return
    }
    #expect(rule == series.rules[0].description && limit == RecurrenceSet.countedInstancesLimit)
    // A page in 2150 is still shown: about 880 instances are counted to reach it.
    let day = try Support.instant("21500131")
    #expect(series.instances(in: day..<day + 86_400, userZone: utc).instances.count == 1)
  }

  @Test func aCountReachedAfterCenturiesEndsWhereItShould() throws {
    // 29 February: once in four years, a hundred years skipped but every 400th: irregular.
    let series = try Support.series("20240229T090000Z", "FREQ=YEARLY;COUNT=30")
    guard case .last(let last) = series.summary(userZone: utc).end else {
      Issue.record("no end")
      return
    }
    // 30 leap years from 2024: 2024…2096 is 19, 2104…2140 is 10 more, then 2144.
    #expect(Support.compact(last.local) == "21440229T090000")
  }

  @Test func theCalendarsEdgesEndASeriesCleanly() throws {
    let end = try Support.series("99991230T120000Z", "FREQ=DAILY")
    #expect(end.instances(in: Int.min..<Int.max, userZone: utc).instances.count == 2)
    // No COUNT or UNTIL: it recurs to the calendar's end, which its last instance shows.
    guard case .unbounded = end.summary(userZone: utc).end else {
      Issue.record("bounded")
      return
    }
    #expect(
      end.lastInstance(before: Int.max, userZone: utc).instance?.local.description
        == "9999-12-31T12:00:00")
    let yearly = try Support.series("99991231T235959Z", "FREQ=SECONDLY")
    #expect(yearly.instances(in: Int.min..<Int.max, userZone: utc).instances.count == 1)
    let start = try Support.series("00010101T000000Z", "FREQ=WEEKLY;WKST=SU")
    #expect(
      start.lastInstance(before: try Support.instant("00010110"), userZone: utc).instance?.local
        .description == "0001-01-08T00:00:00")
    let huge = try Support.series("20240501T090000Z", "FREQ=SECONDLY;INTERVAL=999999999999")
    #expect(huge.instances(in: Int.min..<Int.max, userZone: utc).instances.count == 1)
  }

  @Test func aSearchThatCannotProveAnythingStopsAndSaysSo() throws {
    // Every 7 hours, on 29 February at 13:00 only: the phase meets 13:00 on few 29ths.
    let series = try Support.series(
      "20240301T000000Z", "FREQ=HOURLY;INTERVAL=7;BYMONTH=2;BYMONTHDAY=29;BYHOUR=13;BYDAY=SU")
    let result = series.firstInstance(after: try Support.instant("20240301"), userZone: utc)
    switch result {
    case .found(let instance):
      #expect(instance.local.day.month == 2 && instance.local.day.dayOfMonth == 29)
      #expect(instance.local.day.weekday == .sunday && instance.local.time.hour == 13)
    case .stopped(let notice):
      #expect(notice.description.hasPrefix("no instance found in a bounded search after"))
    case .none:
      break
    }
  }
}
