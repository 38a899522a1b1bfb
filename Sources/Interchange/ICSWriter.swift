/// RFC 5545 output: a `VCALENDAR` of one `VJOURNAL` per note, CRLF line ends, content lines
/// folded at 75 octets without splitting a UTF-8 sequence or an escape.
///
/// Each journal carries `UID`, `DTSTAMP` (the note's `updated`, so exports are deterministic),
/// `DTSTART;VALUE=DATE`, `CREATED`, `LAST-MODIFIED` and `DESCRIPTION`. iCalendar times have
/// no milliseconds and TEXT cannot hold a carriage return or other control characters, so two
/// extensions keep the export lossless: `X-CALPAGER-CREATED` and `X-CALPAGER-UPDATED` hold the
/// exact times (`2024-04-30T18:02:11.250Z`), and, only when the body holds a CR or a control
/// character other than tab and LF, `X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY` holds its
/// exact UTF-8 bytes. In `DESCRIPTION` such a body has CRLF and lone CR as `\n` and every
/// other control character as U+FFFD. A reader that knows the extensions uses them only while
/// they agree with the standard properties (see `ICSJournal`).
enum ICSWriter {
  /// The longest content line, in octets, not counting CRLF (RFC 5545 section 3.1).
  static let maximumLineOctets = 75

  static func appendHeader(into output: inout [UInt8]) {
    output.append(ascii: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calpager//calpager//EN\r\n")
  }

  static func appendFooter(into output: inout [UInt8]) {
    output.append(ascii: "END:VCALENDAR\r\n")
  }

  static func appendJournal(_ fields: NoteFields, into output: inout [UInt8]) {
    output.append(ascii: "BEGIN:VJOURNAL\r\n")
    UTF8Validation.withValid(fields.uid) { uid in
      appendTextLine(name: "UID:", text: uid, into: &output)
    }
    output.append(ascii: "DTSTAMP:")
    fields.updated.appendBasic(to: &output)
    output.append(ascii: "\r\nDTSTART;VALUE=DATE:")
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { date in
      Timestamp.writeBasicDate(fields.day, to: date.baseAddress!)
      output.append(contentsOf: date)
    }
    output.append(ascii: "\r\nCREATED:")
    fields.created.appendBasic(to: &output)
    output.append(ascii: "\r\nLAST-MODIFIED:")
    fields.updated.appendBasic(to: &output)
    output.append(ascii: "\r\n")
    UTF8Validation.withValid(fields.body) { body in
      appendTextLine(name: "DESCRIPTION:", text: body, into: &output)
      if !isExactAsText(body) {
        var encoded: [UInt8] = []
        Base64.encode(body, into: &encoded)
        encoded.withUnsafeBufferPointer { encoded in
          appendFolded(
            name: "X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY:", value: encoded, escape: false,
            into: &output)
        }
      }
    }
    output.append(ascii: "X-CALPAGER-CREATED:")
    fields.created.appendISO(to: &output)
    output.append(ascii: "\r\nX-CALPAGER-UPDATED:")
    fields.updated.appendISO(to: &output)
    output.append(ascii: "\r\nEND:VJOURNAL\r\n")
  }

  /// Whether TEXT escaping keeps `text` exactly: no CR and no control character but tab and LF.
  static func isExactAsText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !text.contains { $0 == 0x7F || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) }
  }

  static func appendTextLine(
    name: StaticString, text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    appendFolded(name: name, value: text, escape: true, into: &output)
  }

  /// Appends `name` (ASCII, shorter than a line) and `value`, TEXT-escaped when `escape` is
  /// true, folding before any atom (a UTF-8 sequence or an escape) that would pass 75 octets.
  static func appendFolded(
    name: StaticString, value: UnsafeBufferPointer<UInt8>, escape: Bool,
    into output: inout [UInt8]
  ) {
    output.append(ascii: name)
    var length = name.utf8CodeUnitCount
    func emit(_ atom: StaticString) {
      if length + atom.utf8CodeUnitCount > maximumLineOctets {
        output.append(ascii: "\r\n ")
        length = 1
      }
      output.append(ascii: atom)
      length += atom.utf8CodeUnitCount
    }
    guard let base = value.baseAddress else {
      output.append(ascii: "\r\n")
      return
    }
    var index = 0
    while index < value.count {
      let byte = base[index]
      if escape && (byte < 0x20 || byte == 0x7F || byte == 0x5C || byte == 0x3B || byte == 0x2C)
        && byte != 0x09
      {
        switch byte {
        case 0x5C: emit("\\\\")
        case 0x3B: emit("\\;")
        case 0x2C: emit("\\,")
        case 0x0A: emit("\\n")
        case 0x0D:
          emit("\\n")
          if index + 1 < value.count && base[index + 1] == 0x0A { index += 1 }
        default: emit("\u{FFFD}")
        }
        index += 1
        continue
      }
      if byte < 0x80 {
        // A run of plain ASCII, cut to the room left on the line.
        var end = index + 1
        let limit = min(value.count, index + max(1, maximumLineOctets - length))
        while end < limit, isPlain(base[end], escape: escape) { end += 1 }
        if length + (end - index) > maximumLineOctets {
          output.append(ascii: "\r\n ")
          length = 1
          continue
        }
        output.append(base, from: index, to: end)
        length += end - index
        index = end
        continue
      }
      let scalarLength = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      if length + scalarLength > maximumLineOctets {
        output.append(ascii: "\r\n ")
        length = 1
      }
      output.append(base, from: index, to: min(value.count, index + scalarLength))
      length += scalarLength
      index += scalarLength
    }
    output.append(ascii: "\r\n")
  }

  @inline(__always)
  private static func isPlain(_ byte: UInt8, escape: Bool) -> Bool {
    guard byte < 0x80 else { return false }
    guard escape else { return true }
    return (byte >= 0x20 || byte == 0x09) && byte != 0x7F && byte != 0x5C && byte != 0x3B
      && byte != 0x2C
  }
}
