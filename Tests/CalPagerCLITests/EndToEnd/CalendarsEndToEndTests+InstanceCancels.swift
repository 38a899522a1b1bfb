import Foundation
import TestSupport
import Testing

/// A `METHOD:CANCEL` file of its own naming instances of a series another file of the
/// calendar holds, as Outlook, Exchange and many CalDAV servers deliver "this occurrence was
/// cancelled" (an iTIP CANCEL, RFC 5546 §3.2.5): the instances it names go, on every page.
extension CalendarsEndToEndTests {
  /// A weekly series at 10:00 in Berlin (08:00 UTC in May) from Wednesday 1 May 2024.
  static let berlinWeekly = ics(
    "UID:weekly\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20240501T100000\r\n"
      + "DTEND;TZID=Europe/Berlin:20240501T110000\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Weekly\r\n")

  /// A `METHOD:CANCEL` calendar naming the instance `recurrenceID` of `weekly` (a
  /// `RECURRENCE-ID` with its parameters and value).
  static func cancel(_ recurrenceID: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\n"
      + "UID:weekly\r\nDTSTAMP:20240510T000000Z\r\nRECURRENCE-ID\(recurrenceID)\r\n"
      + "SEQUENCE:1\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
  }

  /// A calendar `work` of `berlinWeekly` in `a.ics` and `cancel` in `b.ics`, and the
  /// environment that names it.
  func weeklyAndCancel(_ cancel: String) throws -> (String, [String: String?]) {
    let work = try vdir("work", ["a.ics": Self.berlinWeekly, "b.ics": cancel])
    return (work, try config("calendar.work = \(work)\n"))
  }

  /// A command's JSON output, parsed.
  func json(_ arguments: [String], _ environment: [String: String?]) throws -> [String: Any] {
    let result = try calpager.run(arguments + ["--json"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The starts of the events `list RANGE --json` lists.
  func listedStarts(_ range: String, _ environment: [String: String?]) throws -> [String] {
    let events = try #require(try json(["list", range], environment)["events"] as? [[String: Any]])
    return events.map { $0["start"] as? String ?? "" }
  }

  /// The days the month grid of `day` (`goto DAY --by month`) marks as having events (`◦`).
  func markedDays(_ day: String, _ environment: [String: String?]) throws -> [Int] {
    let result = try calpager.run(["goto", day, "--by", "month"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").prefix { !$0.isEmpty }.flatMap { line in
      line.split(separator: " ").compactMap { cell in
        cell.hasSuffix("◦") ? Int(cell.dropLast().drop { !$0.isNumber }) : nil
      }
    }
  }

  @Test func anInstanceCancelledByAUTCRecurrenceIDInAnotherFileShowsOnNoPage() throws {
    let (work, environment) = try weeklyAndCancel(Self.cancel(":20240515T080000Z"))
    #expect(
      try listedStarts("2024-05", environment) == [
        "2024-05-01T08:00:00+00:00", "2024-05-08T08:00:00+00:00", "2024-05-22T08:00:00+00:00",
        "2024-05-29T08:00:00+00:00",
      ])
    // The day page, in text and JSON, and `list` of that day agree: nothing on the 15th.
    let page = try calpager.run(["goto", "2024-05-15"], environment: environment)
    #expect(page.status == 0 && !page.stdout.contains("Weekly"), "\(page.stdout)")
    #expect((try json(["show"], environment)["events"] as? [Any])?.count == 0)
    #expect(try listedStarts("2024-05-15", environment) == [])
    let week = try calpager.run(["show", "--by", "week"], environment: environment)
    #expect(week.status == 0 && !week.stdout.contains("Weekly"), "\(week.stdout)")
    let found = try json(
      ["search", "Weekly", "--from", "2024-05-15", "--to", "2024-05-15"], environment)
    #expect(found["eventTotal"] as? Int == 0)
    // Other weeks show it, on their page and in `list`.
    let other = try json(["goto", "2024-05-22"], environment)
    let events = try #require(other["events"] as? [[String: Any]])
    #expect(events.map { $0["start"] as? String } == ["2024-05-22T08:00:00+00:00"])
    #expect(try listedStarts("2024-05-22", environment) == ["2024-05-22T08:00:00+00:00"])
    // The month grid marks the other Wednesdays, and its JSON counts none on the 15th.
    #expect(try markedDays("2024-05-15", environment) == [1, 8, 22, 29])
    let month = try #require(
      try json(["show", "--by", "month"], environment)["days"] as? [[String: Any]])
    #expect(month.first { $0["day"] as? String == "2024-05-15" }?["events"] as? Int == 0)
    #expect(month.first { $0["day"] as? String == "2024-05-22" }?["events"] as? Int == 1)

    // Removing the cancelling file brings the instance back.
    #expect(unlink(work + "/b.ics") == 0)
    #expect(try listedStarts("2024-05-15", environment) == ["2024-05-15T08:00:00+00:00"])
    #expect(try markedDays("2024-05-15", environment) == [1, 8, 15, 22, 29])
  }

  @Test func aDateOrThisAndFutureInstanceCancelInAnotherFileFollowsItsFile() throws {
    let (work, environment) = try weeklyAndCancel(Self.cancel(";VALUE=DATE:20240522"))
    // A DATE names the instance of that day.
    #expect(
      try listedStarts("2024-05", environment) == [
        "2024-05-01T08:00:00+00:00", "2024-05-08T08:00:00+00:00", "2024-05-15T08:00:00+00:00",
        "2024-05-29T08:00:00+00:00",
      ])
    // Changed to THISANDFUTURE from the 15th, in the series' own zone: the 15th and every
    // later one go, the earlier stay; the 22nd is no longer named alone.
    try replace(
      work + "/b.ics", with: Self.cancel(";RANGE=THISANDFUTURE;TZID=Europe/Berlin:20240515T100000"))
    #expect(
      try listedStarts("2024-05", environment) == [
        "2024-05-01T08:00:00+00:00", "2024-05-08T08:00:00+00:00",
      ])
    #expect(try listedStarts("2025-06", environment) == [])
    #expect(try markedDays("2024-06-05", environment) == [])
    #expect(try markedDays("2024-05-01", environment) == [1, 8])
    #expect(unlink(work + "/b.ics") == 0)
    #expect(try listedStarts("2024-06-05", environment) == ["2024-06-05T08:00:00+00:00"])
  }
}
