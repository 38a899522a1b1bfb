import CalendarPaging
import Recurrence
import Synchronization
import Testing

/// TZID resolution in the order, the user's zone from `$TZ`, and the Windows names;
/// over an in-memory tz database, so every path and read can be watched.
@Suite struct ZoneResolverTests {
  typealias Z = ZoneSupport

  /// A tz database in memory, recording every path read.
  final class Files: Sendable {
    let files: [String: [UInt8]]
    let reads = Mutex<[String]>([])

    init(_ files: [String: [UInt8]]) { self.files = files }

    var reader: ZoneResolver.FileReader {
      { path in
        self.reads.withLock { $0.append(path) }
        return self.files[path]
      }
    }
  }

  /// A zone at +1 with summer time (+2) from 2000-01-01 to 2000-01-02, as a TZif file.
  static let plusOne = Z.tzif(
    types: [(3600, false), (7200, true)], transitions: [(946_684_800, 1), (946_771_200, 0)])
  static let minusEight = Z.tzif(types: [(-28_800, false)], footer: "PST8PDT,M3.2.0,M11.1.0")

  static func database() -> Files {
    Files([
      "/usr/share/zoneinfo/Europe/Berlin": plusOne,
      "/usr/share/zoneinfo/America/Los_Angeles": minusEight,
      "/usr/share/zoneinfo/Broken": Array("TZif nonsense".utf8),
      "/etc/localtime": minusEight,
    ])
  }

  @Test func theFilesOwnVTimeZoneComesFirst() throws {
    let files = Self.database()
    let resolver = ZoneResolver(readFile: files.reader)
    let own = FixedOffsetZone(offset: 12_345)
    let zone = try #require(
      resolver.zone(forTZID: "Europe/Berlin", calendarZones: ["Europe/Berlin": own]))
    #expect(zone.utcOffset(at: 0) == 12_345)
    #expect(files.reads.withLock { $0 }.isEmpty)
  }

  @Test func anIANANameIsReadFromTheDatabaseOnce() throws {
    let files = Self.database()
    let resolver = ZoneResolver(readFile: files.reader)
    for _ in 0..<3 {
      let zone = try #require(resolver.zone(forTZID: "Europe/Berlin"))
      #expect(zone.utcOffset(at: 946_684_800) == 7200)
    }
    #expect(files.reads.withLock { $0 } == ["/usr/share/zoneinfo/Europe/Berlin"])
  }

  @Test func aWindowsNameResolvesThroughCLDR() throws {
    let resolver = ZoneResolver(readFile: Self.database().reader)
    let pacific = try #require(resolver.zone(forTZID: "Pacific Standard Time"))
    #expect(pacific.utcOffset(at: try Z.utc("20240710T000000")) == -25_200)
    let western = try #require(resolver.zone(forTZID: "W. Europe Standard Time"))
    #expect(western.utcOffset(at: 946_684_800) == 7200)
  }

  @Test func windowsNamesMapAsCLDRSays() {
    #expect(WindowsZones.ianaName(forWindowsName: "W. Europe Standard Time") == "Europe/Berlin")
    #expect(WindowsZones.ianaName(forWindowsName: "Pacific Standard Time") == "America/Los_Angeles")
    #expect(WindowsZones.ianaName(forWindowsName: "Eastern Standard Time") == "America/New_York")
    #expect(WindowsZones.ianaName(forWindowsName: "Tokyo Standard Time") == "Asia/Tokyo")
    #expect(
      WindowsZones.ianaName(forWindowsName: "AUS Eastern Standard Time") == "Australia/Sydney")
    #expect(WindowsZones.ianaName(forWindowsName: "Romance Standard Time") == "Europe/Paris")
    #expect(WindowsZones.ianaName(forWindowsName: "UTC") == "Etc/UTC")
    #expect(WindowsZones.ianaName(forWindowsName: "pacific standard time") == "America/Los_Angeles")
    #expect(WindowsZones.ianaName(forWindowsName: "Atlantis Standard Time") == nil)
  }

  @Test func prefixedAndQuotedNamesAreRead() throws {
    let resolver = ZoneResolver(readFile: Self.database().reader)
    for tzid in [
      "/mozilla.org/20050126_1/Europe/Berlin", "/softwarestudio.org/Olson_20011030_5/Europe/Berlin",
      "\"Europe/Berlin\"", " Europe/Berlin ",
    ] {
      let zone = try #require(resolver.zone(forTZID: tzid), "\(tzid)")
      #expect(zone.utcOffset(at: 946_684_800) == 7200, "\(tzid)")
    }
  }

  @Test func unknownAndUnsafeNamesResolveToNilWithoutReadingOutsideTheDatabase() {
    let files = Self.database()
    let resolver = ZoneResolver(readFile: files.reader)
    for tzid in [
      "Atlantis/Capital", "../../etc/passwd", "Europe/../../../etc/localtime", "/etc/localtime",
      "Europe//Berlin", "", "/", "//", "\"", "Broken", "Europe/Berlin\u{0}", "Customized Time Zone",
    ] {
      #expect(resolver.zone(forTZID: tzid) == nil, "\(tzid)")
    }
    let reads = files.reads.withLock { $0 }
    #expect(!reads.contains { $0.contains("..") || $0 == "/etc/localtime" || $0.contains("//") })
    #expect(reads.allSatisfy { $0.hasPrefix("/usr/share/zoneinfo/") })
  }

  @Test func zoneNamesAreChecked() {
    #expect(ZoneResolver.isZoneName("America/Argentina/Buenos_Aires"))
    #expect(ZoneResolver.isZoneName("Etc/GMT+12"))
    #expect(!ZoneResolver.isZoneName("/Europe/Berlin"))
    #expect(!ZoneResolver.isZoneName("Europe/.."))
    #expect(!ZoneResolver.isZoneName("./Europe"))
    #expect(!ZoneResolver.isZoneName("Europe Berlin"))
    #expect(!ZoneResolver.isZoneName(String(repeating: "A", count: 256)))
  }

  @Test func theUsersZoneFromTZAsGlibcReadsIt() throws {
    let files = Self.database()
    let summer = 946_684_800
    func offset(_ tz: String?) -> Int {
      ZoneResolver.userZone(tz: tz, readFile: files.reader).utcOffset(at: summer)
    }
    #expect(offset(nil) == -28_800)  // /etc/localtime
    #expect(offset("") == 0)
    #expect(offset(":") == 0)
    #expect(offset(":Europe/Berlin") == 7200)
    #expect(offset("Europe/Berlin") == 7200)
    #expect(offset(":/etc/localtime") == -28_800)
    #expect(offset("<+0530>-5:30") == 19_800)
    #expect(offset("EST5EDT,M3.2.0,M11.1.0") == -18_000)
    #expect(offset("UTC") == 0)
    #expect(offset("Atlantis/Capital") == 0)
    #expect(offset(":EST5EDT") == 0)  // a colon names a file, never a rule
    let noLocaltime = Files([:])
    #expect(
      ZoneResolver.userZone(tz: nil, readFile: noLocaltime.reader).utcOffset(at: summer) == 0)
  }
}
