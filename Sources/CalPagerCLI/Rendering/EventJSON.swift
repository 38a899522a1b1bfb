import Interchange
import Recurrence

/// Events in `--json` output, for scripts (status bars, reminders):
/// `{"calendar":"work","uid":"…","start":"2024-05-01T10:00:00+02:00","end":"…",
/// "allDay":false,"summary":"…"}`, then `location`, `description`, `status` and
/// `recurrenceId` when the event has them.
///
/// A zoned or UTC time is written in the user's zone with its offset then; a floating one as
/// written, without an offset (it has none); an all-day one as its date, the end exclusive as
/// RFC 5545 has it (a one-day event on 1 May ends `2024-05-02`).
extension JSONWriter {
  /// Writes the member `name`: an array of `events`, in their order.
  mutating func events(_ name: String, _ events: [DayEvent], userZone: any ZoneRules) {
    key(name)
    array { json in
      for event in events { json.event(event, userZone: userZone) }
    }
  }

  /// Writes `event` as an object.
  mutating func event(_ event: DayEvent, userZone: any ZoneRules) {
    let occurrence = event.occurrence
    object { json in
      json.field("calendar", event.calendar)
      json.field("uid", event.uid)
      json.field("start", EventTimeText.iso(occurrence.start, userZone: userZone))
      json.field("end", EventTimeText.iso(occurrence.end, userZone: userZone))
      json.field("allDay", occurrence.isAllDay)
      json.field("summary", occurrence.fields.summary ?? "")
      if let location = occurrence.fields.location { json.field("location", location) }
      if let description = occurrence.fields.description {
        json.field("description", description)
      }
      if let status = occurrence.fields.status { json.field("status", status.description) }
      if let recurrenceID = occurrence.recurrenceID {
        json.field("recurrenceId", EventTimeText.iso(recurrenceID, userZone: userZone))
      }
    }
  }
}

/// An occurrence's times as ISO 8601 text.
enum EventTimeText {
  /// `2024-05-01T10:00:00+02:00` (an instant, in `userZone`), `2024-05-01T10:00:00`
  /// (floating), `2024-05-01` (a day).
  static func iso(_ time: OccurrenceTime, userZone: any ZoneRules) -> String {
    switch time {
    case .day(let day): return day.description
    case .floating(let local): return local.description
    case .instant(let instant):
      return time.local(in: userZone).description + offset(userZone.utcOffset(at: instant))
    }
  }

  /// `+02:00`, `-03:30`, `+00:00`: an offset east of UTC in seconds, to the minute (an
  /// offset with seconds, as some zones had before 1900, is rounded toward zero).
  static func offset(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "")
      + String(rest)
  }
}
