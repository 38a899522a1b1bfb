public import Recurrence

/// Finds the rules of the zone a `TZID` names when the file has no usable `VTIMEZONE` of
/// that name: the one seam between reading events and the zones of the machine (the system's
/// tz database, Windows names: `ZoneResolver`).
///
/// Nil when the name cannot be resolved: its times are then read as floating (shown as
/// written), and the file is named with the reason, never dropped.
public typealias ZoneLookup = @Sendable (_ tzid: String) -> (any ZoneRules)?

/// Something a calendar file says that calpager could not use as written: one line for
/// `calendars` (the event's `UID` and the line where it is, the reason).
public struct EventProblem: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line of the file, when the problem has one.
  public let line: Int?
  /// What is wrong, and what calpager did instead.
  public let reason: String

  /// A problem at `line`.
  public init(line: Int?, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: …`, or the reason alone.
  public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}

/// One event of a file, with its overrides: the series, and the text it was read from.
public struct CalendarEvent: Sendable {
  /// The series, its overrides grouped in.
  public let series: EventSeries
  /// A `VCALENDAR` holding only this event's components (and the `VTIMEZONE`s and calendar
  /// properties they need), which `ICalendarEvents.read` reads back into the same series: what
  /// an index keeps, so that a page parses only the events it shows.
  public let text: [UInt8]
  /// Whether the series recurs (an `RRULE` or `RDATE`, or overrides).
  public let recurs: Bool
  /// The line of its first component in the file.
  public let line: Int
}

/// The events of an iCalendar file: what a calendar is made of.
public struct EventFile: Sendable {
  /// The events, in the order of their first component.
  public var events: [CalendarEvent] = []
  /// The `UID`s a `METHOD:CANCEL` calendar of the file cancels whole.
  ///
  /// Their series are hidden wherever they are in the same calendar. A cancel that names
  /// instances by `RECURRENCE-ID` is not here: with its series in its own `VCALENDAR`, it
  /// cancels them there; without, it is in `cancelledInstances`.
  public var cancelledUIDs: [String] = []
  /// The instances a `METHOD:CANCEL` calendar of the file cancels, of series it does not hold
  /// (an iTIP CANCEL of one occurrence, as Outlook and CalDAV servers deliver it): hidden
  /// wherever their series is in the same calendar.
  public var cancelledInstances: [InstanceCancel] = []
  /// What could not be used as written, in the order met.
  public var problems: [EventProblem] = []

  /// An empty file.
  public init() {}
}

/// One instance (with `thisAndFuture`, that one and the later ones) of the series `uid` that a
/// `METHOD:CANCEL` calendar cancels by `RECURRENCE-ID` (RFC 5546 §3.2.5).
public struct InstanceCancel: Sendable {
  /// The series' `UID`.
  public let uid: String
  /// The `RECURRENCE-ID`: matched to an instance by instant, whatever its value type or zone.
  public let recurrenceID: DateTimeValue
  /// `RANGE=THISANDFUTURE`.
  public let thisAndFuture: Bool
}

/// Reads the `VEVENT`s of an iCalendar stream into event series, through the one component
/// model (`ICalendarParser`, as `ICalendarReader` does), with a fast path for events behind its
/// general one (`EventComponentShortcut`).
///
/// Components sharing a `UID` in one `VCALENDAR` are one series: the one without
/// `RECURRENCE-ID` is the master, the others its overrides (an override without its master
/// is shown as an event of its own, at its own time). Every `RRULE`, `RDATE` and `EXDATE` line
/// counts, `DTEND` or `DURATION` gives the length, `X-WR-TIMEZONE` places floating times (as
/// Google's exports mean them), and a `TZID` names the calendar's own `VTIMEZONE`, else
/// whatever `ZoneLookup` finds. What cannot be read is named in `problems` and left out as
/// little as possible: a bad `RRULE` drops that rule (the event still shows at its start),
/// an unknown `TZID` reads its times as floating, a bad `EXDATE` is skipped.
public enum ICalendarEvents {
  /// The largest file read: a larger one is named, not read.
  public static let largestFile = 16 << 20

  /// Reads `bytes`.
  ///
  /// - Throws: `InterchangeError.malformed` when the stream is not iCalendar (naming the line);
  ///   then nothing of it is used.
  public static func read(_ bytes: [UInt8], zones: @escaping ZoneLookup) throws(InterchangeError)
    -> EventFile
  {
    try read(bytes, zones: zones, fastPath: true)
  }

  /// `read(_:zones:)`, with `fastPath` off reading every `VEVENT` through the component tree
  /// (for the differential test of `EventComponentShortcut`).
  static func read(_ bytes: [UInt8], zones: @escaping ZoneLookup, fastPath: Bool)
    throws(InterchangeError) -> EventFile
  {
    var input = ByteReader(bytes: bytes)
    var parser = ICalendarParser(
      keeps: { $0 == "VEVENT" || $0 == "VTIMEZONE" },
      shortcut: EventComponentShortcut(isEnabled: fastPath),
      keepsCalendarProperty: CalendarReading.reads)
    var file = EventFile()
    var calendar = CalendarReading(zones: zones)
    do {
      while let step = try parser.next(from: &input) {
        switch step {
        case .shortcut(let event): calendar.add(event)
        case .beginsCalendar: calendar = CalendarReading(zones: zones)
        case .endsCalendar: calendar.finish(into: &file)
        case .element(.property(let property)): calendar.add(property)
        case .element(.component(let component)) where component.name == "VTIMEZONE":
          if let id = component.property(named: "TZID")?.text {
            calendar.definitions[id] = component
          }
        case .element(.component(let component)): calendar.add(EventComponent(component))
        case .element(.beginCalendar), .element(.endCalendar), .element(.skipped),
          .element(.trivia):
          break
        }
      }
    } catch let error as InterchangeError {
      throw error
    } catch {
      preconditionFailure("reading bytes in memory throws only InterchangeError: \(error)")
    }
    return file
  }

  /// A lookup that knows only UTC and its aliases (tests, and a machine without zones).
  public static let utcOnly: ZoneLookup = { tzid in
    let upper = tzid.uppercased()
    let names = ["UTC", "Z", "GMT", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU", "ETC/ZULU"]
    return names.contains(upper) ? FixedOffsetZone.utc : nil
  }
}
