import Foundation
import TestSupport
import Testing

/// `calpager sync` between two devices through a real CalDAV server: each case runs one
/// scenario of `Tests/Scripts/sync_scenarios.py` with the built binary, against Radicale and
/// vdirsyncer from PyPI (the Python peers: the running `python3`'s when it has them, else the
/// virtual environment the test support makes), each device set up by the README's recipe
/// (which makes the collection with curl, and syncs in Europe/Berlin).
///
/// The scenarios run one at a time: each starts a server and runs vdirsyncer a few dozen
/// times, and the machine's two cores are shared with the rest of the suite.
@Suite(.serialized, .requires(.pythonPackages), .requires(.curl), .requires(.tzdata))
struct SyncPeersEndToEndTests {
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts")
  static let script = scripts.appendingPathComponent("sync_scenarios.py").path

  /// The scenarios, as `sync_scenarios.py --list` names them.
  static let scenarios = [
    "edits", "removals", "conflict", "foreign", "undated", "exact", "offline", "race", "last",
  ]

  /// Runs `sync_scenarios.py` with `arguments` and the built calpager, with the Python peers
  /// first on `PATH` (for `radicale` and the `vdirsyncer` of the devices' `sync-command`).
  static func runScenarios(_ arguments: [String]) throws -> ProcessResult {
    guard let python = try PythonPeers.interpreter() else {
      throw PeerError.missing(.pythonPackages)
    }
    return try python.run(
      [script, "--calpager", Products.path("calpager")] + arguments,
      environment: ["CALPAGER_DB": nil, "CALPAGER_TODAY": nil])
  }

  @Test(arguments: scenarios)
  func scenario(_ name: String) throws {
    let result = try Self.runScenarios(["--only", name, "--verbose"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("sync scenario \(name): ok"), "\(result.stdout)")
  }

  /// Every scenario of the script is one of this suite's cases.
  @Test func everyScenarioIsATestCase() throws {
    let result = try Self.runScenarios(["--list"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").map(String.init) == Self.scenarios)
  }
}
