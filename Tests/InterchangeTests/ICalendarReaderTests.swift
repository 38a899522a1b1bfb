import Interchange
import Testing

/// The component model read as a stream: what a reader of events (issue 22) gets from the
/// same files notes come from.
@Suite struct ICalendarReaderTests {
  /// An Outlook-style calendar: a time zone with its rules, a recurring event with exceptions,
  /// extra dates and an override, a journal beside them and a to-do. (Expected values below
  /// are copied from this text.)
  static let calendar = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0//EN",
    "METHOD:PUBLISH", "X-WR-TIMEZONE:Europe/Berlin",
    "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
    "BEGIN:STANDARD", "DTSTART:16011028T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
    "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:16010325T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
    "RDATE:20240331T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
    "END:VTIMEZONE",
    "BEGIN:VEVENT", "UID:weekly-1", "DTSTAMP:20240101T000000Z",
    "DTSTART;TZID=W. Europe Standard Time:20240506T100000", "DURATION:PT1H",
    "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20241231T225959Z",
    "EXDATE;TZID=W. Europe Standard Time:20240513T100000,20240520T100000",
    "EXDATE;VALUE=DATE:20240527", "RDATE;VALUE=PERIOD:20240601T080000Z/PT2H,20240602T080000Z/PT2H",
    "STATUS:CONFIRMED", "SUMMARY:Stand-up\\, team A", "LOCATION:Room 3",
    "DESCRIPTION:Agenda:\\n1. news", " \\n2. blockers",
    "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
    "BEGIN:VEVENT", "UID:weekly-1",
    "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=W. Europe Standard Time:20240603T100000",
    "DTSTART;TZID=W. Europe Standard Time:20240603T110000", "DURATION:PT30M",
    "STATUS:CANCELLED", "SUMMARY:Stand-up (later)", "END:VEVENT",
    "BEGIN:VJOURNAL", "UID:journal-1", "DTSTART;VALUE=DATE:20240506", "SUMMARY:a note",
    "END:VJOURNAL",
    "BEGIN:VTODO", "UID:todo-1", "END:VTODO",
    "END:VCALENDAR",
  ].map { $0 + "\r\n" }.joined()

  static func elements(_ text: String, keeps: @escaping (String) -> Bool = { _ in true }) throws
    -> [ICalendarReader.Element]
  {
    var reader = ICalendarReader(source: ByteArraySource(text), keeps: keeps)
    var elements: [ICalendarReader.Element] = []
    while let element = try reader.next() { elements.append(element) }
    return elements
  }

  @Test func aReaderOfEventsGetsEveryPropertyAndParameter() throws {
    let elements = try Self.elements(Self.calendar) { $0 == "VEVENT" || $0 == "VTIMEZONE" }
    var properties: [String] = []
    var components: [ICalendarComponent] = []
    var skipped: [String] = []
    for element in elements {
      switch element {
      case .property(let property): properties.append(property.name + ":" + property.value)
      case .component(let component): components.append(component)
      case .skipped(let name, let line): skipped.append("\(name)@\(line)")
      case .beginCalendar, .endCalendar, .trivia: break
      }
    }
    if case .beginCalendar(let begin) = elements.first {
      #expect(begin.line == 1)
    } else {
      Issue.record("the first element is not the calendar's BEGIN line")
    }
    #expect(
      properties == [
        "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0//EN", "METHOD:PUBLISH",
        "X-WR-TIMEZONE:Europe/Berlin",
      ])
    #expect(skipped == ["VJOURNAL@49", "VTODO@54"])
    #expect(components.map(\.name) == ["VTIMEZONE", "VEVENT", "VEVENT"])

    let zone = components[0]
    #expect(zone.property(named: "TZID")?.text == "W. Europe Standard Time")
    #expect(zone.components.map(\.name) == ["STANDARD", "DAYLIGHT"])
    let daylight = try #require(zone.components(named: "DAYLIGHT").first)
    #expect(daylight.property(named: "RRULE")?.value == "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3")
    #expect(daylight.property(named: "RDATE")?.values == ["20240331T020000"])
    #expect(daylight.property(named: "TZOFFSETTO")?.value == "+0200")

    let master = components[1]
    #expect(master.line == 22)
    let start = try #require(master.property(named: "DTSTART"))
    #expect(start.parameter("TZID") == "W. Europe Standard Time")
    #expect(start.value == "20240506T100000")
    #expect(master.property(named: "DURATION")?.value == "PT1H")
    #expect(
      master.property(named: "RRULE")?.value == "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20241231T225959Z")
    let exceptions = master.properties(named: "EXDATE")
    #expect(exceptions.map { $0.parameter("TZID") } == ["W. Europe Standard Time", nil])
    #expect(exceptions.map { $0.parameter("VALUE") } == [nil, "DATE"])
    #expect(exceptions.flatMap(\.values) == ["20240513T100000", "20240520T100000", "20240527"])
    let dates = try #require(master.property(named: "RDATE"))
    #expect(dates.parameter("VALUE") == "PERIOD")
    #expect(dates.values == ["20240601T080000Z/PT2H", "20240602T080000Z/PT2H"])
    #expect(master.property(named: "STATUS")?.value == "CONFIRMED")
    #expect(master.property(named: "SUMMARY")?.text == "Stand-up, team A")
    #expect(master.property(named: "SUMMARY")?.values == ["Stand-up\\, team A"])
    #expect(master.property(named: "LOCATION")?.text == "Room 3")
    #expect(master.property(named: "DESCRIPTION")?.text == "Agenda:\n1. news\n2. blockers")
    #expect(master.components(named: "VALARM").first?.property(named: "TRIGGER")?.value == "-PT15M")

    let override = components[2]
    let recurrence = try #require(override.property(named: "RECURRENCE-ID"))
    #expect(recurrence.parameter("RANGE") == "THISANDFUTURE")
    #expect(recurrence.parameter("TZID") == "W. Europe Standard Time")
    #expect(recurrence.value == "20240603T100000")
    #expect(override.property(named: "STATUS")?.value == "CANCELLED")
  }

  /// Every byte comes back: the elements' bytes, in order, are the input.
  @Test(arguments: ICalendarDocumentTests.inputs + [calendar])
  func theElementsBytesAreTheInput(text: String) throws {
    var bytes: [UInt8] = []
    for element in try Self.elements(text) {
      switch element {
      case .beginCalendar(let line), .property(let line), .endCalendar(let line):
        bytes += line.raw
      case .component(let component): bytes += component.bytes
      case .trivia(let trivia): bytes += trivia
      case .skipped: Issue.record("a reader that keeps every component skipped one")
      }
    }
    #expect(bytes == Array(text.utf8))
  }

  /// A file of many items is read item by item: the limit bounds one component, not the
  /// file; a component past it fails at its first line.
  @Test func aFileOfManyItemsIsReadItemByItem() throws {
    let event = (0..<5000).map { index in
      "BEGIN:VEVENT\r\nUID:e\(index)\r\nDTSTART:20240101T100000Z\r\nSUMMARY:event \(index)\r\n"
        + "END:VEVENT\r\n"
    }
    let text = "BEGIN:VCALENDAR\r\n" + event.joined() + "END:VCALENDAR\r\n"
    #expect(text.utf8.count > 100 * 1024)
    var reader = ICalendarReader(source: ByteArraySource(text), maximumComponentSize: 1024)
    var uids: [String] = []
    while let element = try reader.next() {
      if case .component(let event) = element, let uid = event.property(named: "UID") {
        uids.append(uid.value)
      }
    }
    #expect(uids.count == 5000 && uids.last == "e4999")

    let long =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\n"
      + String(repeating: "DESCRIPTION:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r\n", count: 30)
      + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    var limited = ICalendarReader(source: ByteArraySource(long), maximumComponentSize: 1024)
    #expect(throws: InterchangeError.malformed(line: 5, .recordTooLong(limit: 1024))) {
      while try limited.next() != nil {}
    }
  }

  /// Syntax errors are those of the whole-document parser, also inside a skipped component.
  @Test(
    arguments: ICalendarDocumentTests.malformed + [
      (
        "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nBEGIN:VALARM\r\nEND:VTODO\r\n",
        "line 4: 'END:VTODO' does not close 'BEGIN:VALARM'"
      ),
      (
        "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nno colon\r\n",
        "line 3: 'no colon' is not a content line: expected NAME:VALUE"
      ),
    ])
  func syntaxErrorsNameTheirLine(text: String, message: String) {
    do {
      _ = try Self.elements(text) { $0 != "VTODO" }
      Issue.record("no error for \(text)")
    } catch {
      #expect("\(error)" == message)
    }
  }

  @Test(arguments: [
    ("X:", [""]), ("X:a", ["a"]), ("X:a,b,,c", ["a", "b", "", "c"]),
    ("CATEGORIES:one\\,two,three\\\\,four", ["one\\,two", "three\\\\", "four"]),
    ("X:ends\\", ["ends\\"]),
  ])
  func aPropertyOfSeveralValuesSplitsAtItsCommas(line: String, values: [String]) throws {
    #expect(try ICalendarProperty(parsing: Array(line.utf8)).values == values)
  }
}
