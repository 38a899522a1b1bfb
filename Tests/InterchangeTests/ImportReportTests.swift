import CalendarPaging
import Interchange
import Testing

/// What `NoteDecoder.report` tells the summary, in text and JSON.
@Suite struct ImportReportTests {
  @Test func aReportReadsAsJSONMembers() throws {
    let text = ICSDecoderTests.calendar([
      "BEGIN:VEVENT", "END:VEVENT", "BEGIN:VEVENT", "END:VEVENT", "BEGIN:VTODO", "END:VTODO",
      "BEGIN:VJOURNAL", "UID:a\"b", "DTSTART:20240501", "END:VJOURNAL", "BEGIN:VJOURNAL",
      "DTSTART:20240501", "SUMMARY:kept", "END:VJOURNAL",
    ])
    var decoder = try NoteDecoder(format: .ics, source: ByteArraySource(text))
    while try decoder.next() != nil {}
    var json: [UInt8] = [UInt8(ascii: "{")]
    decoder.report.appendJSONMembers(into: &json)
    json.append(UInt8(ascii: "}"))
    #expect(
      String(decoding: json, as: UTF8.self)
        == #"{"skippedRecords":[{"line":8,"uid":"a\"b","reason":"a journal with no text "#
        + #"(no SUMMARY or DESCRIPTION with text)"}],"skippedRecordCount":1,"events":2,"#
        + #""todos":1,"otherComponents":0,"unknownColumns":[],"starred":0,"derivedUIDs":1}"#)
    #expect(
      decoder.report.notices == [
        "skipped line 8 (uid 'a\"b'): a journal with no text (no SUMMARY or DESCRIPTION with text)",
        "2 events (VEVENT) and 1 to-do (VTODO) not imported: calpager keeps journals (VJOURNAL) "
          + "only; keep events and to-dos in a calendar or task program (khal, todoman)",
      ])
  }

  /// After a syntax error the report still says what was read before it.
  @Test func theReportOutlivesAnError() throws {
    let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nnonsense\r\n"
    var decoder = try NoteDecoder(format: .ics, source: ByteArraySource(text))
    #expect(throws: InterchangeError.self) { try decoder.next() }
    #expect(decoder.report.components.events == 1)
    #expect(decoder.skippedComponents == 1)
    #expect(try decoder.next() == nil)
  }

  @Test func moreThanAThousandSkippedRecordsAreCounted() throws {
    let journal = ["BEGIN:VJOURNAL", "DTSTART:20240501", "END:VJOURNAL"]
    let text = ICSDecoderTests.calendar(Array(repeating: journal, count: 1005).flatMap { $0 })
    var decoder = try NoteDecoder(format: .ics, source: ByteArraySource(text))
    while try decoder.next() != nil {}
    #expect(decoder.report.skippedRecords.count == 1000)
    #expect(decoder.report.skippedRecordCount == 1005)
    #expect(decoder.report.notices.last == "skipped 5 more")
  }
}
