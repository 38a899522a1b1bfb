import Foundation
import TestSupport
import Testing

/// `calpager calendars` on real vdir folders and `.ics` files, with the real binary: what it
/// lists, and how its index follows the files (rename, removal, a new file, a file that stops
/// parsing, the index deleted or of a newer schema).
@Suite struct CalendarsEndToEndTests {
  let calpager = Calpager()

  /// A calendar file of `events`, each a `VEVENT` body.
  static func ics(_ events: String...) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
      + events.map { "BEGIN:VEVENT\r\n\($0)END:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n"
  }

  static func event(_ uid: String, _ summary: String, extra: String = "") -> String {
    "UID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240501T100000Z\r\n"
      + "DTEND:20240501T110000Z\r\nSUMMARY:\(summary)\r\n\(extra)"
  }

  /// A folder `name` in the test's directory holding `files`.
  func vdir(_ name: String, _ files: [String: String]) throws -> String {
    let path = calpager.directory.file(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (file, text) in files { try writeFile(path + "/" + file, text) }
    return path
  }

  /// Writes `text` to `path` as vdirsyncer does: a temporary file renamed over it.
  func replace(_ path: String, with text: String) throws {
    let temporary = (path as NSString).deletingLastPathComponent + "/.tmp-replace"
    try writeFile(temporary, text)
    #expect(rename(temporary, path) == 0)
  }

  /// The config file naming `calendars`, as the environment `run` needs.
  func config(_ lines: String) throws -> [String: String?] {
    let directory = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: directory + "/calpager", withIntermediateDirectories: true)
    try writeFile(directory + "/calpager/config", lines)
    return ["XDG_CONFIG_HOME": directory, "HOME": calpager.directory.path]
  }

  /// `calendars --json`, parsed: the calendars by name.
  func listing(_ environment: [String: String?], _ extra: [String] = []) throws
    -> (calendars: [String: [String: Any]], stderr: String)
  {
    let result = try calpager.run(["calendars", "--json"] + extra, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let calendars = try #require(object["calendars"] as? [[String: Any]])
    return (
      Dictionary(uniqueKeysWithValues: calendars.map { ($0["name"] as! String, $0) }),
      result.stderr
    )
  }

  @Test func listsEachCalendarWithItsEventsAndWhatItCouldNotRead() throws {
    let work = try vdir(
      "work",
      [
        "a.ics": Self.ics(Self.event("a", "Dentist")),
        "b.ics": Self.ics(Self.event("b", "Standup", extra: "RRULE:FREQ=DAILY;FOO=1\r\n")),
        "c.ics": Self.ics(
          Self.event("c", "Weekly", extra: "RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=1000000000\r\n")),
        "d.ics": "not a calendar\r\n",
      ])
    symlink(work + "/loop.ics", work + "/loop.ics")
    // A name long enough that the path is longer than a message quotes of what a user typed:
    // a listing shows a path whole.
    let holidays = calpager.directory.file("holidays-of-the-state-and-of-the-school-year.ics")
    try writeFile(holidays, Self.ics(Self.event("h1", "Labour Day"), Self.event("h2", "Other")))
    let environment = try config(
      "calendar.work = ~/work\ncalendar.holidays = \(holidays)\n"
        + "calendar.gone = ~/nowhere\ncalendar.again = \(work)/\n")
    let text = try calpager.run(["calendars"], environment: environment)
    #expect(text.status == 0)
    #expect(text.stdout.contains("work: '\(work)'\n  3 events (1 recurring) in 5 files\n"))
    #expect(text.stdout.contains("holidays: '\(holidays)'\n  2 events (0 recurring) in 1 file\n"))
    #expect(
      text.stdout.contains(
        "gone: '\(calpager.directory.file("nowhere"))'\n  not read: the path does not exist\n"))
    #expect(text.stdout.contains("  not read again: the same as calendar 'work'"))
    #expect(text.stdout.contains("cannot read '\(work)/d.ics': not iCalendar"))
    #expect(text.stdout.contains("cannot read '\(work)/loop.ics': a loop of symbolic links"))
    #expect(text.stdout.contains("'FOO' is not a rule part"))
    #expect(text.stdout.contains("more than 50000 instances"))
    // The unreadable files were named on stderr the first time they were seen failing.
    #expect(text.stderr.contains("d.ics"))
    #expect(text.stderr.contains("loop.ics"))

    let (calendars, stderr) = try listing(environment)
    #expect(stderr == "")
    #expect(calendars["work"]?["events"] as? Int == 3)
    // b's only rule cannot be read: it shows once, not as a recurring event.
    #expect(calendars["work"]?["recurring"] as? Int == 1)
    #expect((calendars["work"]?["unreadable"] as? [Any])?.count == 2)
    #expect(calendars["holidays"]?["events"] as? Int == 2)
    #expect(calendars["gone"]?["read"] as? Bool == false)
    #expect(calendars["gone"]?["reason"] as? String == "the path does not exist")
    #expect(calendars["again"]?["sameAs"] as? String == "work")
  }

  /// A `METHOD:CANCEL` calendar (RFC 5546 §3.2.5) holding a series and one instance by
  /// `RECURRENCE-ID`, without `STATUS` (which the method makes optional).
  @Test func aMethodCancelOfOneInstanceHidesThatInstanceAndThisAndFutureTheRest() throws {
    func cancel(_ range: String) -> String {
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\n"
        + Self.event("weekly", "Weekly", extra: "RRULE:FREQ=WEEKLY;COUNT=5\r\n")
        + "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20240101T000000Z\r\n"
        + "RECURRENCE-ID\(range):20240515T100000Z\r\nDTSTART:20240515T100000Z\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }
    let work = try vdir("work", ["weekly.ics": cancel("")])
    let environment = try config("calendar.work = \(work)\n")
    func starts() throws -> [String] {
      let result = try calpager.run(
        ["list", "2024-05-01..2024-05-31", "--json"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let events = try #require(object["events"] as? [[String: Any]])
      return events.map { $0["start"] as? String ?? "" }
    }
    #expect(
      try starts() == [
        "2024-05-01T10:00:00+00:00", "2024-05-08T10:00:00+00:00", "2024-05-22T10:00:00+00:00",
        "2024-05-29T10:00:00+00:00",
      ])
    try replace(work + "/weekly.ics", with: cancel(";RANGE=THISANDFUTURE"))
    #expect(try starts() == ["2024-05-01T10:00:00+00:00", "2024-05-08T10:00:00+00:00"])
  }

  @Test func followsReplacedRemovedAndNewFilesAndAFileThatStopsParsing() throws {
    let work = try vdir(
      "work",
      [
        "a.ics": Self.ics(Self.event("a", "Dentist")),
        "b.ics": Self.ics(Self.event("b", "Standup")),
      ])
    let environment = try config("calendar.work = \(work)\n")
    #expect(try listing(environment).calendars["work"]?["events"] as? Int == 2)
    try replace(work + "/a.ics", with: Self.ics(Self.event("a", "Moved"), Self.event("a2", "More")))
    #expect(unlink(work + "/b.ics") == 0)
    try writeFile(work + "/c.ics", Self.ics(Self.event("c", "New")))
    var calendars = try listing(environment).calendars
    #expect(calendars["work"]?["events"] as? Int == 3)
    #expect(calendars["work"]?["files"] as? Int == 2)
    // A file that stops parsing: named once on stderr, its last events kept.
    try replace(work + "/c.ics", with: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n")
    var (listed, stderr) = try listing(environment)
    #expect(listed["work"]?["events"] as? Int == 3)
    #expect(stderr.contains("cannot read '\(work)/c.ics'"))
    #expect(stderr.split(separator: "\n").count == 1)
    (listed, stderr) = try listing(environment, ["--rescan"])
    #expect(stderr == "")
    #expect(
      (listed["work"]?["unreadable"] as? [[String: Any]])?.first?["path"] as? String == work
        + "/c.ics")
    // It parses again: no longer named.
    try replace(work + "/c.ics", with: Self.ics(Self.event("c", "Back")))
    calendars = try listing(environment).calendars
    #expect((calendars["work"]?["unreadable"] as? [Any])?.isEmpty == true)
  }

  @Test func anInPlaceEditIsSeenWithRescan() throws {
    let work = try vdir("work", ["a.ics": Self.ics(Self.event("a", "Dentist"))])
    let environment = try config("calendar.work = \(work)\n")
    #expect(try listing(environment).calendars["work"]?["events"] as? Int == 1)
    // Written in place, the folder's times unchanged: only --rescan stats the file.
    let handle = try #require(FileHandle(forWritingAtPath: work + "/a.ics"))
    handle.write(Data(Self.ics(Self.event("a", "Dentist"), Self.event("b", "Two")).utf8))
    try handle.close()
    #expect(try listing(environment, ["--rescan"]).calendars["work"]?["events"] as? Int == 2)
  }

  @Test func aDeletedOrNewerIndexIsRebuiltAndLosesNothing() throws {
    let work = try vdir("work", ["a.ics": Self.ics(Self.event("a", "Dentist"))])
    let environment = try config("calendar.work = \(work)\n")
    #expect(try listing(environment).calendars["work"]?["events"] as? Int == 1)
    let index = calpager.directory.file("cache/calpager/events.db")
    var info = stat()
    #expect(stat(index, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(unlink(index) == 0)
    #expect(try listing(environment).calendars["work"]?["events"] as? Int == 1)
    // A newer schema: SQLite keeps `user_version` at byte 60 of the header, big-endian.
    let handle = try #require(FileHandle(forUpdatingAtPath: index))
    try handle.seek(toOffset: 60)
    handle.write(Data([0, 0, 0, 99]))
    try handle.close()
    #expect(try listing(environment).calendars["work"]?["events"] as? Int == 1)
    let header = try #require(contentsOfFile(index))
    // Rebuilt at the schema this calpager writes (7: occurrences kept whole, each row holding
    // what a page shows of it and whether it shows, clustered by their bounds; each series
    // with the months of the year it meets).
    #expect(Array(header[60..<64]) == [0, 0, 0, 7])
  }

  @Test func aBadCalendarLineIsOneClearErrorNamingTheLine() throws {
    let environment = try config("sync-command = true\ncalendar.bad name = /tmp\n")
    let result = try calpager.run(["calendars"], environment: environment)
    #expect(result.status != 0)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("line 2"))
    #expect(result.stderr.contains("'calendar.bad name' is not a calendar name"))
    let relative = try calpager.run(
      ["config", "list"], environment: try config("calendar.work = work\n"))
    #expect(relative.status != 0)
    #expect(relative.stderr.contains("is relative"))
  }

  @Test func configListShowsTheCalendarsWithTildeExpanded() throws {
    let environment = try config("calendar.work = ~/work\n")
    let result = try calpager.run(["config", "list"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("calendar.work"))
    #expect(result.stdout.contains(calpager.directory.file("work")))
  }

  @Test func theSyncFolderIsCalendarNotes() throws {
    let notes = try vdir("notes", ["e.ics": Self.ics(Self.event("e", "From the phone"))])
    let set = try calpager.run(["config", "set", "sync-dir", notes])
    #expect(set.status == 0, "\(set.stderr)")
    let environment = try config("calendar.same = \(notes)\n")
    let calendars = try listing(environment).calendars
    #expect(calendars["notes"]?["events"] as? Int == 1)
    #expect(calendars["same"]?["sameAs"] as? String == "notes")
  }
}

extension CalendarsEndToEndTests {
  /// A service's `HOME=/nonexistent` (a cron job, a system user): the events still show, read
  /// into memory, and calpager makes no home folder for its cache.
  @Test func aHomeThatDoesNotExistIsNeverMadeForTheCache() throws {
    let work = try vdir("work", ["a.ics": Self.ics(Self.event("a", "Dentist"))])
    var environment = try config("calendar.work = \(work)\n")
    let home = calpager.directory.file("missing-home")
    environment["HOME"] = home
    environment["XDG_CACHE_HOME"] = nil
    let result = try calpager.run(["goto", "2024-05-01"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Dentist"))
    #expect(!FileManager.default.fileExists(atPath: home))
  }
}
