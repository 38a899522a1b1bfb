import CalendarPaging
import Foundation
import Recurrence
import Testing

@testable import CalPagerCLI

/// Events on the pages (issue 22, items 5 and 6).
///
/// The day, week and month pages, `list`, `search` and their JSON, from series built here
/// from RFC 5545-style values, in a zone at +02:00 (Central Europe in summer). Every expected
/// line is written by hand.
@Suite struct EventPageTests {
  /// A zone at +02:00.
  static let zone = FixedOffsetZone(offset: 7_200)

  /// `text` as a DATE or DATE-TIME value (`20240501`, `20240501T080000Z`, `20240424T090000`).
  static func value(_ text: String) throws -> DateTimeValue {
    try DateTimeValue(parsing: text)
  }

  /// An event `uid` from `start` to `end` (nil: RFC 5545's default length).
  static func event(
    _ uid: String, _ summary: String, _ start: String, _ end: String? = nil,
    location: String? = nil, description: String? = nil, rule: String? = nil,
    duration: String? = nil
  ) throws -> EventSeries {
    let ending: EventEnd =
      if let end { .at(try value(end)) } else if let duration {
        .after(try CalendarDuration(parsing: duration))
      } else { .none }
    return EventSeries(
      uid: uid, start: try value(start), end: ending,
      rules: try rule.map { [try RecurrenceRule(parsing: $0)] } ?? [],
      fields: EventFields(summary: summary, location: location, description: description))
  }

  /// Two calendars, `home` and `work`, around Wednesday 1 May 2024.
  static func source(namesOnly: [String]? = nil) throws -> SeriesEventSource {
    let home = [
      try event("mayday", "May Day", "20240501"),
      try event("trip", "Trip", "20240501", "20240504"),
      try event("party", "Party", "20240430T200000Z", "20240430T230000Z"),
      try event("red", "\u{1B}[31mred", "20240501T120000Z", "20240501T130000Z"),
    ]
    let work = [
      try event(
        "standup", "Standup", "20240424T090000", rule: "FREQ=WEEKLY;COUNT=3",
        duration: "PT15M"),
      try event(
        "dentist", "Dentist", "20240501T080000Z", "20240501T090000Z", location: "Room 3",
        description: "Bring the X-ray"),
      try event("late", "Late shift", "20240501T200000Z", "20240502T020000Z"),
    ]
    var calendars = [
      (EventCalendar(name: "home", color: "\u{1B}[32m"), home),
      (EventCalendar(name: "work", color: nil), work),
    ]
    if let namesOnly { calendars = calendars.filter { namesOnly.contains($0.0.name) } }
    return SeriesEventSource(
      userZone: zone, series: calendars.map { (calendar: $0.0, series: $0.1) })
  }

  /// A session with the two calendars and a note on 1 May.
  static func calpager() throws -> InProcess {
    let calpager = try InProcess()
    calpager.session.events = try source()
    try calpager.store.add("Buy flowers", on: Day("2024-05-01")!)
    return calpager
  }

  @Test func theDayPageListsItsEventsBeforeItsNotes() throws {
    let calpager = try Self.calpager()
    let page = try calpager.run("goto 2024-05-01 --width 80 --color never")
    #expect(
      page.hasSuffix(
        """

        Wednesday 1 May 2024 · 7 events · 1 note
          all day      May Day · home
          all day      Trip · home
          …–01:00      Party · home
          09:00–09:15  Standup · work
          10:00–11:00  Dentist · Room 3 · work
          14:00–15:00  \\e[31mred · home
          22:00–…      Late shift · work
          #1  Buy flowers

        """), "\(page)")
    // The menu marks days with events as it marks notes: Fri 3 has the trip, Sat 4 nothing.
    #expect(page.contains("Fri 3  •"))
    #expect(!page.contains("Sat 4  •"))
    let next = try calpager.run("next --width 80 --color never")
    #expect(
      next.hasSuffix(
        """

        Thursday 2 May 2024 · 2 events · no notes
          all day      Trip · home
          …–04:00      Late shift · work

        """), "\(next)")
  }

  @Test func oneCalendarIsNotNamedAndColourPaintsTheCalendar() throws {
    let calpager = try InProcess()
    calpager.session.events = try Self.source(namesOnly: ["home"])
    let page = try calpager.run("goto 2024-05-02 --width 80 --color never")
    #expect(page.hasSuffix("Thursday 2 May 2024 · 1 event · no notes\n  all day      Trip\n"))
    let two = try Self.calpager()
    let painted = try two.run("goto 2024-05-02 --width 80 --color always")
    #expect(painted.contains("  \u{1B}[32mall day\u{1B}[0m      Trip · \u{1B}[32mhome\u{1B}[0m\n"))
    #expect(painted.contains("  …–04:00      Late shift · work\n"))
  }

  @Test func eventLinesWrapUnderTheirText() throws {
    let calpager = try Self.calpager()
    let page = try calpager.run("goto 2024-05-01 --width 30 --color never")
    #expect(page.contains("\n  10:00–11:00  Dentist · Room\n               3 · work\n"), "\(page)")
  }

  @Test func theDayPageCarriesItsEventsInJSON() throws {
    let calpager = try Self.calpager()
    let text = try calpager.run("goto 2024-05-02 --json")
    #expect(
      text.hasPrefix(
        #"{"selected":"2024-05-02","events":[{"calendar":"home","uid":"trip","start":"2024-05-01","end":"2024-05-04","allDay":true,"summary":"Trip"},{"calendar":"work","uid":"late","start":"2024-05-01T22:00:00+02:00","end":"2024-05-02T04:00:00+02:00","allDay":false,"summary":"Late shift"}],"notes":[],"menu":["#
      ), "\(text)")
    let first = try calpager.json("goto 2024-05-01")
    let events = try #require(first["events"] as? [[String: Any]])
    #expect(events.count == 7)
    let standup = try #require(events.first { $0["uid"] as? String == "standup" })
    // A floating time as written, with no offset; the instance it is keeps its original start.
    #expect(standup["start"] as? String == "2024-05-01T09:00:00")
    #expect(standup["end"] as? String == "2024-05-01T09:15:00")
    #expect(standup["recurrenceId"] as? String == "2024-05-01T09:00:00")
    let dentist = try #require(events.first { $0["uid"] as? String == "dentist" })
    #expect(dentist["location"] as? String == "Room 3")
    #expect(dentist["description"] as? String == "Bring the X-ray")
    #expect(dentist["start"] as? String == "2024-05-01T10:00:00+02:00")
    let red = try #require(events.first { $0["uid"] as? String == "red" })
    // JSON carries the text exactly.
    #expect(red["summary"] as? String == "\u{1B}[31mred")
  }

  @Test func theWeekPageShowsEachDaysEvents() throws {
    let calpager = try Self.calpager()
    let page = try calpager.run("goto 2024-05-03 --by week --width 80 --color never")
    #expect(
      page.contains(
        """
        Thu 2 May
          all day      Trip · home
          …–04:00      Late shift · work
        Fri 3 May · selected
          all day      Trip · home
        Sat 4 May

        """), "\(page)")
    let json = try calpager.json("show --by week")
    let days = try #require(json["days"] as? [[String: Any]])
    let friday = try #require(days.first { $0["day"] as? String == "2024-05-03" })
    let events = try #require(friday["events"] as? [[String: Any]])
    #expect(events.map { $0["uid"] as? String } == ["trip"])
    let wednesday = try #require(days.first { $0["day"] as? String == "2024-05-01" })
    #expect((wednesday["events"] as? [Any])?.count == 7)
  }

  @Test func theMonthGridMarksDaysWithEventsApartFromDaysWithNotes() throws {
    let calpager = try Self.calpager()
    try calpager.store.add("Pay rent", on: Day("2024-05-10")!)
    let page = try calpager.run("goto 2024-05-03 --by month --width 80 --color never")
    // 30 Apr is not in May; 1 May has both (◉), 2 and 3 events (◦), 8 the standup's last
    // instance, 10 a note (•).
    #expect(page.contains("\n          1◉  2◦ >3◦  4   5\n"), "\(page)")
    #expect(page.contains("\n  6   7   8◦  9  10• 11  12\n"), "\(page)")
    let narrow = try calpager.run("show --by month --width 20 --color never")
    #expect(narrow.contains("events 1 2 3 8"), "\(narrow)")
    let json = try calpager.json("show --by month")
    let days = try #require(json["days"] as? [[String: Any]])
    #expect(days.prefix(4).map { $0["events"] as? Int } == [7, 2, 1, 0])
    #expect((json["events"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["trip"])
  }

  @Test func listShowsEventsWithTheNotesDayByDay() throws {
    let calpager = try Self.calpager()
    let text = try calpager.run("list 2024-05-02..2024-05-04 --width 80 --color never")
    #expect(
      text == """
        Thursday 2 May 2024
          all day      Trip · home
          …–04:00      Late shift · work

        Friday 3 May 2024
          all day      Trip · home

        """, "\(text)")
    let json = try calpager.json("list 2024-04-30..2024-05-01")
    let events = try #require(json["events"] as? [[String: Any]])
    // Each occurrence once, in order of start: the party (30 Apr, 22:00), May Day and the
    // trip (1 May, 00:00), the standup, the dentist, the red one, the late shift.
    #expect(
      events.map { $0["uid"] as? String } == [
        "party", "mayday", "trip", "standup", "dentist", "red", "late",
      ])
    let empty = try calpager.run("list 2024-06-01 --width 80")
    #expect(empty == "No events or notes on Saturday 1 June 2024\n")
  }

  @Test func searchFindsEventsBySummaryDescriptionAndLocation() throws {
    let calpager = try Self.calpager()
    let bySummary = try calpager.json("search dentist")
    #expect((bySummary["events"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["dentist"])
    let byDescription = try calpager.json("search x-ray")
    #expect(
      (byDescription["events"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["dentist"])
    let byLocation = try calpager.json("search room")
    #expect(
      (byLocation["events"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["dentist"])
    let either = try calpager.json("search dentist OR party")
    #expect(
      (either["events"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["party", "dentist"])
    let excluded = try calpager.json("search room -x-ray")
    #expect((excluded["events"] as? [[String: Any]])?.isEmpty == true)
    let prefix = try calpager.json("search stand*")
    #expect((prefix["events"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["standup"])
    let text = try calpager.run("search dentist --width 80 --color never")
    #expect(
      text == """
        Events
        Wednesday 1 May 2024
          10:00–11:00  Dentist · Room 3 · work

        """, "\(text)")
  }
}
