import Foundation
import Interchange
import TestSupport
import Testing

/// Runs `Tests/Scripts/ics_check.py`: the PyPI `icalendar` package, an independent parser,
/// must recover every note of the corpus from the `ics` export exactly.
@Suite(.requires(.pythonPackages))
struct ICSCheckScriptTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts/ics_check.py")

  /// Writes the corpus as `ics` (passed through `edit`) and as `jsonl`, then runs the script.
  static func check(edit: (String) -> String = { $0 }) throws -> (status: Int32, output: String) {
    let folder = TemporaryDirectory("ics-check")
    let ics = folder.file("notes.ics")
    let jsonl = folder.file("notes.jsonl")
    let exported = String(
      decoding: NoteEncoder.encode(TestCorpus.notes, format: .ics), as: UTF8.self)
    try writeFile(ics, edit(exported))
    try writeFile(jsonl, NoteEncoder.encode(TestCorpus.notes, format: .jsonl))
    return try ScriptRunner.run([script.path, ics, jsonl])
  }

  @Test func icalendarRecoversEveryNoteExactly() throws {
    let (status, output) = try Self.check()
    #expect(status == 0, "\(output)")
    #expect(output.contains("\(TestCorpus.notes.count) notes recovered exactly"))
  }

  @Test func theScriptNoticesAChangedText() throws {
    let (status, output) = try Self.check {
      $0.replacingOccurrences(of: "SUMMARY:Dentist at 10:00", with: "SUMMARY:Dentist")
    }
    #expect(status == 1)
    #expect(output.contains("the text is 'Dentist'"))
  }
}

/// `ics_check.py --lossless`: icalendar finds every property of a foreign journal, with its
/// value and parameters, in what calpager writes back after changing its text.
@Suite(.requires(.pythonPackages))
struct ICSLosslessScriptTests {
  static func check(body: String) throws -> (status: Int32, output: String) {
    let folder = TemporaryDirectory("ics-lossless")
    let original = ICalItemTests.item(ICalItemTests.foreignLines)
    guard case .note(let decoded) = ICalItem.read(original, zone: .utc) else {
      throw CancellationError()
    }
    let written = ICalItem.render(ICalItemTests.note(decoded, body: body), zone: .utc)
    try writeFile(folder.file("original.ics"), original)
    try writeFile(folder.file("written.ics"), written)
    try writeFile(folder.file("body.txt"), body)
    return try ScriptRunner.run([
      ICSCheckScriptTests.script.path, "--lossless", folder.file("original.ics"),
      folder.file("written.ics"), folder.file("body.txt"),
    ])
  }

  /// A control: a property lost on the way is caught.
  @Test func theScriptNoticesALostProperty() throws {
    let folder = TemporaryDirectory("ics-lossless-control")
    let original = ICalItemTests.item(ICalItemTests.foreignLines)
    let lines = ICalItemTests.foreignLines.filter { !$0.hasPrefix("CATEGORIES") }
    try writeFile(folder.file("original.ics"), original)
    try writeFile(folder.file("written.ics"), ICalItemTests.item(lines))
    try writeFile(folder.file("body.txt"), "x")
    let (status, output) = try ScriptRunner.run([
      ICSCheckScriptTests.script.path, "--lossless", folder.file("original.ics"),
      folder.file("written.ics"), folder.file("body.txt"),
    ])
    #expect(status == 1)
    #expect(output.contains("CATEGORIES b'Home,Garden' {} is gone or changed"), "\(output)")
  }

  @Test(arguments: [
    "Garden work\nPlanted tulips; no roses", "one line only", "control \u{1B}[31m and CR\r\nend",
    "CJK 日本語\n" + String(repeating: "ten kB body ", count: 900),
  ])
  func everyUnchangedPropertySurvivesATextEdit(body: String) throws {
    let (status, output) = try Self.check(body: body)
    #expect(status == 0, "\(output)")
    #expect(output.contains("1 journals kept every property"))
  }
}

/// Runs Python scripts for tests, with the Python peers (`.requires(.pythonPackages)`).
enum ScriptRunner {
  /// Runs the Python that has the peers with `arguments`; its standard output and error
  /// together.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    guard let python = try PythonPeers.interpreter() else {
      throw PeerError.missing(.pythonPackages)
    }
    let result = try python.run(arguments)
    return (result.status, result.stdout + result.stderr)
  }
}
