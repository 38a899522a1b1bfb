import Foundation
import TestSupport

/// The python test peers the recurrence tests run: the Python the test support provides
/// (`PythonPeers`: the running one when it has every package, else a virtual environment under
/// `.build/`), found in one place.
enum PythonPeer {
  /// The path of a script in `Tests/Scripts`.
  static func script(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/\(name)").path
  }

  /// Runs the Python that has the peers with `arguments`; its output and error together.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    guard let python = try PythonPeers.interpreter() else {
      throw PeerError.missing(.pythonPackages)
    }
    let result = try python.run(arguments)
    return (result.status, result.stdout + result.stderr)
  }
}
