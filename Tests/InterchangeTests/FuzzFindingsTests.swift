import Foundation
import FuzzSupport
import Interchange
import Testing

/// Every input a fuzz target crashed or timed out on, replayed through the same check.
///
/// Findings live in `Tests/Fuzz/Findings/<target>/`. A check returns the properties an input
/// breaks, so a finding that fails again fails its own case, named, with every property it
/// broke, and the run goes on. The folders are counted too: one that goes missing or empty,
/// or that no check replays, fails `findingsFoldersAreAllThereAndAllReplayed` rather than
/// leaving the replay with fewer cases and nothing said.
@Suite struct FuzzFindingsTests {
  /// The check of each fuzz target whose findings are replayed.
  static let checks: [String: @Sendable (UnsafeBufferPointer<UInt8>) -> [String]] = [
    "FuzzJSONLDecoder": { FuzzCheck.failures(decoding: $0, as: .jsonl) },
    "FuzzJSONDecoder": { FuzzCheck.failures(decoding: $0, as: .json) },
    "FuzzCSVDecoder": { FuzzCheck.failures(decoding: $0, as: .csv) },
    "FuzzICSDecoder": { FuzzCheck.failures(decoding: $0, as: .ics) },
    "FuzzJRNLDecoder": { FuzzCheck.failures(decoding: $0, as: .jrnl) },
    "FuzzICalItem": { FuzzCheck.failures(readingItem: $0) },
  ]

  /// How many findings each folder held when they were last counted: a folder may gain
  /// findings (count them here), never lose one.
  static let counted = [
    "FuzzCSVDecoder": 1, "FuzzICSDecoder": 3, "FuzzICalItem": 2, "FuzzJSONDecoder": 2,
  ]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Findings")

  /// The names in `folder` of the findings root, sorted.
  static func names(in folder: String? = nil) throws -> [String] {
    let path = folder.map { root.appendingPathComponent($0).path } ?? root.path
    return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// The replay's cases: every finding, as `TARGET/FILE`.
  ///
  /// Empty when the folders cannot be read, which `findingsFoldersAreAllThereAndAllReplayed`
  /// reports.
  static func findings() -> [String] {
    let folders = (try? names()) ?? []
    return folders.flatMap { folder in ((try? names(in: folder)) ?? []).map { folder + "/" + $0 } }
  }

  @Test func findingsFoldersAreAllThereAndAllReplayed() throws {
    let folders = try Self.names()
    for folder in folders {
      #expect(Self.checks[folder] != nil, "no check replays the findings in '\(folder)'")
      #expect(try !Self.names(in: folder).isEmpty, "'\(folder)' holds no findings")
    }
    for (folder, count) in Self.counted.sorted(by: { $0.key < $1.key }) {
      #expect(folders.contains(folder), "the findings folder '\(folder)' is missing")
      let held = folders.contains(folder) ? try Self.names(in: folder).count : 0
      #expect(held >= count, "'\(folder)' holds \(held) findings; \(count) were counted")
    }
    let replayed = Self.findings()
    #expect(replayed.count >= Self.counted.values.reduce(0, +))
    let held = try folders.map { try Self.names(in: $0).count }.reduce(0, +)
    #expect(replayed.count == held)
  }

  @Test(arguments: findings())
  func findingPassesItsTargetsCheck(finding: String) throws {
    let target = String(finding.prefix { $0 != "/" })
    let check = try #require(Self.checks[target], "no check for '\(target)'")
    let data = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(finding)))
    #expect(data.withUnsafeBufferPointer(check) == [], "\(finding)")
  }

  /// The first two findings: an error message quoted a character cut short at the end of a
  /// chunk, so the same input gave different messages when read in different chunks.
  @Test func unexpectedCharacterMessagesDoNotDependOnChunks() throws {
    let input = Array("[\u{FEFF}x]".utf8)  // a BOM inside the array is not whitespace
    var messages: Set<String> = []
    for chunkSize in 1...6 {
      var decoder = try NoteDecoder(
        format: .json, source: ByteArraySource(input, chunkSize: chunkSize))
      let error = #expect(throws: InterchangeError.self) { try decoder.next() }
      messages.insert("\(error.map { "\($0)" } ?? "")")
    }
    #expect(messages == [#"line 1: unexpected '\u{FEFF}', expected a note object"#])
  }
}
