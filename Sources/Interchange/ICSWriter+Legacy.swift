internal import NoteModel

extension ICSWriter {
  /// Appends a journal as calpager wrote it before its text went into `SUMMARY`: the whole
  /// body in `DESCRIPTION` and `X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY`.
  ///
  /// Not written any more; an import compares a journal with it to recognise one calpager
  /// exported then, which keeps no stored item.
  static func appendLegacyJournal(_ fields: NoteFields, into output: inout [UInt8]) {
    appendJournalHead(fields, into: &output)
    UTF8Validation.withValid(fields.body) { body in
      appendFolded(name: "DESCRIPTION:", value: body, escape: true, into: &output)
      if !ICalendarText.isExactAsText(body) {
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
}
