import CalendarPaging
import Recurrence
import Testing

/// Overrides, lengths and the days an occurrence covers.
@Suite struct EventSeriesTests {
  static let berlin = FixedOffsetZone(offset: 7200)
  let utc = FixedOffsetZone.utc

  func value(_ text: String, _ zone: (any ZoneRules)? = EventSeriesTests.berlin) throws
    -> DateTimeValue
  {
    try DateTimeValue(parsing: text, zone: zone)
  }

  /// A weekly Monday 10:00–11:00 meeting in Berlin summer time from 6 May 2024.
  func meeting(overrides: [EventOverride] = [], status: EventStatus? = nil) throws -> EventSeries {
    EventSeries(
      uid: "meeting", start: try value("20240506T100000"), end: .at(try value("20240506T110000")),
      rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY")],
      fields: EventFields(summary: "Meeting", status: status), overrides: overrides)
  }

  func page(_ series: EventSeries, _ from: String, _ to: String, zone: (any ZoneRules)? = nil)
    throws -> [String]
  {
    let user = zone ?? utc
    let window = try Support.instant(from)..<Support.instant(to)
    return series.occurrences(overlapping: window, userZone: user).occurrences.map {
      "\(Support.compact($0.start.local(in: user)))-\(Support.compact($0.end.local(in: user)))"
        + " \($0.fields.summary ?? "")"
    }
  }

  @Test func anOverrideMovesItsInstanceToAnotherDay() throws {
    let moved = EventOverride(
      recurrenceID: try value("20240513T080000Z", nil), start: try value("20240515T150000"),
      end: .at(try value("20240515T153000")), fields: EventFields(summary: "Moved"))
    let series = try meeting(overrides: [moved])
    #expect(
      try page(series, "20240506", "20240521")
        == [
          "20240506T080000-20240506T090000 Meeting", "20240515T130000-20240515T133000 Moved",
          "20240520T080000-20240520T090000 Meeting",
        ])
    let occurrence = try #require(
      series.occurrences(
        overlapping: try Support.instant("20240515")..<Support.instant("20240516"), userZone: utc
      )
      .occurrences.first)
    #expect(occurrence.isOverride)
    #expect(occurrence.recurrenceID == .instant(try Support.instant("20240513T080000")))
  }

  @Test func aCancelledOverrideHidesItsInstance() throws {
    let cancelled = EventOverride(
      recurrenceID: try value("20240513T100000"), start: try value("20240513T100000"),
      fields: EventFields(summary: "Meeting", status: .cancelled))
    #expect(
      try page(try meeting(overrides: [cancelled]), "20240506", "20240521")
        == ["20240506T080000-20240506T090000 Meeting", "20240520T080000-20240520T090000 Meeting"])
  }

  @Test func aCancelledMasterHidesItsWholeSeries() throws {
    let moved = EventOverride(
      recurrenceID: try value("20240513T100000"), start: try value("20240514T100000"))
    let series = try meeting(overrides: [moved], status: .cancelled)
    #expect(try page(series, "20240506", "20240521").isEmpty)
    #expect(series.extent(userZone: utc).earliestStart == nil)
    #expect(series.firstOccurrence(endingAfter: 0, userZone: utc).occurrence == nil)
  }

  @Test func thisAndFutureMovesAndRetitlesEveryLaterInstance() throws {
    let later = EventOverride(
      recurrenceID: try value("20240520T100000"), thisAndFuture: true,
      start: try value("20240520T140000"), end: .after(try CalendarDuration(parsing: "PT2H")),
      fields: EventFields(summary: "Afternoon"))
    #expect(
      try page(try meeting(overrides: [later]), "20240506", "20240604")
        == [
          "20240506T080000-20240506T090000 Meeting", "20240513T080000-20240513T090000 Meeting",
          "20240520T120000-20240520T140000 Afternoon", "20240527T120000-20240527T140000 Afternoon",
          "20240603T120000-20240603T140000 Afternoon",
        ])
  }

  @Test func aDateRecurrenceIDNamesTheInstanceOnThatDay() throws {
    let moved = EventOverride(
      recurrenceID: try value("20240513", nil), start: try value("20240513T120000"),
      fields: EventFields(summary: "Noon"))
    #expect(
      try page(try meeting(overrides: [moved]), "20240513", "20240514")
        == ["20240513T100000-20240513T100000 Noon"])
  }

  @Test func anOverrideNamingNoInstanceIsStillShownAndOnlyAnExactExdateHidesOne() throws {
    // 14 May is a Tuesday: no instance has that RECURRENCE-ID, yet the user wrote the event.
    let stray = EventOverride(
      recurrenceID: try value("20240514T100000"), start: try value("20240514T100000"),
      fields: EventFields(summary: "Stray"))
    let moved = EventOverride(
      recurrenceID: try value("20240520T100000"), start: try value("20240521T100000"),
      fields: EventFields(summary: "Moved"))
    let series = EventSeries(
      uid: "meeting", start: try value("20240506T100000"), end: .at(try value("20240506T110000")),
      rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY")],
      exceptions: [try value("20240520", nil), try value("20240527T080000Z", nil)],
      fields: EventFields(summary: "Meeting"), overrides: [stray, moved])
    // The DATE EXDATE of 20 May removes the instance, not the override the user wrote for it.
    #expect(
      try page(series, "20240513", "20240531")
        == [
          "20240513T080000-20240513T090000 Meeting", "20240514T080000-20240514T080000 Stray",
          "20240521T080000-20240521T080000 Moved",
        ])
    let hidden = EventSeries(
      uid: "meeting", start: try value("20240506T100000"),
      rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY")],
      exceptions: [try value("20240520T080000Z", nil)], overrides: [moved])
    #expect(try page(hidden, "20240519", "20240523").isEmpty)
  }

  @Test func theRFCDefaultsForAnEventWithoutEnd() throws {
    let allDay = EventSeries(uid: "a", start: try value("20240501", nil))
    let got = allDay.occurrences(overlapping: Int.min..<Int.max, userZone: utc).occurrences
    #expect(got.map(\.end) == [.day(Day(year: 2024, month: 5, day: 2)!)])
    #expect(got[0].recurrenceID == nil)
    let instant = EventSeries(uid: "b", start: try value("20240501T090000"))
    let moment = instant.occurrences(overlapping: Int.min..<Int.max, userZone: utc).occurrences
    #expect(moment.map(\.end) == moment.map(\.start))
  }

  @Test func aDurationInDaysIsNominalAndInHoursExact() throws {
    let zone = ZoneGapTests.europeLike
    func end(_ duration: String) throws -> String {
      let series = EventSeries(
        uid: "d", start: try value("20240330T090000", zone),
        end: .after(try CalendarDuration(parsing: duration)),
        rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=1")])
      let occurrence = try #require(
        series.occurrences(overlapping: Int.min..<Int.max, userZone: zone).occurrences.first)
      return Support.compact(occurrence.end.local(in: zone))
    }
    #expect(try end("P1D") == "20240331T090000")
    #expect(try end("PT24H") == "20240331T100000")
  }

  @Test func dtendKeepsTheFirstInstancesExactLength() throws {
    let zone = ZoneGapTests.europeLike
    // 01:00–04:00 on 31 March is two hours (the clock jumps at 02:00): every instance lasts two.
    let series = EventSeries(
      uid: "e", start: try value("20240331T010000", zone),
      end: .at(try value("20240331T040000", zone)),
      rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=2")])
    let got = series.occurrences(overlapping: Int.min..<Int.max, userZone: zone).occurrences
    #expect(got.map { $0.end.instant(in: zone) - $0.start.instant(in: zone) } == [7200, 7200])
  }

  @Test func anRDatePeriodGivesItsInstanceItsOwnEnd() throws {
    let series = EventSeries(
      uid: "p", start: try value("20240501T090000Z", nil),
      end: .after(CalendarDuration(seconds: 3600)),
      dates: [try RecurrenceDate(parsing: "20240502T090000Z/20240502T120000Z")])
    #expect(
      try page(series, "20240501", "20240503")
        == ["20240501T090000-20240501T100000 ", "20240502T090000-20240502T120000 "])
  }

  @Test func anOccurrenceCoversTheDaysOfTheUsersZoneItTouches() throws {
    func days(_ start: String, _ end: String, _ user: any ZoneRules, zone: (any ZoneRules)? = nil)
      throws -> String
    {
      let series = EventSeries(
        uid: "x", start: try value(start, zone), end: .at(try value(end, zone)))
      let occurrence = try #require(
        series.occurrences(overlapping: Int.min..<Int.max, userZone: user).occurrences.first)
      let range = occurrence.days(in: user)
      return "\(range.lowerBound)…\(range.upperBound)"
    }
    let utc = FixedOffsetZone.utc
    // An evening that ends after midnight is on both days; one ending at midnight on one.
    #expect(
      try days("20240501T220000Z", "20240502T010000Z", utc, zone: nil) == "2024-05-01…2024-05-02")
    #expect(
      try days("20240501T220000Z", "20240502T000000Z", utc, zone: nil) == "2024-05-01…2024-05-01")
    // The same evening in Tokyo's zone is the next morning.
    #expect(
      try days("20240501T220000Z", "20240502T010000Z", FixedOffsetZone(offset: 9 * 3600), zone: nil)
        == "2024-05-02…2024-05-02")
    // An all-day event covers its dates wherever the user is, its end exclusive.
    for user in [FixedOffsetZone(offset: 14 * 3600), FixedOffsetZone(offset: -12 * 3600)] {
      #expect(try days("20240501", "20240504", user, zone: nil) == "2024-05-01…2024-05-03")
      #expect(try days("20240501", "20240501", user, zone: nil) == "2024-05-01…2024-05-01")
    }
    // A floating time is shown as written, in any zone.
    #expect(
      try days("20240501T230000", "20240502T003000", FixedOffsetZone(offset: -5 * 3600))
        == "2024-05-01…2024-05-02")
  }

  @Test func allDayOccurrencesAreFoundByTheUsersDays() throws {
    let series = EventSeries(
      uid: "h", start: try value("20241225", nil),
      rules: [try RecurrenceRule(parsing: "FREQ=YEARLY")])
    let kiribati = FixedOffsetZone(offset: 14 * 3600)
    let day = Day(year: 2150, month: 12, day: 25)!
    let got = series.occurrences(covering: day...day, userZone: kiribati).occurrences
    #expect(got.count == 1 && got[0].start == .day(day))
    #expect(
      series.occurrences(covering: day.next!...day.next!, userZone: kiribati).occurrences.isEmpty)
  }

  @Test func nextAndPreviousOccurrenceServeNextDayWithEvents() throws {
    // A week-long conference, and a weekly meeting.
    let conference = EventSeries(
      uid: "c", start: try value("20240510", nil), end: .at(try value("20240517", nil)))
    let monday = try Support.instant("20240513")
    #expect(
      conference.firstOccurrence(endingAfter: monday, userZone: utc).occurrence?.start
        == .day(Day(year: 2024, month: 5, day: 10)!))
    #expect(
      conference.firstOccurrence(endingAfter: try Support.instant("20240517"), userZone: utc)
        .occurrence == nil)
    #expect(
      conference.lastOccurrence(startingBefore: try Support.instant("20240601"), userZone: utc)
        .occurrence?.end == .day(Day(year: 2024, month: 5, day: 17)!))
    let meeting = try meeting()
    let next = try #require(
      meeting.firstOccurrence(endingAfter: monday + 10 * 3600, userZone: utc).occurrence)
    #expect(next.start == .instant(try Support.instant("20240520T080000")))
    let previous = try #require(
      meeting.lastOccurrence(startingBefore: monday, userZone: utc).occurrence)
    #expect(previous.start == .instant(try Support.instant("20240506T080000")))
  }

  @Test func theExtentLetsAFinishedSeriesBeSkipped() throws {
    let series = EventSeries(
      uid: "f", start: try value("20240501T090000Z", nil),
      end: .after(CalendarDuration(seconds: 3600)),
      rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")])
    let extent = series.extent(userZone: utc)
    let page2150 = try Support.instant("21500101")..<Support.instant("21500102")
    #expect(!extent.mayOverlap(page2150))
    #expect(extent.mayOverlap(try Support.instant("20240503")..<Support.instant("20240504")))
    #expect(!extent.mayOverlap(try Support.instant("20240401")..<Support.instant("20240402")))
    let forever = try meeting().extent(userZone: utc)
    #expect(forever.latestEnd == nil && forever.mayOverlap(page2150))
  }
}
