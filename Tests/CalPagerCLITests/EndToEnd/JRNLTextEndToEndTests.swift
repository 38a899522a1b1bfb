import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// jrnl's own plain-text journal file (issue 20, item 21).
///
/// `[TIME] Title` lines, each entry's body under it, a blank line between entries, as jrnl
/// writes its journal file; the fixtures are written by hand from jrnl's documented format.
@Suite struct JRNLTextEndToEndTests {
  /// A configuration directory with no jrnl.yaml, so the user's own never decides a test.
  static func noConfig(_ calpager: Calpager) -> [String: String?] {
    ["XDG_CONFIG_HOME": calpager.directory.file("config"), "HOME": calpager.directory.path]
  }

  static func notes(_ calpager: Calpager) throws -> [(String, String, String)] {
    try calpager.store().notes(in: Day.first...Day.last).map {
      ($0.day.description, $0.body, $0.created.description)
    }
  }

  @Test func jrnlsDefaultFormatImportsWithoutFormat() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("journal.txt")
    try writeFile(
      file,
      """
      [2024-05-01 09:30:00 AM] Called in sick.
      Cleaned the house instead.

      [2024-05-02 06:15:00 PM] Went to the park. *

      [2024-05-03 12:05:00 AM] Midnight snack.

      """)
    let result = try calpager.run(["import", file], environment: Self.noConfig(calpager))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("3 added"))
    #expect(result.stdout.contains("1 starred entry"))
    let notes = try Self.notes(calpager)
    #expect(notes.map(\.0) == ["2024-05-01", "2024-05-02", "2024-05-03"])
    #expect(
      notes.map(\.1) == [
        "Called in sick.\nCleaned the house instead.", "Went to the park.", "Midnight snack.",
      ])
    #expect(
      notes.map(\.2) == [
        "2024-05-01T09:30:00.000Z", "2024-05-02T18:15:00.000Z", "2024-05-03T00:05:00.000Z",
      ])
    // The same file again finds the same notes (uids from the content, as jrnl's JSON's).
    let again = try calpager.run(["import", file], environment: Self.noConfig(calpager))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("0 added, 0 updated, 3 unchanged"), "\(again.stdout)")
    #expect(try Self.notes(calpager).count == 3)
  }

  @Test func theMinutesFormatImportsAndKeepsBlankLinesInsideABody() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("journal")
    try writeFile(
      file,
      """
      [2024-05-01 09:30] Trip notes
      Packed the bags.

      Left at noon.


      [2024-05-01 21:00] Arrived

      """)
    let result = try calpager.run(["import", file], environment: Self.noConfig(calpager))
    #expect(result.status == 0, "\(result.stderr)")
    let notes = try Self.notes(calpager)
    #expect(notes.map(\.1) == ["Trip notes\nPacked the bags.\n\nLeft at noon.", "Arrived"])
    #expect(notes.map(\.2) == ["2024-05-01T09:30:00.000Z", "2024-05-01T21:00:00.000Z"])
  }

  @Test func aTimeFormatOptionReadsAnotherFormat() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("journal.txt")
    try writeFile(
      file, "[01.05.2024 09:30] Erster Mai\nim Park\n\n[24.12.2024 18:00] Heiligabend\n")
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let without = try calpager.run(["import", file], environment: Self.noConfig(calpager))
    #expect(without.status == 1)
    #expect(
      without.stderr
        == "Error: Line 1: '01.05.2024 09:30' is not a time in the journal's format '%F %r' or "
        + "'%Y-%m-%d %H:%M' (--time-format names another)\n")
    #expect(calpager.snapshot() == before)
    let result = try calpager.run(
      ["import", file, "--time-format", "%d.%m.%Y %H:%M"], environment: Self.noConfig(calpager))
    #expect(result.status == 0, "\(result.stderr)")
    let notes = try Self.notes(calpager)
    #expect(notes.map(\.0) == ["2024-05-01", "2024-12-24"])
    #expect(notes.map(\.1) == ["Erster Mai\nim Park", "Heiligabend"])
    #expect(notes.map(\.2) == ["2024-05-01T09:30:00.000Z", "2024-12-24T18:00:00.000Z"])
  }

  @Test func aMonthNameFormatReadsFromStandardInputWithFormat() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["import", "-", "--format", "jrnl-text", "--time-format", "%b %d %Y %I:%M%p"],
      stdin: "[May 01 2024 09:30PM] Late walk\n", environment: Self.noConfig(calpager))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.notes(calpager).map(\.2) == ["2024-05-01T21:30:00.000Z"])
  }

  @Test func jrnlsConfigurationNamesTheTimeFormat() throws {
    let calpager = Calpager()
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/jrnl", withIntermediateDirectories: true)
    try writeFile(
      config + "/jrnl/jrnl.yaml",
      """
      colors:
        body: none
        date: none
      default_hour: 9
      editor: ''
      journals:
        default:
          journal: /home/user/journal.txt
      linewrap: 79
      timeformat: '%d/%m/%Y %I:%M %p'
      version: v4.1

      """)
    let file = calpager.directory.file("journal.txt")
    try writeFile(file, "[02/05/2024 07:45 PM] Dinner with Sam\n")
    let result = try calpager.run(
      ["import", file], environment: ["XDG_CONFIG_HOME": config, "HOME": calpager.directory.path])
    #expect(result.status == 0, "\(result.stderr)")
    let notes = try Self.notes(calpager)
    #expect(notes.map(\.0) == ["2024-05-02"])
    #expect(notes.map(\.2) == ["2024-05-02T19:45:00.000Z"])
  }

  @Test func aConfiguredFormatCalpagerCannotReadIsNamedWithItsLine() throws {
    let calpager = Calpager()
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/jrnl", withIntermediateDirectories: true)
    try writeFile(config + "/jrnl/jrnl.yaml", "linewrap: 79\ntimeformat: \"%j %H\"\n")
    let file = calpager.directory.file("journal.txt")
    try writeFile(file, "[2024-05-01 09:30] Entry\n")
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let result = try calpager.run(
      ["import", file], environment: ["XDG_CONFIG_HOME": config, "HOME": calpager.directory.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: The jrnl configuration file '\(config)/jrnl/jrnl.yaml', line 2, cannot be used: "
        + "'%j %H' is not a time format calpager reads: '%j' is not read: use %Y %m %d %H %M %S "
        + "%I %p %F %T %r %y %b %B or %%\n")
    #expect(calpager.snapshot() == before)
  }

  @Test func aMalformedTimeNamesItsLineAndImportsNothing() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("journal.txt")
    try writeFile(
      file,
      """
      [2024-05-01 09:30:00 AM] Fine.
      [1] A footnote stays body text.

      [2024-05-32 10:00:00 AM] No such day.

      """)
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file], environment: Self.noConfig(calpager))
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Line 4: '2024-05-32 10:00:00 AM' is not a time in the journal's format "
        + "'%F %r' (--time-format names another)\n")
    #expect(calpager.snapshot() == before)
  }

  @Test func anUnrecognisedFileNamesTheFormatsToTry() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.txt")
    try writeFile(file, "Dear diary, today I\n")
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file], environment: Self.noConfig(calpager))
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Cannot import '\(file)': it is in no format calpager knows (as jsonl, line 1: "
        + "unexpected 'D', expected a note object): give --format jsonl, json, csv, ics, jrnl or "
        + "jrnl-text\n")
    #expect(calpager.snapshot() == before)
  }

  @Test func aTimeFormatWithAnotherFormatIsAUsageError() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.csv")
    try writeFile(file, "day,body\n2024-05-01,x\n")
    let result = try calpager.run(
      ["import", file, "--format", "csv", "--time-format", "%F"],
      environment: Self.noConfig(calpager))
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: --time-format is for jrnl-text files, not csv\n"))
  }
}

/// The journal file real jrnl writes imports as the same notes as its own JSON export of it:
/// the same days, text, times and uids.
@Suite(.requires(.pythonPackages)) struct JRNLTextPeerEndToEndTests {
  @Test(arguments: ["%F %r", "%d.%m.%Y %H:%M"])
  func jrnlsJournalFileImportsAsItsJSONExportDoes(_ timeFormat: String) throws {
    let python = try #require(try PythonPeers.interpreter())
    let calpager = Calpager()
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/jrnl", withIntermediateDirectories: true)
    let journal = calpager.directory.file("journal.txt")
    try writeFile(
      config + "/jrnl/jrnl.yaml",
      """
      colors:
        body: none
        date: none
        tags: none
        title: none
      default_hour: 9
      default_minute: 0
      editor: ''
      encrypt: false
      highlight: false
      indent_character: '|'
      journals:
        default:
          journal: \(journal)
      linewrap: 79
      tagsymbols: '#@'
      template: false
      timeformat: '\(timeFormat)'
      version: v4.6

      """)
    var environment = python.environment
    environment["XDG_CONFIG_HOME"] = config
    environment["XDG_DATA_HOME"] = calpager.directory.file("data")
    environment["HOME"] = calpager.directory.path
    environment["TZ"] = "UTC"
    let entries = [
      "2024-05-01 09:30: Called in sick. Cleaned the house.",
      "2024-05-02 18:15: Went to the park *",
      "2024-05-03 07:00: Trip notes\nPacked the bags.\n\nLeft at noon.\n",
      "2024-05-03 21:40: [1] is not a time, and @tags stay in the text.",
    ]
    for entry in entries {
      let written = try runProcess(
        "/bin/sh", ["-c", "jrnl"], environment: environment, stdin: Array(entry.utf8))
      #expect(written.status == 0, "\(written.stderr)")
    }
    let export = try runProcess(
      "/bin/sh", ["-c", "jrnl --export json"], environment: environment)
    #expect(export.status == 0, "\(export.stderr)")
    let exported = calpager.directory.file("export.json")
    try writeFile(exported, export.stdout)

    let fromFile = try calpager.run(
      ["import", journal],
      environment: ["XDG_CONFIG_HOME": config, "HOME": calpager.directory.path])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(fromFile.stdout.contains("4 added"), "\(fromFile.stdout)")
    let other = calpager.directory.file("other.db")
    let fromJSON = try calpager.run(["import", exported], database: other)
    #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
    func notes(_ path: String) throws -> [String] {
      try NoteStore(location: StoreLocation(path: path, createsParentDirectories: false))
        .notes(in: Day.first...Day.last)
        .map { "\($0.uid) \($0.day) \($0.created) \($0.body.debugDescription)" }
    }
    let imported = try notes(calpager.database)
    #expect(imported.count == 4)
    #expect(imported == (try notes(other)))
  }
}
