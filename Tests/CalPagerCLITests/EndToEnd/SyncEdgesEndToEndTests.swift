import CalendarPaging
import Foundation
import Glibc
import NoteModel
import NoteStore
import TestSupport
import Testing

/// `calpager sync` at the edges, through the binary on real folders (issue 20, items 6-12):
/// undo and sync, a failed sync, a moved folder, a renamed file, UID clashes, a rewrite in
/// place and a racing writer.
@Suite struct SyncEdgesEndToEndTests {
  /// A journal another device wrote, as `NAME.ics` in `vdir`.
  static func phoneJournal(
    uid: String, day: String = "20240502", summary: String,
    modified: String = "20240501T100000Z"
  ) -> String {
    journalItem(
      uid: uid,
      [
        "DTSTAMP:\(modified)", "LAST-MODIFIED:\(modified)", "DTSTART;VALUE=DATE:\(day)",
        "SUMMARY:\(summary)",
      ])
  }

  /// The `*.ics` names in `path`, sorted.
  static func items(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
      .filter { $0.hasSuffix(".ics") }.sorted()
  }

  /// The bodies of every note, sorted.
  static func bodies(_ calpager: Calpager) throws -> [String] {
    try calpager.store().notes(in: Day.first...Day.last).map(\.body).sorted()
  }

  // MARK: - 12. undo and sync

  @Test func aPlainUndoNeverUndoesASyncAndUndoSyncDoes() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    try calpager.run(["add", "--day", "2024-05-01", "Written here"])
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try writeFile(
      vdir + "/phone-1.ics", Self.phoneJournal(uid: "phone-1", summary: "From the phone"))
    let sync = try calpager.run(["sync", vdir])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(try Self.bodies(calpager) == ["From the phone", "Written here"])

    // What a cron job's sync received is not the target of the user's next undo.
    let before = calpager.snapshot()
    let undo = try calpager.run(["undo"])
    #expect(undo.status == 1)
    #expect(undo.stdout.isEmpty)
    let prefix = "Error: The last change is the sync with '\(vdir)' at "
    let suffix =
      " UTC; a plain undo never undoes a sync: to take it back, run 'calpager undo --sync'\n"
    #expect(undo.stderr.hasPrefix(prefix) && undo.stderr.hasSuffix(suffix), "\(undo.stderr)")
    let time = undo.stderr.dropFirst(prefix.count).dropLast(suffix.count)
    #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/) != nil, "\(time)")
    #expect(calpager.snapshot() == before)

    let deliberate = try calpager.run(["undo", "--sync"])
    #expect(deliberate.status == 0, "\(deliberate.stderr)")
    #expect(deliberate.stdout == "Undid sync: removed 1 note\n")
    #expect(try Self.bodies(calpager) == ["Written here"])

    // Now the last change is the add: --sync refuses it, a plain undo takes it.
    let notSync = try calpager.run(["undo", "--sync"])
    #expect(notSync.status == 1)
    #expect(
      notSync.stderr
        == "Error: The last change is not a sync but 'add': nothing was undone; run "
        + "'calpager undo' to undo it\n")
    #expect(try calpager.run(["undo"]).stdout == "Undid add: removed 1 note\n")

    let help = try calpager.run(["undo", "--help"])
    #expect(help.stdout.contains("--sync"))
    #expect(help.stdout.contains("A plain undo never undoes a sync"))
  }

  // MARK: - 11. a failed sync

  /// Runs `chown -R nobody` on `path`.
  static func giveToNobody(_ path: String) throws {
    #expect(try runProcess("/bin/chown", ["-R", "65534:65534", path]).status == 0)
  }

  @Test(.requires(.anotherUser))
  func aFailedSyncNamesWhatItAppliedAndKeepsTheFolderThatWorks() throws {
    let calpager = Calpager()
    let home = calpager.directory.file("db")
    let database = home + "/calpager.db"
    let vdir = calpager.directory.file("vdir")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    try calpager.run(["add", "--day", "2024-05-01", "Written here"], database: database)
    #expect(try calpager.run(["sync", vdir], database: database).status == 0)
    let name = try #require(Self.items(vdir).first)
    let uid = String(name.dropLast(4))
    // A conflict the database wins: the phone's edit is older than the edit here, so its
    // version is kept as a note of its own before the file is rewritten.
    try writeFile(
      vdir + "/" + name,
      Self.phoneJournal(
        uid: uid, day: "20240501", summary: "Edited on the phone",
        modified: "20240101T000000Z"))
    #expect(try calpager.run(["edit", "1", "Edited here"], database: database).status == 0)
    // The folder is read-only to its owner, nobody, who runs the sync.
    let other = calpager.directory.file("other")
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
    try Self.giveToNobody(home)
    try Self.giveToNobody(vdir)
    try Self.giveToNobody(other)
    chmod(vdir, 0o500)
    chmod(other, 0o500)
    defer {
      chmod(vdir, 0o700)
      chmod(other, 0o700)
    }

    let failed = try calpager.runAsNobody(["sync"], database: database)
    #expect(failed.status == 1)
    #expect(failed.stdout.isEmpty)
    let store = try NoteStore(
      location: StoreLocation(path: database, createsParentDirectories: false))
    let copy = try #require(
      try store.notes(in: Day.first...Day.last).first { $0.body == "Edited on the phone" })
    #expect(
      failed.stderr
        == "Error: Cannot write '\(vdir)/\(name)': Permission denied; before it stopped, the "
        + "sync had kept the vdir's version of '\(name)' as #\(copy.id!) (uid '\(copy.uid)'), a "
        + "conflict copy; the next sync carries on from there\n")

    // A new folder that fails is not remembered: sync-dir stays the folder that works.
    let elsewhere = try calpager.runAsNobody(["sync", other], database: database)
    #expect(elsewhere.status == 1)
    #expect(
      elsewhere.stderr
        == "Error: Cannot write '\(other)/.calpager-vdir': Permission denied; nothing had been "
        + "changed yet; the next sync carries on from there\n")
    #expect(
      try calpager.run(["config", "get", "sync-dir"], database: database).stdout == vdir + "\n")

    // Writable again, the next sync carries on: both versions are kept, once each.
    chmod(vdir, 0o700)
    let next = try calpager.runAsNobody(["sync"], database: database)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(
      try store.notes(in: Day.first...Day.last).map(\.body).sorted()
        == ["Edited here", "Edited on the phone"])
    #expect(Self.items(vdir).count == 2)
  }

  // MARK: - 6. a folder's identity

  /// `sync DIR`'s summary line with these counts.
  static func summary(
    _ path: String, sent: Int = 0, received: Int = 0, updated: Int = 0, removed: Int = 0,
    conflicts: Int = 0, ignored: Int = 0
  ) -> String {
    "Synced \(path): \(sent) sent, \(received) received, \(updated) updated, "
      + "\(removed) removed, \(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(ignored) ignored\n"
  }

  @Test func aMovedFolderContinuesItsSyncStateAndRemovalsStayRemoved() throws {
    let calpager = Calpager()
    let first = calpager.directory.file("notes")
    try calpager.run(["add", "--day", "2024-05-01", "Kept"])
    try calpager.run(["add", "--day", "2024-05-02", "Removed here"])
    #expect(try calpager.run(["sync", first]).stdout == Self.summary(first, sent: 2))

    // Renamed by hand (as a user tidying up, or a new disk mounted elsewhere).
    let moved = calpager.directory.file("journal")
    #expect(rename(first, moved) == 0)
    #expect(try calpager.run(["rm", "2"]).status == 0)
    let sync = try calpager.run(["sync", moved])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stdout == Self.summary(moved, removed: 1))
    #expect(try Self.bodies(calpager) == ["Kept"])
    #expect(Self.items(moved).count == 1)
    #expect(try calpager.run(["config", "get", "sync-dir"]).stdout == moved + "\n")
    #expect(try calpager.run(["sync", moved]).stdout == Self.summary(moved))
  }

  @Test(.requires(.bindMounts))
  func aFolderReachedThroughABindMountIsTheSameFolder() throws {
    let calpager = Calpager()
    let folder = calpager.directory.file("notes")
    let mountPoint = calpager.directory.file("mounted")
    try calpager.run(["add", "--day", "2024-05-01", "Kept"])
    try calpager.run(["add", "--day", "2024-05-02", "Removed here"])
    #expect(try calpager.run(["sync", folder]).status == 0)
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
    let mount = try Peer.bindMounts.path()
    #expect(try runProcess(mount, ["--bind", folder, mountPoint]).status == 0)
    defer { _ = try? runProcess("/bin/umount", [mountPoint]) }

    #expect(try calpager.run(["rm", "2"]).status == 0)
    #expect(try calpager.run(["sync", mountPoint]).stdout == Self.summary(mountPoint, removed: 1))
    #expect(try Self.bodies(calpager) == ["Kept"])
    // And back through the first path: still the same folder, nothing to do.
    #expect(try calpager.run(["sync", folder]).stdout == Self.summary(folder))
    #expect(Self.items(folder).count == 1)
  }

  // MARK: - 7. a file renamed by hand

  /// The notes as `#ID BODY`, by id.
  static func notes(_ calpager: Calpager) throws -> [String] {
    try calpager.store().notes(in: Day.first...Day.last).map { "#\($0.id ?? 0) \($0.body)" }
      .sorted()
  }

  @Test func aFileRenamedByHandIsTheSameNoteUnderItsNewName() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    try calpager.run(["add", "--day", "2024-05-02", "Other"])
    #expect(try calpager.run(["sync", vdir]).status == 0)
    let uid = try #require(try calpager.store().note(id: 1)?.uid)
    let other = try #require(Self.items(vdir).first { !$0.hasPrefix(uid) })

    // Renamed: nothing removed, nothing added back, no second file for the note.
    #expect(rename(vdir + "/\(uid).ics", vdir + "/dentist.ics") == 0)
    let sync = try calpager.run(["sync"])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      sync.stdout
        == Self.summary(vdir)
        + "  renamed: \(uid).ics is now dentist.ics (the same note, found by its UID)\n")
    #expect(try Self.notes(calpager) == ["#1 Dentist", "#2 Other"])
    #expect(Self.items(vdir) == ["dentist.ics", other].sorted())
    #expect(try calpager.run(["sync"]).stdout == Self.summary(vdir))

    // Renamed and edited by another program: the edit is taken, the note keeps its id.
    #expect(unlink(vdir + "/dentist.ics") == 0)
    try writeFile(
      vdir + "/tooth.ics",
      Self.phoneJournal(
        uid: uid, day: "20240501", summary: "Dentist at 11:00",
        modified: "20300101T000000Z"))
    #expect(try calpager.run(["sync"]).stdout.hasPrefix(Self.summary(vdir, updated: 1)))
    #expect(try Self.notes(calpager) == ["#1 Dentist at 11:00", "#2 Other"])
    #expect(Self.items(vdir) == [other, "tooth.ics"].sorted())

    // Renamed while the note was edited here: the file under its new name is rewritten.
    #expect(rename(vdir + "/tooth.ics", vdir + "/a.ics") == 0)
    #expect(try calpager.run(["edit", "1", "Dentist at noon"]).status == 0)
    #expect(try calpager.run(["sync"]).stdout.hasPrefix(Self.summary(vdir, updated: 1)))
    #expect(Self.items(vdir) == ["a.ics", other].sorted())
    #expect(
      String(decoding: contentsOfFile(vdir + "/a.ics") ?? [], as: UTF8.self)
        .contains("SUMMARY:Dentist at noon\r\n"))
    #expect(try Self.notes(calpager) == ["#1 Dentist at noon", "#2 Other"])
    #expect(try calpager.run(["sync"]).stdout == Self.summary(vdir))
  }

  // MARK: - 10. UIDs unique in the folder

  /// An event another program keeps in the same collection, as the README's khal recipe
  /// brings its events over as notes with the events' uids.
  static let event = crlfLines([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//khal//EN", "BEGIN:VEVENT", "UID:ev-1",
    "DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240503", "SUMMARY:Birthday", "END:VEVENT",
    "END:VCALENDAR",
  ])

  /// The `UID:` lines of the folder's items, sorted.
  static func uids(_ vdir: String) -> [String] {
    items(vdir).flatMap { name in
      String(decoding: contentsOfFile(vdir + "/" + name) ?? [], as: UTF8.self)
        .components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
    }.sorted()
  }

  /// A folder holding the event, and a database holding a note with the event's uid.
  static func clash(_ calpager: Calpager) throws -> String {
    let vdir = calpager.directory.file("vdir")
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try writeFile(vdir + "/birthday.ics", event)
    let records = calpager.directory.file("khal.jsonl")
    try writeFile(records, #"{"uid":"ev-1","day":"2024-05-03","body":"Birthday"}"# + "\n")
    #expect(try calpager.run(["import", records]).status == 0)
    return vdir
  }

  @Test func aNoteWhoseUIDAnEventHasTakesANewOneWhenFirstSynced() throws {
    let calpager = Calpager()
    let vdir = try Self.clash(calpager)
    let sync = try calpager.run(["sync", vdir])
    #expect(sync.status == 0, "\(sync.stderr)")
    let note = try #require(try calpager.store().note(id: 1))
    #expect(note.uid != "ev-1" && note.body == "Birthday")
    #expect(
      sync.stdout
        == Self.summary(vdir, sent: 1, ignored: 1)
        + "  new uid for #1: 'ev-1' is also the UID of birthday.ics (left alone); the note is "
        + "now '\(note.uid)'\n"
        + "  left alone: birthday.ics: an event (VEVENT): calpager keeps journals only\n")
    #expect(Self.uids(vdir) == ["UID:\(note.uid)", "UID:ev-1"].sorted())
    let next = try calpager.run(["sync", vdir])
    #expect(next.stdout.hasPrefix(Self.summary(vdir, ignored: 1)))
    #expect(Self.uids(vdir).count == 2)
  }

  @Test(.requires(.pythonPackages))
  func vdirsyncerSyncsAFolderWhoseNoteHadAnEventsUID() throws {
    let calpager = Calpager()
    let vdir = try Self.clash(calpager)
    #expect(try calpager.run(["sync", vdir]).status == 0)
    let other = calpager.directory.file("other")
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    let config = calpager.directory.file("vdirsyncer.conf")
    try writeFile(
      config,
      """
      [general]
      status_path = "\(calpager.directory.file("status"))/"

      [pair notes]
      a = "local"
      b = "other"
      collections = null
      conflict_resolution = null

      [storage local]
      type = "filesystem"
      path = "\(vdir)/"
      fileext = ".ics"

      [storage other]
      type = "filesystem"
      path = "\(other)/"
      fileext = ".ics"

      """)
    let python = try #require(try PythonPeers.interpreter())
    var environment = python.environment
    environment["VDIRSYNCER_CONFIG"] = config
    let discover = try runProcess(
      "/bin/sh", ["-c", "vdirsyncer discover notes"], environment: environment)
    #expect(discover.status == 0, "\(discover.stdout)\(discover.stderr)")
    let sync = try runProcess("/bin/sh", ["-c", "vdirsyncer sync notes"], environment: environment)
    #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
    #expect(!sync.stderr.contains("same UID"), "\(sync.stderr)")
    #expect(Self.items(other).count == 2)
  }

  // MARK: - 9. a rewrite in place

  /// Rewrites `path` in place as `rsync -t --inplace` does: the same inode, the new bytes
  /// written over the old ones (`replacement` has their size), the modification time set back.
  static func rewriteInPlace(_ path: String, _ replacement: [UInt8]) throws {
    var before = stat()
    #expect(stat(path, &before) == 0)
    let file = open(path, O_WRONLY)
    #expect(file >= 0)
    #expect(
      replacement.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, 0) }
        == replacement.count)
    close(file)
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(
      after.st_size == before.st_size && after.st_ino == before.st_ino
        && after.st_mtim.tv_sec == before.st_mtim.tv_sec
        && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
  }

  @Test func aRewriteInPlaceKeepingSizeMtimeAndInodeIsSeenAndNothingIsLost() throws {
    let calpager = Calpager()
    let vdir = calpager.directory.file("vdir")
    try calpager.run(["add", "--day", "2024-05-01", "Original text!"])
    #expect(try calpager.run(["sync", vdir]).status == 0)
    let name = try #require(Self.items(vdir).first)
    let text = String(decoding: contentsOfFile(vdir + "/" + name) ?? [], as: UTF8.self)
    #expect(text.contains("SUMMARY:Original text!\r\n"))
    try Self.rewriteInPlace(
      vdir + "/" + name,
      Array(text.replacingOccurrences(of: "Original text!", with: "Phone's text!!").utf8))
    #expect(try calpager.run(["edit", "1", "Edited here"]).status == 0)

    // Both changed: a conflict, both versions kept, not "left for the next sync".
    let sync = try calpager.run(["sync"])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stdout.hasPrefix(Self.summary(vdir, sent: 1, conflicts: 1).dropLast()))
    #expect(!sync.stdout.contains("left for the next sync"), "\(sync.stdout)")
    #expect(try Self.bodies(calpager) == ["Edited here", "Phone's text!!"])
    #expect(Self.items(vdir).count == 2)
    #expect(try calpager.run(["sync"]).stdout == Self.summary(vdir))

    // A rewrite in place alone (the note unchanged here) is taken. (Which version stayed in
    // place depends on whether the edit here fell in the second of the file's LAST-MODIFIED:
    // on a tie the folder's version stays.)
    let current = String(decoding: contentsOfFile(vdir + "/" + name) ?? [], as: UTF8.self)
    let old = current.contains("SUMMARY:Edited here\r\n") ? "Edited here" : "Phone's text!!"
    try Self.rewriteInPlace(
      vdir + "/" + name, Array(current.replacingOccurrences(of: old, with: old.uppercased()).utf8))
    let inPlace = try calpager.run(["sync"])
    #expect(inPlace.stdout == Self.summary(vdir, updated: 1), "\(inPlace.stdout)\(inPlace.stderr)")
    #expect(
      try Self.bodies(calpager)
        == ["Edited here", "Phone's text!!"].map { $0 == old ? old.uppercased() : $0 }.sorted())
  }
}
