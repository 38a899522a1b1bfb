import Foundation
import TestSupport
import Testing

/// Real-world-shaped calendars through the built binary.
///
/// Calendars shaped as Google, Outlook/Exchange, Apple, Nextcloud and Thunderbird write them (Tests/Corpus/Calendars), named in a real config file, read through
/// the events index in a real cache folder, shown in Europe/Berlin. Every expected
/// occurrence is written by hand from the files.
@Suite struct CalendarCorpusEndToEndTests {
  /// The corpus folder.
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus/Calendars").path

  /// A binary with the five calendars in its config file, and `extra` config lines.
  static func calpager(extra: String = "") throws -> (Calpager, [String: String?]) {
    let calpager = Calpager()
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/calpager", withIntermediateDirectories: true)
    try writeFile(
      config + "/calpager/config",
      """
      calendar.google = \(corpus)/google.ics
      calendar.outlook = \(corpus)/outlook.ics
      calendar.apple = \(corpus)/apple.ics
      calendar.nextcloud = \(corpus)/nextcloud
      calendar.thunderbird = \(corpus)/thunderbird.ics

      """ + extra)
    let environment: [String: String?] = [
      "XDG_CONFIG_HOME": config, "XDG_CACHE_HOME": calpager.directory.file("cache"),
      "TZ": "Europe/Berlin",
    ]
    return (calpager, environment)
  }

  @Test func everyProgramsEventsLandOnTheRightDaysAndTimes() throws {
    let (calpager, environment) = try Self.calpager()
    // Twice: the second run reads the index the first one made.
    for _ in 0..<2 {
      let result = try calpager.run(
        ["list", "2024-05-06..2024-05-19", "--json"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let events = try #require(object["events"] as? [[String: Any]])
      let seen = events.map { event in
        [
          event["calendar"] as? String ?? "", event["start"] as? String ?? "",
          event["end"] as? String ?? "", event["recurrenceId"] as? String ?? "-",
          event["summary"] as? String ?? "",
        ]
      }
      #expect(
        seen == [
          // Google: UTC times, the EXDATE of 13 May taking the second of COUNT=3 (the third
          // is on 20 May, outside the range); a floating time under X-WR-TIMEZONE.
          [
            "google", "2024-05-06T10:00:00+02:00", "2024-05-06T11:00:00+02:00",
            "2024-05-06T10:00:00+02:00", "Planning",
          ],
          [
            "google", "2024-05-07T09:00:00+02:00", "2024-05-07T09:30:00+02:00", "-",
            "Coffee with Ana",
          ],
          // Outlook: a Windows zone name, and an override moving the second instance.
          [
            "outlook", "2024-05-08T14:00:00+02:00", "2024-05-08T15:00:00+02:00",
            "2024-05-08T14:00:00+02:00", "Team sync",
          ],
          // Apple: two all-day days, the end exclusive; New York's 09:00 is Berlin's 15:00.
          ["apple", "2024-05-09", "2024-05-11", "-", "Conference"],
          [
            "apple", "2024-05-09T15:00:00+02:00", "2024-05-09T16:00:00+02:00", "-", "Keynote",
          ],
          // Nextcloud (a vdir): a yearly birthday since 1990; the cancelled lunch is not shown.
          ["nextcloud", "2024-05-10", "2024-05-11", "2024-05-10", "Ana's birthday"],
          // Thunderbird: London's 22:00–01:00 is Berlin's 23:00–02:00, over two days.
          [
            "thunderbird", "2024-05-12T23:00:00+02:00", "2024-05-13T02:00:00+02:00", "-",
            "Late gig",
          ],
          [
            "outlook", "2024-05-15T16:00:00+02:00", "2024-05-15T17:00:00+02:00",
            "2024-05-15T14:00:00+02:00", "Team sync (moved)",
          ],
        ])
    }
  }

  @Test func theDayPagesShowThemInTheUsersZone() throws {
    let (calpager, environment) = try Self.calpager()
    let page = try calpager.run(
      ["goto", "2024-05-13", "--width", "80"], environment: environment)
    #expect(page.status == 0, "\(page.stderr)")
    #expect(
      page.stdout.hasSuffix(
        """

        Monday 13 May 2024 · 1 event · no notes
          …–02:00      Late gig · thunderbird

        """), "\(page.stdout)")
    let thursday = try calpager.run(
      ["goto", "2024-05-09", "--width", "80"], environment: environment)
    #expect(
      thursday.stdout.hasSuffix(
        """

        Thursday 9 May 2024 · 2 events · no notes
          all day      Conference · apple
          15:00–16:00  Keynote · Hall A · apple

        """), "\(thursday.stdout)")
    let search = try calpager.run(["search", "einstein", "--json"], environment: environment)
    #expect(search.stdout.contains(#""uid":"floating-7@google.com""#), "\(search.stdout)")
  }

  @Test func aHiddenCalendarIsNotShownAndAColourPaintsIt() throws {
    let (calpager, environment) = try Self.calpager(
      extra: "calendar.apple.hidden = true\ncalendar.thunderbird.color = cyan\n")
    let hidden = try calpager.run(
      ["goto", "2024-05-09", "--width", "80"], environment: environment)
    #expect(hidden.stdout.hasSuffix("\nThursday 9 May 2024 · no notes\n"), "\(hidden.stdout)")
    let painted = try calpager.run(
      ["goto", "2024-05-13", "--width", "80", "--color", "always"], environment: environment)
    #expect(
      painted.stdout.contains(
        "  \u{1B}[36m…–02:00\u{1B}[0m      Late gig · \u{1B}[36mthunderbird\u{1B}[0m\n"),
      "\(painted.stdout)")
  }

  @Test func aBadColourIsNamedOnceAndTheNotesStillShow() throws {
    let (calpager, environment) = try Self.calpager(extra: "calendar.apple.color = mauve\n")
    try calpager.run(["add", "--day", "2024-05-09", "Pack"], environment: environment)
    let page = try calpager.run(
      ["goto", "2024-05-09", "--width", "80"], environment: environment)
    #expect(page.status == 0)
    #expect(page.stdout.hasSuffix("\nThursday 9 May 2024 · 1 note\n  #1  Pack\n"))
    let lines = page.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(page.stderr)")
    #expect(page.stderr.contains("'mauve' is not a colour"), "\(page.stderr)")
    #expect(page.stderr.contains("line 6"), "\(page.stderr)")
  }
}
