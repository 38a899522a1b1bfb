internal import NoteModel

/// RFC 5545 output, the one way calpager writes iCalendar: an export (`NoteEncoder`'s `ics`:
/// one `VCALENDAR` of many notes) and a vdir item (`ICalItem.render`: one `VCALENDAR` per
/// note) both come from here.
///
/// A note is written in one of two forms:
/// - **calpager's own journal**, for a note calpager made (no stored item): `UID`, `DTSTAMP`
///   (the note's `updated`, so exports are deterministic), `DTSTART;VALUE=DATE`, `CREATED`,
///   `LAST-MODIFIED`, then its text as phone apps show it (`appendText`: the first line in
///   `SUMMARY`, the rest, when the body has a line break, in `DESCRIPTION`), CRLF line ends,
///   lines folded at 75 octets without splitting a UTF-8 sequence or an escape. iCalendar times
///   have no milliseconds and TEXT cannot hold a carriage return or other control characters,
///   so two extensions keep the export lossless: `X-CALPAGER-CREATED` and
///   `X-CALPAGER-UPDATED` hold the exact times (`2024-04-30T18:02:11.250Z`), and, only when
///   the body holds a CR or a control character other than tab and LF, or starts with a blank
///   line (the `SUMMARY` is then its first line with text), `X-CALPAGER-BODY` holds
///   its exact UTF-8 bytes as base64 in a plain TEXT value (no `ENCODING` or `VALUE`
///   parameter: Radicale refuses the BINARY form). In the text, CRLF and lone CR are written as
///   `\n` and every other control character as U+FFFD. A reader that knows the extensions uses
///   them only while they agree with the standard properties (see `ICalJournal`).
/// - **its stored item**, for a note that keeps the item it came with (`NoteFields.ical`): the
///   item with the note written into it (`storedItem(_:ical:zone:)`, which changes only what
///   calpager changed). A vdir item is that whole calendar, byte for byte; an export takes its
///   journals (the recurring one and its overrides) and the `VTIMEZONE`s they name, each once
///   per export, every line ended by CRLF.
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

  /// Appends a note to an export, between `appendHeader` and `appendFooter`: calpager's own
  /// journal, or the journals of its stored item and the time zones they name that
  /// `writtenTimeZones` does not hold yet (then recorded there).
  static func appendExported(
    _ fields: NoteFields, zone: LocalZone, writtenTimeZones: inout Set<String>,
    into output: inout [UInt8]
  ) {
    guard let ical = fields.ical, let item = storedItem(fields, ical: ical, zone: zone) else {
      appendJournal(fields, into: &output)
      return
    }
    appendJournals(of: item, fields, writtenTimeZones: &writtenTimeZones, into: &output)
  }

  /// The vdir item file of a note: its stored item with the note written into it, else (no
  /// stored item, or one that holds no journal the note fits) a calendar of calpager's own
  /// journal.
  static func item(_ fields: NoteFields, zone: LocalZone) -> [UInt8] {
    if let ical = fields.ical, let item = storedItem(fields, ical: ical, zone: zone) {
      return item.bytes
    }
    var output: [UInt8] = []
    appendHeader(into: &output)
    appendJournal(fields, into: &output)
    appendFooter(into: &output)
    return output
  }

  /// Appends calpager's own journal for a note.
  static func appendJournal(_ fields: NoteFields, into output: inout [UInt8]) {
    appendJournalHead(fields, into: &output)
    appendText(fields.body, into: &output)
    appendJournalTail(fields, into: &output)
  }

  /// Appends `BEGIN:VJOURNAL` and the journal's `UID`, `DTSTAMP`, `DTSTART`, `CREATED` and
  /// `LAST-MODIFIED`: what comes before the text.
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

  /// Appends `X-CALPAGER-CREATED`, `X-CALPAGER-UPDATED` and `END:VJOURNAL`: what comes after
  /// the text.
  static func appendJournalTail(_ fields: NoteFields, into output: inout [UInt8]) {
    output.append(ascii: "X-CALPAGER-CREATED:")
    fields.created.appendISO(to: &output)
    output.append(ascii: "\r\nX-CALPAGER-UPDATED:")
    fields.updated.appendISO(to: &output)
    output.append(ascii: "\r\nEND:VJOURNAL\r\n")
  }

  /// Appends a body's text lines: `SUMMARY` and `DESCRIPTION` as `splitText` divides the text
  /// TEXT holds, then `X-CALPAGER-BODY` when `needsExactBody`.
  private static func appendText(_ body: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    UTF8Validation.withValid(body) { body in
      guard needsExactBody(body) else {
        appendText(visible: body, into: &output)
        return
      }
      ICalendarText.visibleForm(body).withUnsafeBufferPointer {
        appendText(visible: $0, into: &output)
      }
      var encoded: [UInt8] = []
      Base64.encode(body, into: &encoded)
      encoded.withUnsafeBufferPointer { encoded in
        appendFolded(name: "X-CALPAGER-BODY:", value: encoded, escape: false, into: &output)
      }
    }
  }

  private static func appendText(visible: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    let (summary, description) = splitText(visible)
    appendFolded(name: "SUMMARY:", value: summary, escape: true, into: &output)
    if let description {
      appendFolded(name: "DESCRIPTION:", value: description, escape: true, into: &output)
    }
  }

  /// How a journal's text holds a body, for calpager's own journals and for a stored item's
  /// rewritten text alike: the summary is the text's first line, the description (present
  /// when there is a line break) the rest.
  static func splitText(_ text: UnsafeBufferPointer<UInt8>) -> (
    summary: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>?
  ) {
    guard let lineBreak = text.firstIndex(of: 0x0A) else { return (text, nil) }
    return (
      UnsafeBufferPointer(rebasing: text[..<lineBreak]),
      UnsafeBufferPointer(rebasing: text[(lineBreak + 1)...])
    )
  }

  /// Whether a journal needs `X-CALPAGER-BODY` to give `body` back exactly: when TEXT cannot
  /// hold it (a CR, a control character other than tab and LF), or, for a journal with a
  /// `SUMMARY` (`inSummary`), when it starts with a blank line: the summary is then its first
  /// line with text (`ICalendarText.visibleForm`), and what came before it travels here.
  static func needsExactBody(_ body: UnsafeBufferPointer<UInt8>, inSummary: Bool = true) -> Bool {
    !ICalendarText.isExactAsText(body) || (inSummary && ICalendarText.startsWithBlankLine(body))
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
