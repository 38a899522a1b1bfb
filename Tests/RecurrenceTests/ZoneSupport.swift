import CalendarPaging
import Foundation
import Recurrence
import TestSupport
import Testing

/// Helpers of the zone tests: the system's tz files, and TZif files made by hand.
enum ZoneSupport {
  /// The folder of the system's tz database.
  static let zoneDirectory = "/usr/share/zoneinfo"

  /// The TZif zone of the system's file for `name`.
  static func system(_ name: String) throws -> TZifZone {
    let data = try #require(FileManager.default.contents(atPath: zoneDirectory + "/" + name))
    return try TZifZone(bytes: Array(data))
  }

  /// The instant of a UTC time written `YYYYMMDDTHHMMSS`.
  static func utc(_ text: String) throws -> Int { try Support.instant(text) }

  /// The local time written `YYYYMMDDTHHMMSS`.
  static func local(_ text: String) throws -> LocalDateTime {
    try DateTimeValue(parsing: text).local
  }

  /// A TZif file written by hand (RFC 8536 §3): `types` as (offset, is daylight), the
  /// transitions as (time, type index); version 1 with 32-bit times only, or `version` 2+
  /// with the v1 block left empty and `footer` after the 64-bit block.
  static func tzif(
    version: UInt8 = UInt8(ascii: "2"), types: [(Int32, Bool)], transitions: [(Int64, UInt8)] = [],
    footer: String? = nil, leaps: [(Int64, Int32)] = []
  ) -> [UInt8] {
    func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
      withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
    let abbreviations = Array("ZZZ\0".utf8)
    func header(_ version: UInt8, timeCount: Int, typeCount: Int, leapCount: Int, chars: Int)
      -> [UInt8]
    {
      Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        + be(Int32(0)) + be(Int32(0)) + be(Int32(leapCount)) + be(Int32(timeCount))
        + be(Int32(typeCount)) + be(Int32(chars))
    }
    func types32() -> [UInt8] {
      types.flatMap { be($0.0) + [$0.1 ? 1 : 0, 0] }
    }
    if version == 0 {
      var bytes = header(
        0, timeCount: transitions.count, typeCount: types.count,
        leapCount: leaps.count, chars: abbreviations.count)
      bytes += transitions.flatMap { be(Int32($0.0)) } + transitions.map(\.1)
      bytes += types32() + abbreviations + leaps.flatMap { be(Int32($0.0)) + be($0.1) }
      return bytes
    }
    var bytes = header(version, timeCount: 0, typeCount: 1, leapCount: 0, chars: 4)
    bytes += be(Int32(0)) + [0, 0] + abbreviations
    bytes += header(
      version, timeCount: transitions.count, typeCount: types.count,
      leapCount: leaps.count, chars: abbreviations.count)
    bytes += transitions.flatMap { be($0.0) } + transitions.map(\.1)
    bytes += types32() + abbreviations + leaps.flatMap { be($0.0) + be($0.1) }
    bytes += Array("\n\(footer ?? "")\n".utf8)
    return bytes
  }
}
