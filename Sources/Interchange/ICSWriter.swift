internal import NoteModel

/// RFC 5545 output: a `VCALENDAR` of one `VJOURNAL` per note, CRLF line ends, content lines
/// folded at 75 octets without splitting a UTF-8 sequence or an escape.
///
/// A note calpager made carries `UID`, `DTSTAMP` (the note's `updated`, so exports are
/// deterministic), `DTSTART;VALUE=DATE`, `CREATED`, `LAST-MODIFIED`, then its text as phone
/// apps show it: the first line in `SUMMARY`, the rest (when the body has a line break) in
/// `DESCRIPTION`. iCalendar times have no milliseconds and TEXT cannot hold a carriage return
/// or other control characters, so two extensions keep the export lossless:
/// `X-CALPAGER-CREATED` and `X-CALPAGER-UPDATED` hold the exact times
/// (`2024-04-30T18:02:11.250Z`), and, only when the body holds a CR or a control character
/// other than tab and LF, `X-CALPAGER-BODY` holds its exact UTF-8 bytes as base64 in a plain
/// TEXT value (no `ENCODING` or `VALUE` parameter: Radicale refuses the BINARY form). In the
/// text, CRLF and lone CR are written as `\n` and every other control character as U+FFFD. A
/// reader that knows the extensions uses them only while they agree with the standard
/// properties (see `ICalJournal`).
///
/// A note that keeps the item it came with (`NoteFields.ical`) is written from that item
/// instead (`ICalItemRewriter`): its journals (the recurring one and its overrides) with every
/// line they had, and the `VTIMEZONE`s their `TZID`s name, each once per export.
enum ICSWriter {
  /// The first lines of every export and of every item calpager writes.
  static let header: StaticString =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calpager//calpager//EN\r\n"
  /// The last line of every export and item.
  static let footer: StaticString = "END:VCALENDAR\r\n"

  static func appendHeader(into output: inout [UInt8]) {
    output.append(ascii: header)
  }

  static func appendFooter(into output: inout [UInt8]) {
    output.append(ascii: footer)
  }

  /// Appends `BEGIN:VJOURNAL` and the journal's `UID`, `DTSTAMP`, `DTSTART`, `CREATED` and
  /// `LAST-MODIFIED`: what every form of a calpager journal starts with.
  static func appendJournalHead(_ fields: NoteFields, into output: inout [UInt8]) {
    output.append(ascii: "BEGIN:VJOURNAL\r\n")
    UTF8Validation.withValid(fields.uid) { uid in
      appendFolded(name: "UID:", value: uid, escape: true, into: &output)
    }
    output.append(ascii: "DTSTAMP:")
    fields.updated.appendBasic(to: &output)
    output.append(ascii: "\r\nDTSTART;VALUE=DATE:")
    output.append(count: 8) { Timestamp.writeBasicDate(fields.day, to: $0) }
    output.append(ascii: "\r\nCREATED:")
    fields.created.appendBasic(to: &output)
    output.append(ascii: "\r\nLAST-MODIFIED:")
    fields.updated.appendBasic(to: &output)
    output.append(ascii: "\r\n")
  }

  static func appendJournal(_ fields: NoteFields, into output: inout [UInt8]) {
    appendJournalHead(fields, into: &output)
    UTF8Validation.withValid(fields.body) { body in
      if ICalendarText.isExactAsText(body) {
        appendText(body, into: &output)
      } else {
        ICalendarText.renderedAsText(body).withUnsafeBufferPointer {
          appendText($0, into: &output)
        }
        var encoded: [UInt8] = []
        Base64.encode(body, into: &encoded)
        encoded.withUnsafeBufferPointer { encoded in
          appendFolded(name: "X-CALPAGER-BODY:", value: encoded, escape: false, into: &output)
        }
      }
    }
    output.append(ascii: "X-CALPAGER-CREATED:")
    fields.created.appendISO(to: &output)
    output.append(ascii: "\r\nX-CALPAGER-UPDATED:")
    fields.updated.appendISO(to: &output)
    output.append(ascii: "\r\nEND:VJOURNAL\r\n")
  }

  /// Appends text TEXT holds exactly: its first line as `SUMMARY`, the rest, when there is a
  /// line break, as `DESCRIPTION`.
  private static func appendText(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    guard let lineBreak = text.firstIndex(of: 0x0A) else {
      appendFolded(name: "SUMMARY:", value: text, escape: true, into: &output)
      return
    }
    appendFolded(
      name: "SUMMARY:", value: UnsafeBufferPointer(rebasing: text[..<lineBreak]), escape: true,
      into: &output)
    appendFolded(
      name: "DESCRIPTION:", value: UnsafeBufferPointer(rebasing: text[(lineBreak + 1)...]),
      escape: true, into: &output)
  }

  /// Appends `name` and `value` as one folded content line (see `ICalendarText.appendLine`).
  static func appendFolded(
    name: StaticString, value: UnsafeBufferPointer<UInt8>, escape: Bool,
    into output: inout [UInt8]
  ) {
    name.withUTF8Buffer { head in
      ICalendarText.appendLine(head: head, value: value, escape: escape, into: &output)
    }
  }
}
