import CalendarPaging
import Foundation
import Glibc
import NoteModel
import NoteStore
import TestSupport
import Testing

/// `calpager sync` through the binary: the lock, the sync command, other writers while a sync
/// runs, permissions, and the crash test (reduced).
@Suite struct SyncEndToEndTests {
  /// A configuration directory whose `calpager/config` holds `text`; the environment that
  /// points calpager at it.
  static func config(_ text: String, in calpager: Calpager) throws -> [String: String?] {
    let directory = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: directory + "/calpager", withIntermediateDirectories: true)
    try writeFile(directory + "/calpager/config", text)
    return ["XDG_CONFIG_HOME": directory]
  }

  /// Starts `calpager --db DATABASE arguments…` without waiting for it.
  static func start(_ calpager: Calpager, _ arguments: [String], environment: [String: String?])
    throws -> Process
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path("calpager"))
    process.arguments = ["--db", calpager.database] + arguments
    var merged = ProcessInfo.processInfo.environment
    merged["TZ"] = "UTC"
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Waits up to ten seconds for `path` to exist.
  static func waitFor(_ path: String) -> Bool {
    for _ in 0..<1000 {
      if FileManager.default.fileExists(atPath: path) { return true }
      usleep(10_000)
    }
    return false
  }

  @Test func aSecondSyncSaysOneIsRunningAndExits1() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    let started = calpager.directory.file("started")
    let release = calpager.directory.file("release")
    try calpager.run(["add", "--day", "2024-05-01", "A note"])
    // The first sync holds the lock while its command waits to be released.
    let environment = try Self.config(
      "sync-command = touch \(started); while [ ! -e \(release) ]; do sleep 0.02; done\n",
      in: calpager)
    let first = try Self.start(calpager, ["sync", vdir], environment: environment)
    defer { if first.isRunning { first.terminate() } }
    #expect(Self.waitFor(started))
    let second = try calpager.run(["sync", vdir])
    #expect(second.status == 1)
    #expect(
      second.stderr
        == "Error: Another calpager sync is running on '\(vdir)'; try again when it ends\n")
    #expect(second.stdout.isEmpty)
    try writeFile(release, "")
    first.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(try calpager.run(["sync", vdir]).stdout.hasPrefix("Synced \(vdir): 0 sent"))
  }

  @Test func theSyncCommandRunsBeforeAndAfterTheMerge() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    let log = calpager.directory.file("log")
    try calpager.run(["add", "--day", "2024-05-01", "A note"])
    // Before the merge it drops a file into the vdir (as vdirsyncer brings the server's
    // items), and it logs how many items it saw each time; its stdin is /dev/null (cat ends
    // at once) and its output goes to standard error.
    let script = calpager.directory.file("round.sh")
    try writeFile(
      script,
      """
      mkdir -p "$1"
      if [ ! -e "$2" ]; then
        printf 'BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nPRODID:-//t//EN\\r\\nBEGIN:VJOURNAL\\r\\nUID:server-1\\r\\nDTSTAMP:20240501T100000Z\\r\\nDTSTART;VALUE=DATE:20240502\\r\\nSUMMARY:From the server\\r\\nEND:VJOURNAL\\r\\nEND:VCALENDAR\\r\\n' > "$1/server-1.ics"
      fi
      ls "$1" | wc -l | tr -d ' ' >> "$2"
      cat
      echo "output of the command"

      """)
    let environment = try Self.config(
      "# the round with the server\nsync-command = sh \(script) \(vdir) \(log)\n", in: calpager)
    let result = try calpager.run(["sync", vdir], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "Synced \(vdir): 1 sent, 1 received, 0 updated, 0 removed, 0 conflicts, 0 ignored\n")
    #expect(result.stderr == "output of the command\noutput of the command\n")
    #expect(String(decoding: contentsOfFile(log) ?? [], as: UTF8.self) == "1\n2\n")
    #expect(try calpager.store().noteCount() == 2)
  }

  @Test func aFailingSyncCommandExits1AndTheMergeStillHappens() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    try calpager.run(["add", "--day", "2024-05-01", "A note"])
    let environment = try Self.config("sync-command = echo offline >&2; exit 3\n", in: calpager)
    let result = try calpager.run(["sync", vdir], environment: environment)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("Synced \(vdir): 1 sent,"))
    #expect(
      result.stderr
        == "offline\noffline\nError: The sync command 'echo offline >&2; exit 3' run before the "
        + "merge exited with status 3\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }
        .count == 1)

    // A dry run runs no command.
    let dryRun = try calpager.run(["sync", vdir, "--dry-run"], environment: environment)
    #expect(dryRun.status == 0 && dryRun.stderr.isEmpty)
  }

  @Test func aBadConfigurationFileIsOneLineAndChangesNothing() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    try calpager.run(["add", "--day", "2024-05-01", "A note"])
    let environment = try Self.config("sync-command = true\nsync-comand = typo\n", in: calpager)
    let before = calpager.snapshot()
    let result = try calpager.run(["sync", vdir], environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: The configuration file '\(calpager.directory.file("config"))/calpager/config', "
        + "line 2, cannot be used: unknown key 'sync-comand': the file holds sync-command, "
        + "calendar.NAME, calendar.NAME.color, calendar.NAME.hidden\n")
    #expect(calpager.snapshot() == before)
    #expect(!FileManager.default.fileExists(atPath: vdir))
  }

  @Test func filesAre0600InA0700FolderWhateverTheUmask() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("deep/er/vdir")
    try calpager.run(["add", "--day", "2024-05-01", "A note"])
    let result = try runProcess(
      "/bin/sh",
      [
        "-c", "umask 000; exec \"$0\" --db \"$1\" sync \"$2\"", Products.path("calpager"),
        calpager.database, vdir,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    func mode(_ path: String) -> Int {
      var info = stat()
      lstat(path, &info)
      return Int(info.st_mode & 0o777)
    }
    #expect(mode(vdir) == 0o700 && mode(calpager.directory.file("deep")) == 0o700)
    let names = try FileManager.default.contentsOfDirectory(atPath: vdir)
    #expect(names.count == 2, "the note and the folder's marker")
    #expect(names.allSatisfy { mode(vdir + "/" + $0) == 0o600 })
  }

  @Test func otherWritersNeverFailWhileASyncRuns() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    let source = calpager.directory.file("notes.jsonl")
    try writeFile(
      source,
      (0..<4000).map { #"{"uid":"n\#($0)","day":"2024-05-01","body":"Note \#($0)"}"# }
        .joined(separator: "\n") + "\n")
    #expect(try calpager.run(["import", source]).status == 0)
    let sync = try Self.start(calpager, ["sync", vdir], environment: [:])
    var statuses: [Int32] = []
    var whileSyncing = 0
    while sync.isRunning || statuses.count < 5 {
      let running = sync.isRunning
      statuses.append(try calpager.run(["add", "--day", "2024-06-01", "Written meanwhile"]).status)
      if running { whileSyncing += 1 }
    }
    sync.waitUntilExit()
    #expect(sync.terminationStatus == 0)
    #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
    #expect(whileSyncing > 0)
    // What they wrote is sent by the next sync.
    let next = try calpager.run(["sync", vdir, "--json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any])
    #expect(json["removed"] as? Int == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }
        .count == calpager.store().noteCount())
  }

  /// The crash test of `Tests/Scripts/sync_crash.py`, reduced.
  ///
  /// Syncs killed with SIGKILL at random moments, each rerun checked for convergence with
  /// nothing lost or duplicated. `CALPAGER_SYNC_CRASH_ROUNDS` sets the rounds of each phase (the full run: 200, with
  /// 5,000 notes in `CALPAGER_SYNC_CRASH_NOTES`).
  @Test(.requires(.python3))
  func killedSyncsConverge() throws {
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["CALPAGER_SYNC_CRASH_ROUNDS"] ?? "6"
    let notes = environment["CALPAGER_SYNC_CRASH_NOTES"] ?? "200"
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Scripts/sync_crash.py").standardized.path
    let result = try runProcess(
      try Peer.python3.path(),
      [
        script, "--calpager", Products.path("calpager"), "--rounds", rounds,
        "--notes", notes,
      ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("0 failures"), "\(result.stdout)")
  }
}
