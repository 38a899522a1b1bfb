import Foundation
import TestSupport
import Testing

/// The test support's Python peers: a `python3` without the packages of
/// `Tests/Scripts/requirements.txt` gets a virtual environment with them, made once and reused
/// while the requirements are unchanged; a Python that has them all is used as it is.
///
/// The environments are real (`python3 -m venv`, `pip install` from PyPI) and kept under
/// `.build/test-peers/facility-test`, so only a first run pays for the install.
@Suite(.serialized, .requires(.python3))
struct PythonPeersTests {
  static let folder = PythonPeers.folder + "/facility-test"

  /// A Python with no packages at all (not even pip): a virtual environment made
  /// `--without-pip` from the running `python3`, kept while it runs.
  static func barePython() throws -> String {
    let bare = folder + "/bare"
    let python = bare + "/bin/python3"
    if (try? runProcess(python, ["-c", "pass"]).status) != 0 {
      try? FileManager.default.removeItem(atPath: bare)
      let made = try runProcess(try Peer.python3.path(), ["-m", "venv", "--without-pip", bare])
      try #require(made.status == 0, "\(made.stderr)")
    }
    return python
  }

  /// The version `requirements.txt` pins `name` to.
  static func pinned(_ name: String) throws -> String {
    let text = String(decoding: contentsOfFile(PythonPeers.requirements) ?? [], as: UTF8.self)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(name + "==") })
    return String(line.dropFirst(name.count + 2).prefix { $0 != " " && $0 != "#" })
  }

  @Test func aPythonWithoutThePackagesGetsAVirtualEnvironmentThatHasThem() throws {
    let bare = try Self.barePython()
    #expect(try runProcess(bare, ["-c", "import icalendar"]).status != 0, "the control")

    let peers = Self.folder + "/peers"
    let interpreter = try #require(
      try PythonPeers.interpreter(
        python: bare, folder: peers, requirements: PythonPeers.requirements))
    #expect(interpreter.executable == peers + "/venv/bin/python3")
    let imported = try interpreter.run(["-c", "import icalendar; print(icalendar.__version__)"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout == "\(try Self.pinned("icalendar"))\n")
    // What it starts finds the peers' commands on PATH (a sync-command runs `vdirsyncer`).
    let found = try interpreter.run(
      ["-c", "import shutil; print(shutil.which('radicale')); print(shutil.which('vdirsyncer'))"])
    #expect(found.stdout == "\(peers)/venv/bin/radicale\n\(peers)/venv/bin/vdirsyncer\n")

    // A Python that has every package is used as it is: no environment is made for it.
    let other = Self.folder + "/unused"
    try? FileManager.default.removeItem(atPath: other)
    let itself = try #require(
      try PythonPeers.interpreter(
        python: interpreter.executable, folder: other, requirements: PythonPeers.requirements))
    #expect(itself.executable == interpreter.executable)
    #expect(!FileManager.default.fileExists(atPath: other + "/venv"))
  }

  @Test func theEnvironmentIsReusedUntilTheRequirementsChange() throws {
    let bare = try Self.barePython()
    // pip is the one package the bare Python lacks that needs no download. The requirements
    // are the previous run's, so that only the change below makes an environment (each takes
    // seconds).
    let folder = Self.folder + "/reuse"
    let requirements = folder + "-requirements.txt"
    let previous = contentsOfFile(requirements).map { String(decoding: $0, as: UTF8.self) }
    if previous == nil { try writeFile(requirements, "pip  # change 0\n") }
    let first = try #require(
      try PythonPeers.interpreter(python: bare, folder: folder, requirements: requirements))
    #expect(first.executable == folder + "/venv/bin/python3")
    let mark = folder + "/venv/made-by-this-test"
    try writeFile(mark, "")

    let again = try #require(
      try PythonPeers.interpreter(python: bare, folder: folder, requirements: requirements))
    #expect(again.executable == first.executable)
    #expect(FileManager.default.fileExists(atPath: mark), "the environment was made again")

    let count = Int(previous?.split(separator: " ").last?.dropLast() ?? "") ?? 0
    try writeFile(requirements, "pip  # change \(count + 1)\n")
    let changed = try #require(
      try PythonPeers.interpreter(python: bare, folder: folder, requirements: requirements))
    #expect(changed.executable == first.executable)
    #expect(!FileManager.default.fileExists(atPath: mark), "the old environment was reused")
  }
}
