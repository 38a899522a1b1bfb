import Recurrence
import Testing

/// TZif files made by hand: each version's layout, the leap-second records, and bytes that
/// are not a TZif file, which throw and never trap.
@Suite struct TZifParsingTests {
  typealias Z = ZoneSupport

  /// 2000-01-01T00:00:00Z.
  static let y2k: Int64 = 946_684_800

  @Test(arguments: [UInt8(0), UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")])
  func eachVersionReadsItsTable(version: UInt8) throws {
    let bytes = Z.tzif(
      version: version, types: [(3600, false), (7200, true)],
      transitions: [(Self.y2k, 1), (Self.y2k + 86_400, 0)])
    let zone = try TZifZone(bytes: bytes)
    let start = Int(Self.y2k)
    #expect(zone.utcOffset(at: start - 1) == 3600)
    #expect(zone.utcOffset(at: start) == 7200)
    #expect(zone.utcOffset(at: start + 86_399) == 7200)
    #expect(zone.utcOffset(at: start + 86_400) == 3600)
    // After the last transition, with no footer, its type stays.
    #expect(zone.utcOffset(at: start + 400 * 86_400) == 3600)
  }

  @Test func theFooterRulesPastTheLastTransition() throws {
    let bytes = Z.tzif(
      types: [(0, false), (3600, false)], transitions: [(Self.y2k, 1)],
      footer: "CET-1CEST,M3.5.0,M10.5.0/3")
    let zone = try TZifZone(bytes: bytes)
    #expect(zone.utcOffset(at: try Z.utc("19991231T235959")) == 0)
    #expect(zone.utcOffset(at: try Z.utc("20000326T005959")) == 3600)
    #expect(zone.utcOffset(at: try Z.utc("20000326T010000")) == 7200)
    #expect(zone.utcOffset(at: try Z.utc("20501030T010000")) == 3600)
  }

  @Test func aFileWithNoTransitionsIsItsFootersRule() throws {
    let zone = try TZifZone(
      bytes: Z.tzif(types: [(-18_000, false)], footer: "EST5EDT,M3.2.0,M11.1.0"))
    #expect(zone.utcOffset(at: try Z.utc("20240310T070000")) == -14_400)
    #expect(zone.utcOffset(at: try Z.utc("20240101T000000")) == -18_000)
  }

  @Test func leapSecondRecordsAreTakenOutOfTransitionTimes() throws {
    // A `right/` file counts leap seconds: with 22 of them the change at 2000-01-01 is
    // written 22 seconds later than its POSIX time.
    let bytes = Z.tzif(
      types: [(0, false), (3600, false)], transitions: [(Self.y2k + 22, 1)],
      leaps: [(78_796_800, 1), (Self.y2k - 1_000_000, 22)])
    let zone = try TZifZone(bytes: bytes)
    #expect(zone.utcOffset(at: Int(Self.y2k) - 1) == 0)
    #expect(zone.utcOffset(at: Int(Self.y2k)) == 3600)
  }

  static let broken: [(String, [UInt8])] = [
    ("empty", []),
    ("no magic", Array("TZix".utf8) + [UInt8](repeating: 0, count: 60)),
    (
      "unknown version",
      {
        var b = Z.tzif(types: [(0, false)])
        b[4] = UInt8(ascii: "5")
        return b
      }()
    ),
    (
      "no types",
      {
        var b = Z.tzif(version: 0, types: [(0, false)])
        b[39] = 0
        return b
      }()
    ),
    ("type index out of range", Z.tzif(version: 0, types: [(0, false)], transitions: [(1, 3)])),
    ("out of order", Z.tzif(types: [(0, false)], transitions: [(5, 0), (5, 0)])),
    ("offset out of range", Z.tzif(types: [(Int32.min, false)])),
    ("footer not a rule", Z.tzif(types: [(0, false)], footer: "not a rule")),
    ("footer unterminated", Array(Z.tzif(types: [(0, false)], footer: "UTC0").dropLast())),
    (
      "huge count",
      {
        var b = Z.tzif(version: 0, types: [(0, false)])
        b[32] = 0x7F
        return b
      }()
    ),
  ]

  @Test(arguments: broken.indices)
  func bytesThatAreNotTZifThrow(index: Int) {
    let (name, bytes) = Self.broken[index]
    #expect(throws: ZoneError.self, "\(name)") { try TZifZone(bytes: bytes) }
  }

  @Test func theErrorIsOneLine() {
    do {
      _ = try TZifZone(bytes: Array("TZif".utf8))
      Issue.record("no error")
    } catch {
      #expect(error.description == "not a time zone file (TZif): shorter than its header")
    }
  }
}
