import CalendarPaging
import Foundation
import Recurrence
import TestSupport
import Testing

/// Every zone of the system's tz database, read by `TZifZone` and by Python's `zoneinfo`.
///
/// `zoneinfo` is the standard library's, an independent TZif reader. Compared: offsets at instants and instants of
/// local times, with gaps and overlaps (`fold=0`: the offset before a gap, the first of an
/// overlap, which is `ZoneRules.instant(of:)`'s rule). See Tests/Scripts/zoneinfo_diff.py for
/// the instants chosen.
@Suite(.requires(.python3), .requires(.tzdata)) struct ZoneDifferentialTests {
  @Test func everyZoneAgreesWithPythonsZoneinfo() throws {
    let result = try runProcess(
      try Peer.python3.path(), [PythonPeer.script("zoneinfo_diff.py"), ZoneSupport.zoneDirectory])
    #expect(result.status == 0, "\(result.stderr)")
    var zones = 0
    var checks = 0
    var differences: [String] = []
    var name = ""
    var zone: TZifZone?
    for line in result.stdout.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.first == "Z" {
        name = String(line.dropFirst(2))
        zone = try ZoneSupport.system(name)
        zones += 1
        continue
      }
      guard let zone else { continue }
      let values = fields.dropFirst().compactMap { Int($0) }
      checks += 1
      if fields.first == "O", values.count == 2 {
        let ours = zone.utcOffset(at: values[0])
        if ours != values[1] {
          differences.append("\(name): offset at \(values[0]): ours \(ours), zoneinfo \(values[1])")
        }
      } else if fields.first == "L", values.count == 7 {
        let local = try #require(
          Day(year: values[0], month: values[1], day: values[2]).flatMap {
            LocalDateTime(day: $0, hour: values[3], minute: values[4], second: values[5])
          })
        let ours = zone.instant(of: local)
        if ours != values[6] {
          differences.append("\(name): instant of \(local): ours \(ours), zoneinfo \(values[6])")
        }
      } else {
        Issue.record("unreadable line \(line)")
      }
    }
    print(
      "zoneinfo differential: \(zones) zones, \(checks) checks, \(differences.count) differences")
    #expect(zones > 300)
    #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
  }
}
