import CalendarPaging
import Interchange
import NoteModel
import Testing

/// The exact bytes of each format for one small corpus, so that any change of format is seen.
@Suite struct GoldenTests {
  static let notes = [
    Note(
      id: 12, uid: "a1b2@calpager", day: TestCorpus.day("2024-05-01"), body: "Dentist at 10:00",
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"),
      updated: TestCorpus.time("2024-04-30T18:02:11.250Z")),
    Note(
      id: 13, uid: "c3;d4", day: TestCorpus.day("2024-05-01"),
      body: "Call the bank, \"soon\"\nabout the mortgage; \\ café 🙂\r\nend\t",
      created: TestCorpus.time("2024-04-30T18:05:00.000Z"),
      updated: TestCorpus.time("2024-05-02T07:00:00.999Z")),
    Note(
      id: 14, uid: "e5", day: TestCorpus.day("9999-12-31"), body: "",
      created: TestCorpus.time("0001-01-01T00:00:00.000Z"),
      updated: TestCorpus.time("9999-12-31T23:59:59.999Z")),
  ]

  static let object1 =
    #"{"uid":"a1b2@calpager","day":"2024-05-01","body":"Dentist at 10:00","#
    + #""created":"2024-04-30T18:02:11.250Z","updated":"2024-04-30T18:02:11.250Z"}"#
  static let object2 =
    #"{"uid":"c3;d4","day":"2024-05-01","body":"Call the bank, \"soon\"\nabout the mortgage; "#
    + #"\\ café 🙂\r\nend\t","created":"2024-04-30T18:05:00.000Z","#
    + #""updated":"2024-05-02T07:00:00.999Z"}"#
  static let object3 =
    #"{"uid":"e5","day":"9999-12-31","body":"","created":"0001-01-01T00:00:00.000Z","#
    + #""updated":"9999-12-31T23:59:59.999Z"}"#

  static func encoded(_ format: Format, includeID: Bool = false) -> String {
    String(decoding: NoteEncoder.encode(notes, format: format, includeID: includeID), as: UTF8.self)
  }

  @Test func jsonLines() {
    #expect(
      Self.encoded(.jsonl)
        == [Self.object1, Self.object2, Self.object3, ""].joined(separator: "\n"))
  }

  @Test func jsonLinesWithIDs() {
    let lines = Self.encoded(.jsonl, includeID: true).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0] == "{\"id\":12," + Self.object1.dropFirst())
    #expect(lines[2] == "{\"id\":14," + Self.object3.dropFirst())
  }

  @Test func jsonArray() {
    #expect(Self.encoded(.json) == "[\n\(Self.object1),\n\(Self.object2),\n\(Self.object3)\n]\n")
    #expect(String(decoding: NoteEncoder.encode([], format: .json), as: UTF8.self) == "[]\n")
  }

  @Test func csv() {
    let expected = [
      "uid,day,body,created,updated",
      "a1b2@calpager,2024-05-01,Dentist at 10:00,2024-04-30T18:02:11.250Z,2024-04-30T18:02:11.250Z",
      "c3;d4,2024-05-01,\"Call the bank, \"\"soon\"\"\nabout the mortgage; \\ café 🙂\r\nend\t\","
        + "2024-04-30T18:05:00.000Z,2024-05-02T07:00:00.999Z",
      "e5,9999-12-31,,0001-01-01T00:00:00.000Z,9999-12-31T23:59:59.999Z",
      "",
    ]
    #expect(Self.encoded(.csv) == expected.joined(separator: "\r\n"))
    #expect(
      Self.encoded(.csv, includeID: true).hasPrefix("id,uid,day,body,created,updated\r\n12,a1b2@"))
  }

  /// Regenerated for issue 13: the text goes into `SUMMARY` (first line) and `DESCRIPTION`
  /// (the rest), and `X-CALPAGER-BODY` is plain TEXT base64 (no `ENCODING`/`VALUE`).
  @Test func ics() {
    let expected = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//calpager//calpager//EN",
      "BEGIN:VJOURNAL",
      "UID:a1b2@calpager",
      "DTSTAMP:20240430T180211Z",
      "DTSTART;VALUE=DATE:20240501",
      "CREATED:20240430T180211Z",
      "LAST-MODIFIED:20240430T180211Z",
      "SUMMARY:Dentist at 10:00",
      "X-CALPAGER-CREATED:2024-04-30T18:02:11.250Z",
      "X-CALPAGER-UPDATED:2024-04-30T18:02:11.250Z",
      "END:VJOURNAL",
      "BEGIN:VJOURNAL",
      "UID:c3\\;d4",
      "DTSTAMP:20240502T070000Z",
      "DTSTART;VALUE=DATE:20240501",
      "CREATED:20240430T180500Z",
      "LAST-MODIFIED:20240502T070000Z",
      "SUMMARY:Call the bank\\, \"soon\"",
      "DESCRIPTION:about the mortgage\\; \\\\ café 🙂\\nend\t",
      // 75 octets, then the rest of the base64 on a continuation line.
      "X-CALPAGER-BODY:Q2FsbCB0aGUgYmFuaywgInNvb24iCmFib3V0IHRoZSBtb3J0Z2FnZTsgXCB",
      " jYWbDqSDwn5mCDQplbmQJ",
      "X-CALPAGER-CREATED:2024-04-30T18:05:00.000Z",
      "X-CALPAGER-UPDATED:2024-05-02T07:00:00.999Z",
      "END:VJOURNAL",
      "BEGIN:VJOURNAL",
      "UID:e5",
      "DTSTAMP:99991231T235959Z",
      "DTSTART;VALUE=DATE:99991231",
      "CREATED:00010101T000000Z",
      "LAST-MODIFIED:99991231T235959Z",
      "SUMMARY:",
      "X-CALPAGER-CREATED:0001-01-01T00:00:00.000Z",
      "X-CALPAGER-UPDATED:9999-12-31T23:59:59.999Z",
      "END:VJOURNAL",
      "END:VCALENDAR",
      "",
    ]
    #expect(Self.encoded(.ics) == expected.joined(separator: "\r\n"))
    #expect(Self.encoded(.ics, includeID: true) == Self.encoded(.ics))
  }

  @Test func markdown() {
    let expected = """
      # 2024-05-01 Wednesday

      - Dentist at 10:00
      - Call the bank, "soon"
        about the mortgage; \\ café 🙂
        end\t

      # 9999-12-31 Friday

      -

      """
    #expect(Self.encoded(.md) == expected)
    #expect(Self.encoded(.md, includeID: true).contains("- #13 Call the bank"))
  }

  @Test func markdownShowsWhatATerminalWouldActOnAsEscapes() {
    let hostile = Note(
      uid: "x", day: TestCorpus.day("2024-05-01"),
      body: "\u{1B}]0;owned\u{7}ti\ttle\u{8}\u{7F}\u{9B}2J \u{202E}evil\u{2066}\u{200F}"
        + "\u{61C} é日\u{2028}end",
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"),
      updated: TestCorpus.time("2024-04-30T18:02:11.250Z"))
    let text = String(decoding: NoteEncoder.encode([hostile], format: .md), as: UTF8.self)
    #expect(
      text == "# 2024-05-01 Wednesday\n\n- \\u{1B}]0;owned\\u{7}ti\ttle\\u{8}\\u{7F}\\u{9B}2J "
        + "\\u{202E}evil\\u{2066}\\u{200F}\\u{61C} é日\\u{2028}end\n")
  }
}
