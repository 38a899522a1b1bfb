import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// `$EDITOR` never loses text: a real editor script that also changes the database while it
/// is open (removes or edits the note, holds a lock), or saves what cannot be a note.
@Suite struct EditorEndToEndTests {
  func notes(_ calpager: Calpager) throws -> [(day: String, body: String)] {
    try calpager.store().notes(in: Day.first...Day.last).map { ($0.day.description, $0.body) }
  }

  /// An executable editor script in the test's directory.
  func editor(_ calpager: Calpager, _ name: String, _ script: String) throws -> String {
    let path = calpager.directory.file(name)
    try writeFile(path, "#!/bin/sh\n" + script)
    chmod(path, 0o755)
    return path
  }

  /// The environment an editor script sees: the binary, the database, and a temporary
  /// directory of the test's own.
  func environment(_ calpager: Calpager, editor: String) -> [String: String?] {
    [
      "EDITOR": editor, "CALPAGER": Products.path("calpager"), "DB": calpager.database,
      "TMPDIR": calpager.directory.path, "DIR": calpager.directory.path,
      "CALPAGER_BUSY_TIMEOUT_MS": "100",
    ]
  }

  /// The file an error says keeps the text: the last `'…'` of the message.
  func keptFile(in stderr: String) throws -> String {
    let parts = stderr.split(separator: "'", omittingEmptySubsequences: false)
    try #require(parts.count >= 3, "no quoted path in \(stderr)")
    return String(parts[parts.count - 2])
  }

  func mode(of path: String) -> mode_t {
    var status = stat()
    stat(path, &status)
    return status.st_mode & 0o777
  }

  @Test func aNoteRemovedWhileTheEditorWasOpenComesBackAsANewNote() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "draft"])
    let script = try editor(
      calpager, "rm.sh",
      "\"$CALPAGER\" --db \"$DB\" rm 1 >/dev/null\nprintf 'draft, finished\\n' > \"$1\"\n")
    let result = try calpager.run(
      ["edit", "1"], environment: environment(calpager, editor: script))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "#1 was removed while the editor was open, so your text was added as #2 on "
        + "Wednesday 1 May 2024\n")
    let after = try notes(calpager)
    #expect(after.map(\.day) == ["2024-05-01"] && after.map(\.body) == ["draft, finished"])
  }

  @Test func aNoteChangedWhileTheEditorWasOpenKeepsBothVersions() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "draft"])
    let script = try editor(
      calpager, "race.sh",
      "\"$CALPAGER\" --db \"$DB\" edit 1 changed by a sync >/dev/null\n"
        + "printf 'changed in the editor\\n' > \"$1\"\n")
    let result = try calpager.run(
      ["edit", "1"], environment: environment(calpager, editor: script))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "#1 changed while the editor was open, so both versions are kept: #1 has the other "
        + "change, and your text was added as #2 on Wednesday 1 May 2024\n")
    let after = try notes(calpager)
    #expect(after.map(\.body) == ["changed by a sync", "changed in the editor"])
    #expect(after.map(\.day) == ["2024-05-01", "2024-05-01"])
    // Without a change meanwhile, the edit replaces the text as before.
    let plain = try editor(calpager, "plain.sh", "printf 'final\\n' > \"$1\"\n")
    let edited = try calpager.run(["edit", "2"], environment: environment(calpager, editor: plain))
    #expect(edited.stdout == "Edited #2 on Wednesday 1 May 2024\n")
    #expect(try notes(calpager).map(\.body) == ["changed by a sync", "final"])
  }

  @Test(.requires(.python3))
  func aDatabaseLockedPastTheTimeoutLeavesTheTextInANamedFile() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "kept"])
    // A second process takes the database's exclusive lock while the editor is open, and
    // holds it until the test is done with calpager.
    let holder = calpager.directory.file("hold.py")
    try writeFile(
      holder,
      """
      import os, sqlite3, sys, time
      # Descriptors inherited from the test's process (its pipes) would keep calpager's
      # output open as long as this process lives.
      os.closerange(3, 65536)
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN EXCLUSIVE")
      open(sys.argv[2] + ".tmp", "w").close()
      os.rename(sys.argv[2] + ".tmp", sys.argv[2])
      while not os.path.exists(sys.argv[3]):
          time.sleep(0.02)
      db.execute("COMMIT")
      open(sys.argv[4], "w").close()

      """)
    let script = try editor(
      calpager, "lock.sh",
      """
      python3 "$DIR/hold.py" "$DB" "$DIR/locked" "$DIR/release" "$DIR/released" \\
        </dev/null >/dev/null 2>&1 &
      while [ ! -e "$DIR/locked" ]; do sleep 0.02; done
      printf 'Written while locked\\n' > "$1"

      """)
    let before = try calpager.store().notes(in: Day.first...Day.last)
    let result = try calpager.run(
      ["add", "--day", "2024-05-01"], environment: environment(calpager, editor: script))
    try writeFile(calpager.directory.file("release"), "")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: The text was not saved ("))
    #expect(result.stderr.contains("is locked by another process"))
    let kept = try keptFile(in: result.stderr)
    #expect(kept.hasPrefix(calpager.directory.path + "/calpager-"))
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Written while locked\n")
    #expect(mode(of: kept) == 0o600)
    while !FileManager.default.fileExists(atPath: calpager.directory.file("released")) {
      usleep(20_000)
    }
    #expect(try calpager.store().notes(in: Day.first...Day.last) == before)
  }

  @Test func textThatIsNotUTF8StaysInTheFileTheErrorNames() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "plain"])
    let script = try editor(calpager, "latin1.sh", "printf 'caf\\351 cr\\350me\\n' > \"$1\"\n")
    let before = calpager.snapshot().filter { $0.key.hasSuffix(".db") }
    let result = try calpager.run(
      ["edit", "1"], environment: environment(calpager, editor: script))
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: The text was not saved (it is not valid UTF-8 text)"))
    let kept = try keptFile(in: result.stderr)
    // "café crème" in Latin-1, byte for byte.
    let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x72, 0xE8, 0x6D, 0x65, 0x0A]
    #expect(FileManager.default.contents(atPath: kept) == Data(latin1))
    #expect(calpager.snapshot().filter { $0.key.hasSuffix(".db") } == before)
  }

  @Test func anEditorThatFailsAfterWritingKeepsWhatItWrote() throws {
    let calpager = Calpager()
    let script = try editor(calpager, "fail.sh", "printf 'half a thought\\n' > \"$1\"\nexit 3\n")
    let result = try calpager.run(
      ["add", "--day", "2024-05-01"], environment: environment(calpager, editor: script))
    #expect(result.status == 1)
    #expect(result.stderr.contains("exited with status 3; nothing was saved, and what it wrote"))
    let kept = try keptFile(in: result.stderr)
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "half a thought\n")
    // An editor that fails without writing (vim's :cq) leaves nothing behind.
    let quit = try calpager.run(
      ["add", "--day", "2024-05-01"], environment: environment(calpager, editor: "false"))
    #expect(quit.status == 1)
    #expect(quit.stderr.hasSuffix("exited with status 1; nothing was saved\n"))
    let left = try FileManager.default.contentsOfDirectory(atPath: calpager.directory.path)
      .filter { $0.hasPrefix("calpager-") }
    #expect(left == [URL(fileURLWithPath: kept).lastPathComponent])
  }
}
