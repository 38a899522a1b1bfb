import Foundation
import TestSupport
import Testing

@testable import CalPagerCLI

@Suite struct LineHistoryTests {
  let directory = TemporaryDirectory("history")

  var path: String { directory.path + "/state/calpager/history" }

  func fileLines() -> [String] {
    String(decoding: contentsOfFile(path) ?? [], as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  @Test func defaultPathFollowsXDGThenHome() {
    #expect(
      LineHistory.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/calpager/history")
    #expect(
      LineHistory.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
        == "/h/.local/state/calpager/history")
    #expect(
      LineHistory.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/calpager/history")
    #expect(LineHistory.defaultPath(environment: [:]) == nil)
  }

  @Test func fileAndDirectoriesAreCreatedPrivate() throws {
    let history = LineHistory(path: path)
    #expect(history.add("goto 2024-05-01"))
    #expect(try mode(path) == 0o600)
    #expect(try mode(directory.path + "/state/calpager") == 0o700)
    #expect(try mode(directory.path + "/state") == 0o700)
    #expect(fileLines() == ["goto 2024-05-01", ""])
  }

  @Test func aWiderFileIsMadePrivate() throws {
    let history = LineHistory(path: path)
    history.add("one")
    chmod(path, 0o644)
    _ = LineHistory(path: path)
    #expect(try mode(path) == 0o600)
  }

  @Test func blankLinesAndRepeatsOfThePreviousLineAreNotKept() {
    let history = LineHistory(path: path)
    #expect(history.add("next"))
    #expect(!history.add("next"))
    #expect(!history.add("   "))
    #expect(!history.add(""))
    #expect(!history.add("a\nb"))
    #expect(history.add("prev"))
    #expect(history.add("next"))
    #expect(history.entries == ["next", "prev", "next"])
    #expect(fileLines() == ["next", "prev", "next", ""])
  }

  @Test func historyPersistsAcrossSessionsAndIsBounded() {
    let first = LineHistory(path: path, limit: 3)
    for number in 1...5 { first.add("line \(number)") }
    #expect(first.entries == ["line 3", "line 4", "line 5"])
    #expect(fileLines() == ["line 3", "line 4", "line 5", ""])
    let second = LineHistory(path: path, limit: 3)
    #expect(second.entries == ["line 3", "line 4", "line 5"])
    #expect(!second.add("line 5"), "a repeat of the previous session's last line")
  }

  @Test func aLargerFileIsCutToTheLimitWhenLoaded() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path + "/state/calpager", withIntermediateDirectories: true)
    try writeFile(path, (1...10).map { "line \($0)\n" }.joined())
    let history = LineHistory(path: path, limit: 4)
    #expect(history.entries == ["line 7", "line 8", "line 9", "line 10"])
    #expect(fileLines() == ["line 7", "line 8", "line 9", "line 10", ""])
  }

  @Test func twoSessionsLoseNoneOfEachOthersLines() {
    let first = LineHistory(path: path)
    let second = LineHistory(path: path)
    first.add("from first")
    second.add("from second")
    first.add("first again")
    #expect(LineHistory(path: path).entries == ["from first", "from second", "first again"])
  }

  @Test func unwritableFileLeavesAHistoryInMemory() throws {
    let history = LineHistory(path: "/proc/nonexistent/calpager/history")
    #expect(history.add("still here"))
    #expect(history.entries == ["still here"])
    let none = LineHistory(path: nil)
    #expect(none.add("memory only"))
  }
}
