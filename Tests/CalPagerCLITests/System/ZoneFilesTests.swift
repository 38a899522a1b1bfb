import CalPagerCLI
import Foundation
import Recurrence
import TestSupport
import Testing

/// The tz database as the command line reads it (`ZoneFiles`): real files, and the things in
/// its folder that are not zone files.
@Suite(.requires(.tzdata)) struct ZoneFilesTests {
  @Test func aZoneFileIsReadWhole() throws {
    let expected = try #require(
      FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
    #expect(ZoneFiles.read("/usr/share/zoneinfo/Europe/Berlin") == Array(expected))
  }

  @Test func foldersMissingFilesAndLargeFilesAreNil() throws {
    #expect(ZoneFiles.read("/usr/share/zoneinfo/Europe") == nil)
    #expect(ZoneFiles.read("/usr/share/zoneinfo/Atlantis/Capital") == nil)
    let directory = TemporaryDirectory("zone-files")
    let large = directory.file("large")
    try Data(count: (1 << 20) + 1).write(to: URL(fileURLWithPath: large))
    #expect(ZoneFiles.read(large) == nil)
  }

  @Test func theSystemResolverFindsIANAAndWindowsNames() throws {
    let resolver = ZoneFiles.resolver()
    let berlin = try #require(resolver.zone(forTZID: "Europe/Berlin"))
    let western = try #require(resolver.zone(forTZID: "W. Europe Standard Time"))
    // 2024-07-01T00:00:00Z: summer time in Berlin.
    #expect(berlin.utcOffset(at: 1_719_792_000) == 7200)
    #expect(western.utcOffset(at: 1_719_792_000) == 7200)
    #expect(resolver.zone(forTZID: "Customized Time Zone") == nil)
  }
}
