import Foundation
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

/// Prints what tokenizing and parsing typical shell lines cost; never fails on timing.
///
/// The line mode must run 50,000 paging commands a second end to end, so the command language
/// should take well under a microsecond or two a line. Debug builds are several times slower
/// than release: `CALPAGER_BENCH=1 swift test -c release --filter ParsePerformance` gives the
/// figure that counts. A measurement, not a check, so it runs only when asked for.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["CALPAGER_BENCH"] != nil,
    "a measurement, run when asked: CALPAGER_BENCH=1 swift test -c release --filter ParsePerformance"
  ))
struct ParsePerformanceTests {
  static let lines = [
    "next", "prev", "goto 2024-05-01", "next 3", "goto -2", "today", "add Lunch with Ana",
    "list 2024-05", "search bank mortgage", #"add --day=tomorrow "Call the bank" #12"#,
  ]

  @Test func measuresTokenizeAndParse() throws {
    let rounds = 20_000
    var results: [(String, Double)] = []
    var checksum = 0
    for line in ParsePerformanceTests.lines {
      // Warm up, and check the line parses.
      _ = try #require(try parseLine(line))
      let clock = ContinuousClock()
      let elapsed = try clock.measure {
        for _ in 0..<rounds {
          if let invocation = try parseLine(line) {
            checksum &+= invocation.options.json ? 1 : 2
          }
        }
      }
      let nanoseconds =
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      results.append((line, nanoseconds / Double(rounds)))
    }
    #expect(checksum == 2 * rounds * ParsePerformanceTests.lines.count)
    for (line, cost) in results {
      print("tokenize+parse \(String(Int(cost.rounded())).leftPadded(to: 6)) ns  \(line)")
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(width - count, 0)) + self
  }
}
