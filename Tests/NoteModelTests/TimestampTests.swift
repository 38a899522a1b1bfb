import CalendarPaging
import NoteModel
import Testing

@Suite struct TimestampTests {
  @Test func canonicalFormRoundTrips() throws {
    for text in [
      "0001-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z",
      "2024-02-29T12:34:56.789Z", "9999-12-31T23:59:59.999Z",
    ] {
      let timestamp = try #require(Timestamp(text))
      #expect(timestamp.description == text)
    }
    #expect(Timestamp("1970-01-01T00:00:00.001Z")?.millisecondsSinceEpoch == 1)
    #expect(Timestamp("1969-12-31T23:59:59.999Z")?.millisecondsSinceEpoch == -1)
    #expect(Timestamp.earliest.description == "0001-01-01T00:00:00.000Z")
    #expect(Timestamp.latest.description == "9999-12-31T23:59:59.999Z")
  }

  @Test func rangeIsThatOfDays() {
    #expect(Timestamp(millisecondsSinceEpoch: Timestamp.earliest.millisecondsSinceEpoch - 1) == nil)
    #expect(Timestamp(millisecondsSinceEpoch: Timestamp.latest.millisecondsSinceEpoch + 1) == nil)
    #expect(Timestamp(millisecondsSinceEpoch: 0)?.day == Day("1970-01-01")!)
    #expect(Timestamp(millisecondsSinceEpoch: -1)?.day == Day("1969-12-31")!)
  }

  static let liberal: [(String, String)] = [
    ("2024-04-30T18:02:11Z", "2024-04-30T18:02:11.000Z"),
    ("2024-04-30t18:02:11.25z", "2024-04-30T18:02:11.250Z"),
    ("2024-04-30 18:02:11.2509999Z", "2024-04-30T18:02:11.250Z"),
    ("2024-04-30T18:02:11,5Z", "2024-04-30T18:02:11.500Z"),
    ("2024-04-30T20:02:11.250+02:00", "2024-04-30T18:02:11.250Z"),
    ("2024-04-30T12:32:11.250-0530", "2024-04-30T18:02:11.250Z"),
    ("2024-01-01T01:00:00+02:00", "2023-12-31T23:00:00.000Z"),
  ]

  @Test(arguments: liberal)
  func importAcceptsOtherRFC3339Forms(text: String, canonical: String) {
    #expect(Timestamp(text)?.description == canonical)
  }

  @Test(arguments: [
    "", "2024-04-30", "2024-04-30T18:02:11", "2024-04-30T18:02:11.Z", "2024-04-30T24:00:00Z",
    "2024-04-30T18:60:00Z", "2024-04-30T18:02:60Z", "2024-02-30T00:00:00Z", "2024-04-30T18:02Z",
    "2024-04-30T18:02:11+2:00", "2024-04-30T18:02:11+24:00", "2024-04-30T18:02:11Z ",
    "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01", " 2024-04-30T18:02:11Z",
  ])
  func malformedTimesAreRefused(text: String) {
    #expect(Timestamp(text) == nil)
  }

  @Test func partsAndTruncation() throws {
    let timestamp = try #require(Timestamp("1969-12-31T23:59:59.999Z"))
    #expect(timestamp.timeOfDay == (23, 59, 59, 999))
    #expect(timestamp.truncatedToSecond.description == "1969-12-31T23:59:59.000Z")
    #expect(
      Timestamp(day: Day("2024-05-01")!, hour: 24, minute: 0, second: 0) == nil)
  }
}
