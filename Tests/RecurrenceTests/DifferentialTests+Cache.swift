import Foundation
import TestSupport

extension DifferentialTests {
  /// The script's output for `count` events of `seed`, made once per change of what decides
  /// it and kept under `.build/test-peers/recurrence-diff/`.
  ///
  /// Generating asks the peer about every event (a minute or more on 2 cores), while
  /// comparing takes seconds; the same script, seed, count, pinned peers and tz database give
  /// the same events and answers, so they are the key. A run that failed leaves nothing.
  static func generated(count: Int, seed: Int) throws -> String {
    let script = PythonPeer.script("recurrence_diff.py")
    var key = Array("\(count) \(seed)\n".utf8)
    key += contentsOfFile(script) ?? []
    key += contentsOfFile(PythonPeers.requirements) ?? []
    // The first line of the tz database's source names its version ("# version 2026f").
    let zones = contentsOfFile("/usr/share/zoneinfo/tzdata.zi") ?? []
    key += zones.prefix { $0 != 0x0A }
    let folder = PythonPeers.folder + "/recurrence-diff"
    let path = folder + "/\(fnv1a(key)).json"
    if FileManager.default.fileExists(atPath: path) { return path }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let partial = path + ".\(ProcessInfo.processInfo.processIdentifier).partial"
    let (status, log) = try PythonPeer.run([
      script, "--count", "\(count)", "--seed", "\(seed)", partial,
    ])
    guard status == 0 else {
      try? FileManager.default.removeItem(atPath: partial)
      throw GenerationFailed(log: log)
    }
    // Renamed whole: a concurrent run sees the file complete or not at all.
    guard rename(partial, path) == 0 else { throw GenerationFailed(log: "cannot keep \(path)") }
    return path
  }

  struct GenerationFailed: Error, CustomStringConvertible {
    let log: String
    var description: String { "recurrence_diff.py failed: \(log)" }
  }

  /// FNV-1a, 64 bits, in hex.
  static func fnv1a(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
  }
}
