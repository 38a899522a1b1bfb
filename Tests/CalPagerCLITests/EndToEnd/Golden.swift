import Foundation
import TestSupport
import Testing

/// Compares `bytes` with the golden file `name` in `Tests/CalPagerCLITests/Goldens`; with
/// `CALPAGER_UPDATE_GOLDENS` set, writes it instead (read the diff, then commit it).
func expectGolden(
  _ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = PageGoldenTests.goldens.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["CALPAGER_UPDATE_GOLDENS"] != nil {
    try Data(bytes).write(to: url)
    return
  }
  let expected = try #require(
    contentsOfFile(url.path), "missing golden \(name)", sourceLocation: sourceLocation)
  #expect(
    bytes == expected,
    "\(name) differs:\n\(String(decoding: bytes, as: UTF8.self))",
    sourceLocation: sourceLocation)
}
