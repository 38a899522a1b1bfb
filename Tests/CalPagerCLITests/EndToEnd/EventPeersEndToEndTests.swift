import Foundation
import TestSupport
import Testing

/// Events added through CalDAV, as a phone adds them, on calpager's pages after
/// `calpager sync`, and the same in khal.
///
/// Runs `Tests/Scripts/events_peers.py` with the built binary: Radicale and vdirsyncer from
/// PyPI bring the events into a device's sync folder (set up by the README's recipe), which
/// calpager reads as its calendar `notes`; khal 0.14, pointed at the same vdir, must list the
/// same events on the same days at the same times, and calpager's occurrences must be those
/// the script writes down by hand.
@Suite(.serialized, .requires(.pythonPackages), .requires(.curl), .requires(.tzdata))
struct EventPeersEndToEndTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/events_peers.py").path

  @Test func eventsFromAPhoneShowInCalpagerAsInKhal() throws {
    guard let python = try PythonPeers.interpreter() else {
      throw PeerError.missing(.pythonPackages)
    }
    let result = try python.run(
      [Self.script, "--calpager", Products.path("calpager")],
      environment: ["CALPAGER_DB": nil, "CALPAGER_TODAY": nil])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("events peers: ok"), "\(result.stdout)\(result.stderr)")
  }
}
