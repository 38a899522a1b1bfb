import CalendarPaging
import Calendars
import Foundation
import Glibc
import Interchange
import NoteStore
import Recurrence
import TestSupport
import Testing

/// Pages read from month files, the index not opened: what they show is what the index
/// shows, and a file is never read once the calendars or the index changed.
@Suite struct MonthFilesTests {
  let directory = TemporaryDirectory("months")
  var cache: String { directory.file("cache/calpager/events.db") }
  var monthFolder: String { EventIndex.monthFolder(ofIndexAt: cache) }

  func open(
    _ sources: [CalendarSource], cache: String? = nil, rescan: Bool = false
  ) throws -> EventCalendars {
    try EventCalendars.open(
      sources: sources, cachePath: cache ?? self.cache, zones: KeptOccurrencesTests.zones,
      rescan: rescan)
  }

  /// `read` on a fresh opening, again until the month files answer it alone (the first
  /// command builds the index, the next expands the months, the next writes their files):
  /// its answer, and whether the files gave it.
  func fromFiles<T>(
    _ sources: [CalendarSource], cache: String? = nil, _ read: (EventCalendars) -> T
  ) throws -> (answer: T, fromFiles: Bool) {
    for _ in 0..<5 {
      let calendars = try open(sources, cache: cache)
      let answer = read(calendars)
      if calendars.pagesFromFiles > 0 && calendars.pagesFromIndex == 0 { return (answer, true) }
    }
    let calendars = try open(sources, cache: cache)
    return (read(calendars), false)
  }

  /// All a page shows of an occurrence, and all a script reads of it.
  static func line(_ found: DayOccurrence) -> String {
    let occurrence = found.occurrence
    return "\(found.calendar) \(found.uid) \(occurrence.start) \(occurrence.end) "
      + "\(occurrence.recurrenceID.map { "\($0)" } ?? "-") \(occurrence.fields) "
      + "\(occurrence.isOverride) \(found.isStale)"
  }

  @Test func pagesFromMonthFilesShowWhatTheIndexShowsInEveryZone() throws {
    let folder = directory.file("work")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in KeptOccurrencesTests.files { try writeFile(folder + "/" + name, text) }
    let sources = [CalendarSource(name: "work", path: folder)]
    var zones: [(String, any ZoneRules)] = [
      ("UTC+14", FixedOffsetZone(offset: 14 * 3600)),
      ("UTC-12", FixedOffsetZone(offset: -12 * 3600)),
    ]
    for name in ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"] {
      guard let zone = KeptOccurrencesTests.zones(name) else { continue }
      zones.append((name, zone))
    }
    // Month ends and DST changes, a multi-day trip across a month's end, the hourly event
    // too busy to keep (its months have spans: those pages are the index's).
    let days = [
      "2024-01-31", "2024-02-29", "2024-03-01", "2024-03-10", "2024-03-31", "2024-04-06",
      "2024-04-07", "2024-06-01", "2024-10-27", "2025-01-01", "2025-02-26",
    ].map(day)
    var answeredFromFiles = 0
    for (name, zone) in zones {
      let cache = directory.file("cache-\(name.replacingOccurrences(of: "/", with: "-")).db")
      for page in days {
        let menu = page.adding(days: -6)!...page.adding(days: 6)!
        let week = page...page.adding(days: 6)!
        func read(_ calendars: EventCalendars) -> [String] {
          let day = calendars.page(
            covering: page...page, marking: menu, userZone: zone, calendars: ["work"]
          ) { _, _ in nil }
          return day.events.map(Self.line) + ["marks \(day.marks.days)"]
            + calendars.events(covering: week, userZone: zone).map(Self.line)
            + [
              "days \(calendars.daysWithEvents(in: menu, userZone: zone, calendars: ["work"]).days)"
            ]
        }
        let files = try fromFiles(sources, cache: cache, read)
        if files.fromFiles { answeredFromFiles += 1 }
        // The index alone (a rescan never reads month files).
        let index = read(try open(sources, cache: cache, rescan: true))
        #expect(files.answer == index, "\(name) \(page)")
      }
    }
    // Every page but those of the busy months came from files.
    #expect(answeredFromFiles >= zones.count * (days.count - 4), "\(answeredFromFiles)")
  }

  /// A folder with one event on 2024-05-01, and its month's file written.
  func settled(_ summary: String = "Standup") throws -> (folder: String, sources: [CalendarSource])
  {
    let folder = directory.file("work")
    mkdir(folder, 0o700)
    try writeFile(
      folder + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: summary)))
    let sources = [CalendarSource(name: "work", path: folder)]
    let settled = try fromFiles(sources) { summaries($0, may1) }
    #expect(settled.answer == ["work:\(summary)"])
    #expect(settled.fromFiles)
    return (folder, sources)
  }

  let may1 = day("2024-05-01")...day("2024-05-01")

  @Test func aFileReplacedInTheFolderIsShownNotTheMonthFile() throws {
    let (folder, sources) = try settled()
    try writeFile(
      folder + "/.tmp", calendarFile(event("a", ":20240501T090000Z", summary: "Moved")))
    rename(folder + "/.tmp", folder + "/a.ics")
    let changed = try open(sources)
    #expect(summaries(changed, may1) == ["work:Moved"])
    #expect(changed.pagesFromFiles == 0)
    #expect(try fromFiles(sources) { summaries($0, may1) }.answer == ["work:Moved"])
  }

  @Test func anEditInPlaceRescannedIsShownNotTheMonthFile() throws {
    let (folder, sources) = try settled("Standup")
    // The same size, written in place: the folder's stamp does not change.
    try writeFile(
      folder + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "Standby")))
    _ = try open(sources, rescan: true)
    let after = try open(sources)
    #expect(summaries(after, may1) == ["work:Standby"])
    #expect(after.pagesFromFiles == 0)
  }

  @Test func aCalendarAddedOrRemovedInTheConfigIsNotReadFromTheMonthFile() throws {
    let (_, sources) = try settled()
    let other = directory.file("home")
    mkdir(other, 0o700)
    try writeFile(
      other + "/b.ics", calendarFile(event("b", ":20240501T180000Z", summary: "Dinner")))
    let both = sources + [CalendarSource(name: "home", path: other)]
    #expect(summaries(try open(both), may1) == ["work:Standup", "home:Dinner"])
    #expect(try fromFiles(both) { summaries($0, may1) }.answer == ["work:Standup", "home:Dinner"])
    let home = [CalendarSource(name: "home", path: other)]
    let removed = try open(home)
    #expect(summaries(removed, may1) == ["home:Dinner"])
    #expect(removed.pagesFromFiles == 0)
  }

  @Test func aDamagedOrForeignMonthFileIsPassedOverAndWrittenAgain() throws {
    let (_, sources) = try settled()
    let path = KeptMonthFile.path(folder: monthFolder, month: 2024 * 12 + 4)
    let good = try #require(contentsOfFile(path))
    let damaged: [[UInt8]] = [
      [], Array(good.prefix(good.count / 2)), [UInt8](repeating: 0, count: good.count),
      Array(good.prefix(200)) + [UInt8](repeating: 0xFF, count: good.count - 200),
    ]
    for bytes in damaged {
      try writeFile(path, bytes)
      let calendars = try open(sources)
      #expect(summaries(calendars, may1) == ["work:Standup"])
      #expect(calendars.pagesFromFiles == 0)
      #expect(contentsOfFile(path) == good, "written again")
    }
    // The same slot's file of another month (64 months later) is not this month's.
    let later = try fromFiles(sources) { summaries($0, day("2029-09-01")...day("2029-09-01")) }
    #expect(later.answer == [])
    let calendars = try open(sources)
    #expect(summaries(calendars, may1) == ["work:Standup"])
    #expect(calendars.pagesFromFiles == 0)
  }

  @Test func anIndexMadeAgainForgetsTheMonthFilesOfTheOldOne() throws {
    let (folder, sources) = try settled()
    unlink(cache)
    // An edit in place: only a new index reads it (its folder's stamp is the old one).
    try writeFile(
      folder + "/a.ics", calendarFile(event("a", ":20240501T090000Z", summary: "Standby")))
    #expect(summaries(try open(sources), may1) == ["work:Standby"])
    #expect(
      !FileManager.default.fileExists(
        atPath: KeptMonthFile.path(folder: monthFolder, month: 2024 * 12 + 4)))
    #expect(try fromFiles(sources) { summaries($0, may1) }.answer == ["work:Standby"])
  }

  @Test func monthFilesAreTheOwnersAlone() throws {
    _ = try settled()
    var info = stat()
    #expect(stat(monthFolder, &info) == 0 && info.st_mode & 0o777 == 0o700)
    let path = KeptMonthFile.path(folder: monthFolder, month: 2024 * 12 + 4)
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
  }

  @Test func randomDamageToAMonthFileIsFoundOrReadWithinItsBytes() throws {
    let folder = directory.file("work")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in KeptOccurrencesTests.files { try writeFile(folder + "/" + name, text) }
    let sources = [CalendarSource(name: "work", path: folder)]
    let march = day("2024-03-15")...day("2024-03-15")
    #expect(
      try fromFiles(sources) { $0.events(covering: march, userZone: FixedOffsetZone.utc) }.fromFiles
    )
    let month = 2024 * 12 + 2
    let good = try #require(contentsOfFile(KeptMonthFile.path(folder: monthFolder, month: month)))
    #expect(KeptMonthFile(bytes: good) != nil)
    var random = SplitMix64(seed: 22)
    let everything = Int.min / 2..<Int.max / 2
    for _ in 0..<3000 {
      var bytes = good
      switch random.next() % 3 {
      case 0: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
      case 1:
        for _ in 0...random.next() % 8 {
          bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        }
      default:
        // A word of the header or of a row set to a number far out of range.
        let word = Int(random.next() % UInt64(bytes.count / 8))
        let value = [Int.min, -1, 1 << 40, Int.max][Int(random.next() % 4)]
        withUnsafeBytes(of: Int64(value).littleEndian) {
          bytes.replaceSubrange(word * 8..<word * 8 + 8, with: $0)
        }
      }
      guard let file = KeptMonthFile(bytes: bytes) else { continue }
      // What was not found damaged reads within its bytes.
      let kept = KeptMonths(files: [file])
      var count = 0
      func counted(_: IndexedOccurrence) -> Bool {
        count += 1
        return true
      }
      kept.occurrences(
        mayOverlap: everything, calendars: ["work"], recurring: true, long: true,
        times: { _, _ in true }, counted)
      var times = 0
      func timed(_: StoredTime, _: StoredTime) -> Bool {
        times += 1
        return true
      }
      kept.occurrenceTimes(
        mayOverlap: everything, calendars: ["work"], recurring: true, long: true, timed)
      #expect(times <= file.rowCount)
      #expect(count <= file.rowCount)
    }
  }
}
