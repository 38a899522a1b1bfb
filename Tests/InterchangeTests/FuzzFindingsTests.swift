import Foundation
import Interchange
import Testing

/// Every input a fuzz target crashed on, replayed through the same check.
///
/// `FuzzCheck` traps if a finding fails again. Findings live in `Tests/Fuzz/Findings/<target>/`.
@Suite struct FuzzFindingsTests {
  static let targets: [(name: String, format: Format)] = [
    ("FuzzJSONLDecoder", .jsonl), ("FuzzJSONDecoder", .json), ("FuzzCSVDecoder", .csv),
    ("FuzzICSDecoder", .ics), ("FuzzJRNLDecoder", .jrnl),
  ]

  static func findings() -> [(file: String, format: Format)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Findings")
    var result: [(String, Format)] = []
    for target in targets {
      let folder = root.appendingPathComponent(target.name)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names.sorted() {
        result.append((folder.appendingPathComponent(name).path, target.format))
      }
    }
    return result
  }

  @Test func findingsArePresent() {
    #expect(Self.findings().count >= 2)
  }

  /// A parameterized test over an empty or missing folder has no cases and passes having
  /// replayed nothing: every folder of `Tests/Fuzz/Findings` is a target's and holds a finding,
  /// and `FuzzICalItem`'s is there.
  @Test func everyFindingsFolderIsATargetsAndHoldsAFinding() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Findings")
    let folders = try FileManager.default.contentsOfDirectory(atPath: root.path)
    let known = Set(Self.targets.map(\.name) + ["FuzzICalItem"])
    #expect(folders.contains("FuzzICalItem"))
    for folder in folders {
      #expect(known.contains(folder), "Tests/Fuzz/Findings/\(folder) is no replayed target's")
      let names = try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
      #expect(!names.isEmpty, "Tests/Fuzz/Findings/\(folder) is empty: nothing is replayed")
    }
    #expect(!Self.itemFindings().isEmpty)
  }

  @Test(arguments: findings().map(\.file))
  func findingPassesTheFuzzCheck(file: String) throws {
    let format = try #require(Self.findings().first { $0.file == file }?.format)
    let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    data.withUnsafeBufferPointer { FuzzCheck.check($0, format: format) }
  }

  /// What `FuzzICalItem` found, replayed through `FuzzCheck.checkItem`.
  static func itemFindings() -> [String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Findings/FuzzICalItem")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0).path }
  }

  @Test(arguments: itemFindings())
  func itemFindingPassesTheItemCheck(file: String) throws {
    let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    data.withUnsafeBufferPointer { FuzzCheck.checkItem($0) }
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
