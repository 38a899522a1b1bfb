import Foundation
import TestSupport
import Testing

@testable import NoteStore

@Suite struct ConcurrentWritersTests {
  @Test func fourProcessesEachCommitting500WritesLoseNothing() throws {
    let directory = TemporaryDirectory("writers")
    let path = directory.file("shared.db")
    _ = try NoteStore(location: StoreLocation(path: path, createsParentDirectories: false))
    let writers = 4
    let writes = 500
    nonisolated(unsafe) var results: [ProcessResult?] = Array(repeating: nil, count: writers)
    let lock = NSLock()
    // One thread per writer, so all four run at once (concurrentPerform runs no more
    // iterations at a time than there are cores: two here).
    let group = DispatchGroup()
    for writer in 0..<writers {
      group.enter()
      Thread {
        let result = try? runProcess(
          Products.path("calpager-probe"), ["write", path, "w\(writer)", "\(writes)"])
        lock.withLock { results[writer] = result }
        group.leave()
      }.start()
    }
    group.wait()
    let database = try Database(path: path)
    for (writer, result) in results.enumerated() {
      let result = try #require(result)
      #expect(result.status == 0, "writer \(writer): \(result.stderr)")
      #expect(result.stderr.isEmpty)
      let acknowledged = result.stdout.split(separator: "\n")
      #expect(acknowledged.count == writes)
      for line in acknowledged {
        let key = "probe." + line.dropFirst(3).replacingOccurrences(of: " ", with: ".")
        #expect(try database.scalarInt("SELECT 1 FROM settings WHERE key = ?", [.text(key)]) == 1)
      }
    }
    #expect(
      try database.scalarInt("SELECT count(*) FROM settings WHERE key LIKE 'probe.%'") == writers
        * writes)
    #expect(try database.scalarString("PRAGMA integrity_check") == "ok")
  }
}
