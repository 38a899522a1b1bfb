import CalendarPaging
import DisplayText
import Recurrence

/// A day's events laid out for a page or a list, before its notes:
/// `  10:00–11:00  Dentist · Room 3`, all-day ones as `  all day      Holiday`.
///
/// The times are the user's zone's (a floating event's as written). An occurrence from an
/// earlier day shows `…` for its start (`…–01:00`), one that goes on past the day `…` for its
/// end; one that ends at the next midnight ends at `24:00`. With several calendars each line
/// ends with its calendar's name (in its colour, with `--color`). Text is escaped as note text
/// is (`TerminalText`), and wrapped under itself: no line is wider than the style's width.
struct EventLines {
  /// The output style.
  let style: Style
  /// Where the events come from: the user's zone and the calendars' names and colours.
  let source: any EventSource

  /// The columns of the time: `10:00–11:00`.
  static let timeWidth = 11
  /// The columns before the text: two, the time, two.
  static let textIndent = 2 + timeWidth + 2

  /// The lines of `events` on `day`.
  func lines(_ events: [DayEvent], on day: Day) -> [String] {
    events.flatMap { lines(of: $0, on: day) }
  }

  /// Appends the lines of `events` on `day` to `output`: what `lines(of:on:)` makes of each.
  ///
  /// An event whose line fits, with no colour, is written straight into the output's bytes:
  /// the lines that make the text of a week page are not first made strings of their own.
  func append(_ events: [DayEvent], on day: Day, to output: Output) {
    for event in events {
      let parts = self.parts(of: event, on: day)
      guard parts.color == nil, style.width > EventLines.textIndent,
        EventLines.fitsOneLine(parts.text, width: style.width - EventLines.textIndent)
      else {
        for line in lines(parts) { output.line(line) }
        continue
      }
      output.append { bytes in
        bytes.append(contentsOf: "  ".utf8)
        bytes.append(contentsOf: parts.time.utf8)
        bytes.append(
          contentsOf: repeatElement(
            UInt8(ascii: " "), count: EventLines.timeWidth - DisplayWidth.of(parts.time) + 2))
        bytes.append(contentsOf: parts.text.utf8)
        bytes.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// What an event's lines are made of: its time on the day, its text (with the calendar's
  /// name when several are shown), that name, and the calendar's colour with `--color`.
  private struct Parts {
    var time: String
    var text: String
    var calendar: String?
    var color: String?
  }

  /// The parts of `event`'s lines on `day`.
  private func parts(of event: DayEvent, on day: Day) -> Parts {
    let time = EventLines.time(of: event.occurrence, on: day, userZone: source.userZone)
    let summary = TerminalText.singleLine(event.occurrence.fields.summary ?? "(no title)")
    let location = event.occurrence.fields.location.flatMap {
      $0.isEmpty ? nil : TerminalText.singleLine($0)
    }
    let calendar = source.namesCalendars ? TerminalText.singleLine(event.calendar) : nil
    // The text made in one buffer of its final size: a week page has a few hundred of these.
    var text = summary
    text.reserveCapacity(
      summary.utf8.count + (location?.utf8.count ?? 0) + (calendar?.utf8.count ?? 0) + 12)
    if let location {
      text += " · "
      text += location
    }
    if let calendar {
      text += " · "
      text += calendar
    }
    let color = style.color ? source.calendar(named: event.calendar)?.color : nil
    return Parts(time: time, text: text, calendar: calendar, color: color)
  }

  /// The lines of `event` on `day`.
  func lines(of event: DayEvent, on day: Day) -> [String] {
    lines(parts(of: event, on: day))
  }

  /// The lines of an event made of `parts`.
  private func lines(_ parts: Parts) -> [String] {
    let (time, whole, calendar, color) = (parts.time, parts.text, parts.calendar, parts.color)
    guard style.width > EventLines.textIndent else {
      // Too narrow for the columns: the time on a line of its own, the text under it.
      return [TextFit.cut(time, toFit: style.width)]
        + EventLines.wrap(whole, width: style.width, indent: min(2, style.width - 1))
    }
    var lines = EventLines.wrap(
      whole, width: style.width - EventLines.textIndent, indent: 0)
    let paintedTime = color.map { $0 + time + SGR.reset } ?? time
    let padding = String(repeating: " ", count: EventLines.timeWidth - DisplayWidth.of(time))
    for index in lines.indices {
      lines[index] =
        (index == 0
          ? "  " + paintedTime + padding + "  "
          : String(
            repeating: " ", count: EventLines.textIndent)) + lines[index]
    }
    if let calendar, let color, let last = lines.last, last.hasSuffix(calendar) {
      // The calendar's name in its colour: it ends the last line (wrapping keeps it whole
      // when it fits a line).
      lines[lines.count - 1] = String(last.dropLast(calendar.count)) + color + calendar + SGR.reset
    }
    return lines
  }

  /// `10:00–11:00`, `all day`, `…–01:00`, `22:00–…`, `10:00` (an instant): the time of
  /// `occurrence` on `day` in `userZone`.
  static func time(of occurrence: Occurrence, on day: Day, userZone: any ZoneRules) -> String {
    if occurrence.isAllDay { return "all day" }
    let start = occurrence.start.local(in: userZone)
    let end = occurrence.end.local(in: userZone)
    let startText = start.day == day ? clock(start) : "…"
    if occurrence.end == occurrence.start { return startText }
    let endText: String
    if end.day == day {
      endText = clock(end)
    } else if end.secondOfDay == 0, end.day == day.next {
      endText = "24:00"
    } else {
      endText = "…"
    }
    return startText + "–" + endText
  }

  /// `09:05`: the hour and minute of `time`.
  static func clock(_ time: LocalDateTime) -> String {
    let (hour, minute, _) = time.time
    let zero = UInt8(ascii: "0")
    // Five ASCII bytes written in place: a small string, made without joining five others.
    return String(unsafeUninitializedCapacity: 5) { bytes in
      bytes[0] = zero + UInt8(hour / 10)
      bytes[1] = zero + UInt8(hour % 10)
      bytes[2] = UInt8(ascii: ":")
      bytes[3] = zero + UInt8(minute / 10)
      bytes[4] = zero + UInt8(minute % 10)
      return 5
    }
  }

  /// `text` (one line, escaped) on lines of at most `width` columns, the first starting at
  /// once, the others after `indent` spaces: wrapped at spaces, a word wider than a line
  /// broken between its characters (never cut: event text is the user's).
  static func wrap(_ text: String, width: Int, indent: Int) -> [String] {
    let width = max(width, 1)
    let indent = min(max(indent, 0), width - 1)
    // Most event lines fit as they are: then the text is its one line, as the walk below
    // would make it, without splitting it into words (a week page has a few hundred lines).
    if fitsOneLine(text, width: width) { return [text] }
    return wrapByWords(text, width: width, indent: indent)
  }

  /// Whether `text` is its own one line at `width`: what `wrap` would make of it, unsplit.
  static func fitsOneLine(_ text: String, width: Int) -> Bool {
    !text.isEmpty && DisplayWidth.of(text) <= max(width, 1) && !hasSpacesToCollapse(text)
  }

  /// `wrap`'s general path: a walk over `text`'s words (`width` at least 1, `indent` less).
  static func wrapByWords(_ text: String, width: Int, indent: Int) -> [String] {
    let width = max(width, 1)
    let indent = min(max(indent, 0), width - 1)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var hasWords = false
    func startLine(indented: Bool = true) {
      lines.append(line)
      line = indented ? String(repeating: " ", count: indent) : ""
      lineWidth = indented ? indent : 0
      hasWords = false
    }
    for word in text.split(separator: " ") {
      var rest = Substring(word)
      var restWidth = DisplayWidth.of(rest)
      if hasWords {
        if lineWidth + 1 + restWidth <= width {
          line += " " + rest
          lineWidth += 1 + restWidth
          continue
        }
        startLine()
      }
      while lineWidth + restWidth > width {
        let (prefix, prefixWidth) = DisplayWidth.prefix(of: rest, fittingIn: width - lineWidth)
        if prefix.isEmpty {
          if hasWords {
            startLine()
          } else if lineWidth > 0 {
            // A wide character in the indent's last column: this line starts at the margin.
            line = ""
            lineWidth = 0
          } else {
            // A character wider than the whole width (two columns in one): `…` in its place.
            line += TextFit.ellipsis
            lineWidth += 1
            hasWords = true
            rest = rest.dropFirst()
            restWidth = DisplayWidth.of(rest)
            if !rest.isEmpty { startLine() }
          }
          continue
        }
        line += prefix
        lineWidth += prefixWidth
        hasWords = true
        rest = rest[prefix.endIndex...]
        restWidth -= prefixWidth
        startLine()
      }
      if !rest.isEmpty {
        line += rest
        lineWidth += restWidth
        hasWords = true
      }
    }
    if hasWords || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Whether `wrap`'s walk would drop a space of `text`: one at its start or end, or one of
  /// two in a row (words are joined by one).
  private static func hasSpacesToCollapse(_ text: String) -> Bool {
    let space = UInt8(ascii: " ")
    var previous = space
    for byte in text.utf8 {
      if byte == space && previous == space { return true }
      previous = byte
    }
    return previous == space
  }
}
