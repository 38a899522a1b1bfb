import CalendarPaging
import Foundation
import Recurrence
import TestSupport
import Testing

@testable import Interchange

/// The events reader's fast path (`EventComponentShortcut`, behind the component model) never
/// changes a result: every input read with it and without it (every `VEVENT` through the
/// component tree) gives the same events, texts, cancels and problems, or the same error.
@Suite struct ICalendarEventsShortcutDifferentialTests {
  /// Zones by name, fixed offsets: enough to tell a zoned time from a floating one.
  static let zones: ZoneLookup = { tzid in
    switch tzid {
    case "Europe/Berlin": FixedOffsetZone(offset: 3600)
    case "America/New_York": FixedOffsetZone(offset: -5 * 3600)
    default: ICalendarEvents.utcOnly(tzid)
    }
  }

  /// Everything a reading gives, as text: each event's series (its values, and its occurrences
  /// in 2023–2025 in two zones), text and line, the cancels, the problems, or the error.
  static func outcome(_ bytes: [UInt8], fastPath: Bool) -> [String] {
    let file: EventFile
    do {
      file = try ICalendarEvents.read(bytes, zones: zones, fastPath: fastPath)
    } catch {
      return ["error: \(error)"]
    }
    var lines: [String] = []
    let window = Day("2023-01-01")!...Day("2025-12-31")!
    for event in file.events {
      let series = event.series
      let recurrence = series.recurrence
      lines.append(
        "event \(series.uid) line \(event.line) recurs \(event.recurs) fields \(series.fields) "
          + "start \(describe(recurrence.start)) end \(describe(series.end)) "
          + "rules \(recurrence.rules) dates \(recurrence.dates) "
          + "exceptions \(recurrence.exceptions.map(describe))")
      for override in series.overrides {
        lines.append(
          "  override \(describe(override.recurrenceID)) \(override.thisAndFuture) "
            + "\(describe(override.start)) \(describe(override.end)) \(override.fields)")
      }
      lines.append("  text \(String(decoding: event.text, as: UTF8.self).debugDescription)")
      for zone in [FixedOffsetZone.utc, FixedOffsetZone(offset: 9 * 3600)] {
        let page = series.occurrences(covering: window, userZone: zone, limit: 50)
        lines.append(
          "  occurrences \(page.occurrences.map { "\($0.start)-\($0.end) \($0.fields)" }) "
            + "\(page.notices)")
      }
    }
    lines.append("cancelled \(file.cancelledUIDs)")
    for cancel in file.cancelledInstances {
      lines.append(
        "cancelled \(cancel.uid) \(describe(cancel.recurrenceID)) \(cancel.thisAndFuture)")
    }
    lines += file.problems.map(\.description)
    return lines
  }

  static func describe(_ value: DateTimeValue) -> String {
    switch value {
    case .date, .floating: return value.description
    case .utc: return value.description
    case .zoned(let local, let zone): return "\(local) at \(zone.utcOffset(at: 0))"
    }
  }

  static func describe(_ end: EventEnd) -> String {
    switch end {
    case .none: return "none"
    case .at(let value): return "at \(describe(value))"
    case .after(let duration): return "after \(duration)"
    }
  }

  static func expectSameOutcome(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
    let fast = outcome(bytes, fastPath: true)
    let general = outcome(bytes, fastPath: false)
    #expect(fast == general, "\(label())")
  }

  /// Events of every shape the reader meets: the benchmark's mix (UTC, two zones, floating;
  /// daily by count, weekly until with an exception, monthly by weekday, yearly), overrides,
  /// alarms, blank and folded lines, parameters, a cancel, a calendar zone.
  static let events: [String] = [
    """
    BEGIN:VEVENT\r
    UID:event-5@bench\r
    DTSTAMP:20240101T000000Z\r
    DTSTART;TZID=Europe/Berlin:20230412T101500\r
    DURATION:PT1H\r
    SUMMARY:Event 5\r
    RRULE:FREQ=YEARLY\r
    END:VEVENT\r

    """,
    """
    BEGIN:VEVENT\r
    UID:event-10@bench\r
    DTSTAMP:20240101T000000Z\r
    DTSTART:20240304T090000Z\r
    DURATION:PT1H\r
    SUMMARY:Event 10\r
    RRULE:FREQ=DAILY;COUNT=12\r
    END:VEVENT\r

    """,
    """
    BEGIN:VEVENT\r
    UID:event-15@bench\r
    DTSTAMP:20240101T000000Z\r
    DTSTART;TZID=America/New_York:20240110T183000\r
    DTEND;TZID=America/New_York:20240110T193000\r
    SUMMARY:Event 15\r
    RRULE:FREQ=WEEKLY;UNTIL=20240601T235959Z\r
    EXDATE;TZID=America/New_York:20240124T183000,20240131T183000\r
    END:VEVENT\r

    """,
    """
    BEGIN:VEVENT\r
    UID:event-20@bench\r
    DTSTART:20240109T120000\r
    DURATION:PT30M\r
    SUMMARY:Monthly\\, on the second Tuesday\r
    LOCATION:Room 1\r
    DESCRIPTION:A long description that is folded over two lines because it is longer than\r
      seventy-five octets\r
    RRULE:FREQ=MONTHLY;BYDAY=2TU\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER:-PT15M\r
    DESCRIPTION:Reminder\r
    END:VALARM\r
    STATUS:CONFIRMED\r
    END:VEVENT\r

    """,
    """
    BEGIN:VEVENT
    UID:d
    DTSTART;TZID=Europe/Berlin:20240501T090000
    RRULE:FREQ=DAILY;COUNT=4
    RRULE:FREQ=WEEKLY;COUNT=2;BYDAY=SU
    EXDATE:20240502T070000Z
    RDATE;VALUE=PERIOD:20240601T100000Z/PT2H,20240602T100000Z/20240602T110000Z
    SUMMARY:Daily

    END:VEVENT
    BEGIN:VEVENT
    UID:d
    RECURRENCE-ID;TZID=Europe/Berlin:20240503T090000
    DTSTART:20240503T150000Z
    SUMMARY:Moved
    END:VEVENT
    BEGIN:VEVENT
    UID:d
    RECURRENCE-ID;RANGE=THISANDFUTURE;VALUE=DATE:20240504
    DTSTART;TZID=Europe/Berlin:20240504T100000
    STATUS:CANCELLED
    END:VEVENT

    """,
    """
    BEGIN:VEVENT
    uid:lower
    dtstart;value=date:20240229
    rrule:freq=yearly;bymonth=2;bymonthday=-1
    summary;language=en:Last day of February
    x-other;tzid="Asia/Tokyo":1
    BEGIN:VALARM
    BEGIN:X-INNER
    DTSTART:20240101T000000Z
    END:X-INNER
    END:VALARM
    END:VEVENT

    """,
    """
    BEGIN:VEVENT
    UID:no-start
    SUMMARY:Nothing to show
    END:VEVENT
    BEGIN:VEVENT
    UID:bad
    DTSTART;TZID=Nowhere/Special:20240101T090000
    DTEND:2024
    RRULE:FREQ=SOMETIMES
    EXDATE:20240101,not-a-date
    DURATION:PX
    END:VEVENT
    BEGIN:VEVENT
    DTSTART:20240101T090000
    SUMMARY:No UID
    END:VEVENT
    BEGIN:VEVENT
    UID:twice
    DTSTART:20240101T090000
    END:VEVENT
    BEGIN:VEVENT
    UID:twice
    DTSTART:20240102T090000
    END:VEVENT

    """,
  ]

  static let timeZone = """
    BEGIN:VTIMEZONE
    TZID:Europe/Berlin
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    DTSTART:19701025T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    END:STANDARD
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    DTSTART:19700329T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    END:DAYLIGHT
    END:VTIMEZONE

    """

  /// Calendars of the events alone, together, with a zone of their own, a floating zone, and
  /// as a cancel.
  static let calendars: [String] = {
    let headers = ["", "X-WR-TIMEZONE:America/New_York\n", "METHOD:CANCEL\n"]
    var calendars: [String] = []
    for header in headers {
      for body in events + [events.joined(), events.joined() + timeZone] {
        calendars.append("BEGIN:VCALENDAR\nVERSION:2.0\n\(header)\(body)END:VCALENDAR\n")
      }
    }
    return calendars
  }()

  @Test func everyShapeOfEventReadsTheSameWithAndWithoutTheFastPath() {
    for calendar in Self.calendars {
      Self.expectSameOutcome(Array(calendar.utf8), calendar)
    }
  }

  @Test func theFastPathTakesEveryWellFormedEvent() throws {
    for calendar in Self.calendars {
      var input = ByteReader(
        source: ByteArraySource(calendar), maximumRecordSize: calendar.utf8.count + 1)
      var parser = ICalendarParser(
        keeps: { $0 == "VEVENT" || $0 == "VTIMEZONE" },
        shortcut: EventComponentShortcut(isEnabled: true))
      var taken = 0
      var built = 0
      while let step = try parser.next(from: &input) {
        switch step {
        case .shortcut: taken += 1
        case .element(.component(let component)) where component.name == "VEVENT": built += 1
        case .element, .beginsCalendar, .endsCalendar: break
        }
      }
      #expect(built == 0, "\(calendar)")
      #expect(taken == calendar.components(separatedBy: "BEGIN:VEVENT").count - 1)
    }
  }

  @Test func theIndexTextOfAnEventReadsBackTheSameWithAndWithoutTheFastPath() throws {
    for calendar in Self.calendars {
      for event in try ICalendarEvents.read(Array(calendar.utf8), zones: Self.zones).events {
        Self.expectSameOutcome(event.text, String(decoding: event.text, as: UTF8.self))
      }
    }
  }

  @Test func brokenNestingFailsTheSameWithAndWithoutTheFastPath() {
    let inputs = [
      "BEGIN:VEVENT\nUID:a\nBEGIN:VALARM\nEND:VEVENT\nEND:VALARM\nEND:VEVENT\n",
      "BEGIN:VEVENT\nUID:a\nBEGIN:VALARM\nTRIGGER:-PT1M\n",
      "BEGIN:VEVENT\nUID:a\nBEGIN:VALARM\nBEGIN:X\nEND:X\n",
      "BEGIN:VEVENT\nUID:a\nDTSTART:20240101T000000Z\n",
      "BEGIN:VEVENT\nUID:a\nEND:VTODO\n",
      "BEGIN:VEVENT\nUID:a\nEND:VCALENDAR\n",
      "BEGIN:VEVENT\nUID:a\nnot a content line\nEND:VEVENT\n",
      "BEGIN:VEVENT\nUID:a\nSUMMARY:\u{FF}\nEND:VEVENT\n",
      "BEGIN:VEVENT\nUID:a\nEND;X=1:VEVENT\n",
      "BEGIN:VEVENT\nUID:a\nBEGIN;X=1:VALARM\nEND:valarm\nend:vevent\n",
    ]
    for input in inputs {
      let text = "BEGIN:VCALENDAR\n\(input)END:VCALENDAR\n"
      Self.expectSameOutcome(Array(text.utf8), text)
      Self.expectSameOutcome(Array("BEGIN:VCALENDAR\n\(input)".utf8), input)
    }
  }

  /// The checked-in corpora of the two iCalendar fuzz targets and what they found.
  @Test func theFuzzCorporaReadTheSameWithAndWithoutTheFastPath() throws {
    let corpus = ICSShortcutDifferentialTests.corpus
    #expect(corpus.count > 1000)
    for file in corpus {
      Self.expectSameOutcome(try [UInt8](Data(contentsOf: file)), file.lastPathComponent)
    }
  }

  /// The calendars with random damage: a line dropped, repeated, moved, upper- or lower-cased,
  /// given a parameter, a blank line or a nested component, LF line ends, the input cut short.
  @Test func randomInputsReadTheSameWithAndWithoutTheFastPath() {
    var random = SplitMix64(seed: 22)
    var cases = 0
    for calendar in Self.calendars {
      let lines = calendar.components(separatedBy: "\n")
      for _ in 0..<40 {
        let bytes = randomlyDamaged(
          lines, random: &random, parameter: ";TZID=Europe/Berlin",
          nested: ["BEGIN:VALARM", "DTSTART:20240101T000000Z", "END:VALARM"], bareLineEnds: 0.5)
        Self.expectSameOutcome(bytes, "case \(cases): \(String(decoding: bytes, as: UTF8.self))")
        cases += 1
      }
    }
    #expect(cases == Self.calendars.count * 40)
  }
}
