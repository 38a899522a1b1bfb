import CalendarPaging
import Foundation
import Glibc
import Interchange
import NoteModel
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI
@testable import VdirSync

/// `sync`, run in this process on real databases and a real vdir in temporary directories:
/// every rule of the three-way merge (issue 13, item 1).
@Suite struct SyncCommandTests {
  /// `sync DIR`'s summary line with these counts.
  static func summary(
    _ vdir: VdirFolder, sent: Int = 0, received: Int = 0, updated: Int = 0, removed: Int = 0,
    conflicts: Int = 0, ignored: Int = 0
  ) -> String {
    "Synced \(vdir.path): \(sent) sent, \(received) received, \(updated) updated, "
      + "\(removed) removed, \(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(ignored) ignored"
  }

  /// The notes of a database as (uid, day, body), by uid: what two synced databases share.
  static func contents(_ calpager: InProcess) throws -> [String] {
    try calpager.store.notes(in: Day.first...Day.last)
      .map { "\($0.uid) \($0.day) \($0.body)" }.sorted()
  }

  /// The note with `uid`.
  static func note(_ calpager: InProcess, uid: String) throws -> Note? {
    try calpager.store.versionedNote(uid: uid)?.note
  }

  /// `20240501T100000Z` for an instant.
  static func basic(_ time: Timestamp) -> String {
    let text = time.description
    return text.prefix(10).replacingOccurrences(of: "-", with: "") + "T"
      + text.dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "") + "Z"
  }

  @Test func aFirstSyncWritesOneFilePerNoteAndASyncWithNothingToDoChangesNothing() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let dentist = try laptop.store.add("Dentist at 10:00", on: Day("2024-05-01")!)
    let bank = try laptop.store.add("Call the bank\nabout the mortgage", on: Day("2024-05-02")!)
    #expect(try laptop.run("sync \(vdir.path)") == Self.summary(vdir, sent: 2) + "\n")
    #expect(vdir.items() == [dentist.uid + ".ics", bank.uid + ".ics"].sorted())
    #expect(vdir.names() == [VdirFolder.marker] + vdir.items(), "no temporary file is left")
    #expect(vdir.mode(VdirFolder.marker) == 0o600)
    #expect(vdir.mode() == 0o700)
    #expect(vdir.items().allSatisfy { vdir.mode($0) == 0o600 })
    #expect(
      vdir.bytes(dentist.uid + ".ics")
        == calpagerItem(
          uid: dentist.uid, day: "20240501", body: "Dentist at 10:00",
          created: dentist.created.millisecondsSinceEpoch,
          updated: dentist.updated.millisecondsSinceEpoch))
    #expect(vdir.text(bank.uid + ".ics").contains("SUMMARY:Call the bank\r\n"))
    #expect(vdir.text(bank.uid + ".ics").contains("DESCRIPTION:about the mortgage\r\n"))
    #expect(try laptop.run("config get sync-dir") == vdir.path + "\n")

    // Nothing to do: no file touched, not a byte of the database written.
    let files = vdir.snapshot()
    let database = laptop.directory.file("notes.db")
    let bytes = contentsOfFile(database)
    let observer = try Database(path: database, mode: .readOnly)
    let version = try observer.scalarInt("PRAGMA data_version")
    #expect(try laptop.run("sync \(vdir.path)") == Self.summary(vdir) + "\n")
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n", "sync-dir is remembered")
    #expect(vdir.snapshot() == files)
    #expect(contentsOfFile(database) == bytes)
    #expect(try observer.scalarInt("PRAGMA data_version") == version)
  }

  @Test func addsEditsMovesAndRemovalsTravelBothWays() throws {
    let laptop = try InProcess()
    let desktop = try InProcess()
    let vdir = VdirFolder()
    let first = try laptop.store.add("First", on: Day("2024-05-01")!)
    let second = try laptop.store.add("Second", on: Day("2024-05-02")!)
    try laptop.run("sync \(vdir.path)")
    #expect(try desktop.run("sync \(vdir.path)") == Self.summary(vdir, received: 2) + "\n")
    #expect(try Self.contents(desktop) == Self.contents(laptop))

    // Desktop edits one note and moves the other.
    let onDesktop = try #require(try Self.note(desktop, uid: first.uid)?.id)
    let secondOnDesktop = try #require(try Self.note(desktop, uid: second.uid)?.id)
    try desktop.run("edit \(onDesktop) First edited on the desktop")
    try desktop.run("mv \(secondOnDesktop) 2024-06-30")
    #expect(try desktop.run("sync") == Self.summary(vdir, updated: 2) + "\n")
    #expect(try laptop.run("sync") == Self.summary(vdir, updated: 2) + "\n")
    #expect(try Self.contents(laptop) == Self.contents(desktop))
    #expect(try Self.note(laptop, uid: second.uid)?.day == Day("2024-06-30")!)
    #expect(vdir.text(second.uid + ".ics").contains("DTSTART;VALUE=DATE:20240630\r\n"))

    // The vdir's side: a file edited (as a phone would), one added, one removed.
    var edited = vdir.text(first.uid + ".ics")
    edited = edited.replacingOccurrences(
      of: "SUMMARY:First edited on the desktop", with: "SUMMARY:Edited on the phone")
    try vdir.write(first.uid + ".ics", edited)
    try vdir.write(
      "phone-note.ics",
      journalItem(
        uid: "phone-note",
        ["DTSTAMP:20240701T100000Z", "DTSTART;VALUE=DATE:20240701", "SUMMARY:From the phone"]))
    vdir.remove(second.uid + ".ics")
    #expect(
      try laptop.run("sync") == Self.summary(vdir, received: 1, updated: 1, removed: 1) + "\n")
    #expect(try Self.note(laptop, uid: first.uid)?.body == "Edited on the phone")
    #expect(try Self.note(laptop, uid: second.uid) == nil)
    #expect(try Self.note(laptop, uid: "phone-note")?.day == Day("2024-07-01")!)
    #expect(
      try desktop.run("sync") == Self.summary(vdir, received: 1, updated: 1, removed: 1) + "\n")
    #expect(try Self.contents(desktop) == Self.contents(laptop))

    // A removal in a database removes the file, and the other database's note.
    let phoneNote = try #require(try Self.note(laptop, uid: "phone-note")?.id)
    try laptop.run("rm \(phoneNote)")
    #expect(try laptop.run("sync") == Self.summary(vdir, removed: 1) + "\n")
    #expect(!vdir.items().contains("phone-note.ics"))
    #expect(try desktop.run("sync") == Self.summary(vdir, removed: 1) + "\n")
    #expect(try Self.contents(desktop) == Self.contents(laptop))
    #expect(try Self.contents(desktop).count == 1)
    // And it stays removed.
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
    #expect(try desktop.run("sync") == Self.summary(vdir) + "\n")
  }

  @Test func aChangeWinsOverARemovalOnTheOtherSide() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let kept = try laptop.store.add("Removed here and edited there", on: Day("2024-05-01")!)
    let other = try laptop.store.add("Edited here and removed there", on: Day("2024-05-02")!)
    try laptop.run("sync \(vdir.path)")

    try laptop.run("rm \(kept.id!)")
    let file = kept.uid + ".ics"
    try vdir.write(
      file,
      vdir.text(file).replacingOccurrences(
        of: "SUMMARY:Removed here and edited there", with: "SUMMARY:Edited on the phone"))
    try laptop.run("edit \(other.id!) Edited here after all")
    vdir.remove(other.uid + ".ics")

    #expect(try laptop.run("sync") == Self.summary(vdir, sent: 1, received: 1) + "\n")
    #expect(try Self.note(laptop, uid: kept.uid)?.body == "Edited on the phone")
    #expect(vdir.text(other.uid + ".ics").contains("SUMMARY:Edited here after all\r\n"))
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
  }

  @Test func bothSidesChangedToTheSameTextIsNoConflict() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let note = try laptop.store.add("Typo hre", on: Day("2024-05-01")!)
    try laptop.run("sync \(vdir.path)")
    try laptop.run("edit \(note.id!) Typo here")
    let file = note.uid + ".ics"
    try vdir.write(
      file,
      vdir.text(file).replacingOccurrences(of: "SUMMARY:Typo hre", with: "SUMMARY:Typo here")
        .replacingOccurrences(of: "X-CALPAGER-", with: "X-OTHER-"))
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
    #expect(try laptop.store.noteCount() == 1)
    // The file is left as the other program wrote it, and kept with the note.
    #expect(vdir.text(file).contains("X-OTHER-CREATED"))
    #expect(try Self.note(laptop, uid: note.uid)?.ical == vdir.text(file))
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
  }

  @Test(arguments: [("later in the vdir", 1), ("later here", -1), ("a tie", 0)])
  func aConflictKeepsBothVersions(_ label: String, _ fileIsLater: Int) throws {
    let laptop = try InProcess()
    let desktop = try InProcess()
    let vdir = VdirFolder()
    let original = try laptop.store.add("Original", on: Day("2024-05-01")!)
    try laptop.run("sync \(vdir.path)")
    try desktop.run("sync \(vdir.path)")

    let edited = try laptop.store.edit(id: original.id!, body: "Edited here")
    let stamp = Timestamp(
      millisecondsSinceEpoch: edited.updated.truncatedToSecond.millisecondsSinceEpoch
        + fileIsLater * 3_600_000)!
    let file = original.uid + ".ics"
    let phoneVersion = journalItem(
      uid: original.uid,
      [
        "DTSTAMP:\(Self.basic(stamp))", "LAST-MODIFIED:\(Self.basic(stamp))",
        "DTSTART;VALUE=DATE:20240503", "SUMMARY:Edited on the phone", "CATEGORIES:work",
      ])
    try vdir.write(file, phoneVersion)
    let fingerprint = ItemFingerprint.of(Array(phoneVersion.utf8))

    let json = try laptop.json("sync")
    let conflicts = try #require(json["conflicts"] as? [[String: Any]])
    #expect(conflicts.count == 1, "\(label)")
    let conflict = try #require(conflicts.first)
    #expect(conflict["name"] as? String == file && conflict["uid"] as? String == original.uid)
    let vdirWins = fileIsLater >= 0
    #expect(conflict["kept"] as? String == (vdirWins ? "vdir" : "database"))
    let copyUID = try #require(conflict["copy"] as? String)
    let inPlace = try #require(try Self.note(laptop, uid: original.uid))
    let copy = try #require(try Self.note(laptop, uid: copyUID))
    if vdirWins {
      #expect(inPlace.body == "Edited on the phone" && inPlace.day == Day("2024-05-03")!)
      #expect(copy.body == "Edited here" && copy.day == Day("2024-05-01")!)
      #expect(vdir.text(file) == phoneVersion, "the winning file is not rewritten")
      #expect(
        copyUID
          == ContentUID.conflictCopy(
            of: original.uid,
            fingerprint: ItemFingerprint.of(
              calpagerItem(
                uid: original.uid, day: "20240501", body: "Edited here",
                created: edited.created.millisecondsSinceEpoch,
                updated: edited.updated.millisecondsSinceEpoch))))
    } else {
      #expect(inPlace.body == "Edited here" && inPlace.day == Day("2024-05-01")!)
      #expect(copy.body == "Edited on the phone" && copy.day == Day("2024-05-03")!)
      #expect(vdir.text(file).contains("SUMMARY:Edited here\r\n"))
      #expect(copyUID == ContentUID.conflictCopy(of: original.uid, fingerprint: fingerprint))
      // The phone's version keeps its properties in the copy.
      #expect(copy.ical?.contains("CATEGORIES:work") == true)
    }
    // The copy is a file of its own too, and the summary names both.
    let copyFile = try #require(vdir.item(containing: "UID:\(copyUID)"))
    #expect(copyFile == copyUID + ".ics")
    let text = try laptop.run("sync")
    #expect(text == Self.summary(vdir) + "\n")

    // The other database gets both versions.
    try desktop.run("sync")
    #expect(try Self.contents(desktop) == Self.contents(laptop))
    #expect(try desktop.store.noteCount() == 2)
  }

  @Test func theSummaryNamesBothVersionsOfAConflict() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let note = try laptop.store.add("Original", on: Day("2024-05-01")!)
    try laptop.run("sync \(vdir.path)")
    try laptop.run("edit \(note.id!) Edited here")
    try vdir.write(
      note.uid + ".ics",
      journalItem(
        uid: note.uid,
        [
          "DTSTAMP:20300101T000000Z", "LAST-MODIFIED:20300101T000000Z",
          "DTSTART;VALUE=DATE:20240501", "SUMMARY:Edited on the phone",
        ]))
    let lines = try laptop.run("sync").split(separator: "\n").map(String.init)
    #expect(lines.first == Self.summary(vdir, sent: 1, conflicts: 1))
    let copy = try #require(
      try laptop.store.notes(in: Day.first...Day.last).first { $0.body == "Edited here" })
    #expect(
      lines.dropFirst().first
        == "  conflict in \(note.uid).ics: the vdir's version stays in place (#\(note.id!), uid "
        + "'\(note.uid)'); the database's version is now #\(copy.id!) (uid '\(copy.uid)')")
  }

  @Test func undoRightAfterASyncTakesTheWholeSyncBack() throws {
    let laptop = try InProcess()
    let desktop = try InProcess()
    let vdir = VdirFolder()
    let kept = try laptop.store.add("Kept", on: Day("2024-05-01")!)
    let edited = try laptop.store.add("To be edited", on: Day("2024-05-02")!)
    let removed = try laptop.store.add("To be removed", on: Day("2024-05-03")!)
    try laptop.run("sync \(vdir.path)")
    try desktop.run("sync \(vdir.path)")
    let before = try desktop.run("export")

    try laptop.run("edit \(edited.id!) Edited on the laptop")
    try laptop.run("rm \(removed.id!)")
    try laptop.store.add("Added on the laptop", on: Day("2024-05-04")!)
    try laptop.run("sync")
    #expect(
      try desktop.run("sync") == Self.summary(vdir, received: 1, updated: 1, removed: 1) + "\n")
    #expect(
      try desktop.run("undo --sync") == "Undid sync: removed 1 note, restored 2 notes\n")
    #expect(try desktop.run("export") == before)

    // The next sync carries the undo out, and the laptop follows.
    #expect(
      try desktop.run("sync") == Self.summary(vdir, sent: 1, updated: 1, removed: 1) + "\n")
    try laptop.run("sync")
    #expect(try Self.contents(laptop) == Self.contents(desktop))
    #expect(try Self.note(laptop, uid: kept.uid)?.body == "Kept")
    #expect(try Self.note(laptop, uid: removed.uid)?.body == "To be removed")
  }

  @Test func aDryRunPrintsThePlanAndChangesNothing() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let note = try laptop.store.add("Here", on: Day("2024-05-01")!)
    try vdir.write(
      "there.ics",
      journalItem(
        uid: "there", ["DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501", "SUMMARY:There"]))
    try laptop.run("show")
    let files = vdir.snapshot()
    let database = contentsOfFile(laptop.directory.file("notes.db"))
    let text = try laptop.run("sync \(vdir.path) --dry-run")
    #expect(
      text
        == "Would sync \(vdir.path): 1 sent, 1 received, 0 updated, 0 removed, 0 conflicts, "
        + "0 ignored (dry run: nothing changed)\n  receive there.ics\n  send \(note.uid).ics\n")
    let json = try laptop.json("sync \(vdir.path) --dry-run")
    #expect(json["dryRun"] as? Bool == true)
    #expect((json["plan"] as? [[String: String]])?.map { $0["action"]! } == ["receive", "send"])
    #expect(vdir.snapshot() == files)
    #expect(contentsOfFile(laptop.directory.file("notes.db")) == database)
    #expect(try laptop.store.settings()["sync-dir"] == nil)
    // A folder that does not exist yet is not created by a dry run.
    let missing = vdir.directory.file("missing")
    #expect(try laptop.run("sync \(missing) --dry-run").contains("1 sent"))
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func onlyFilesWhoseStatChangedAreRead() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let note = try laptop.store.add("Same size A", on: Day("2024-05-01")!)
    try laptop.run("sync \(vdir.path)")
    let path = vdir.path + "/" + note.uid + ".ics"
    var before = stat()
    lstat(path, &before)
    // Other bytes of the same size, written in place, the modification time put back: the
    // status change time still shows it (issue 20, item 9), and the change is taken.
    let changed = vdir.text(note.uid + ".ics").replacingOccurrences(
      of: "SUMMARY:Same size A", with: "SUMMARY:Same size B")
    let file = open(path, O_WRONLY)
    _ = changed.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
    close(file)
    var times = [before.st_atim, before.st_mtim]
    utimensat(AT_FDCWD, path, &times, 0)
    #expect(try laptop.run("sync") == Self.summary(vdir, updated: 1) + "\n")
    #expect(try Self.note(laptop, uid: note.uid)?.body == "Same size B")
    // Unchanged since, it is not read again: nothing to do.
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
  }

  @Test func anEmptiedFolderRemovesNothingUnlessForced() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    try laptop.store.add("One", on: Day("2024-05-01")!)
    try laptop.store.add("Two", on: Day("2024-05-02")!)
    try laptop.run("sync \(vdir.path)")
    for name in vdir.items() { vdir.remove(name) }
    let database = contentsOfFile(laptop.directory.file("notes.db"))
    let refused = laptop.failure("sync")
    #expect(refused?.status == 1)
    #expect(
      refused?.message
        == "'\(vdir.path)' holds no item, but 2 notes were synced with it: nothing was changed; "
        + "if every note should go, run 'calpager sync --force-delete'")
    #expect(contentsOfFile(laptop.directory.file("notes.db")) == database)
    #expect(try laptop.run("sync --force-delete") == Self.summary(vdir, removed: 2) + "\n")
    #expect(try laptop.store.noteCount() == 0)
  }

  @Test func aNewFolderAtTheSamePathIsAFirstSyncNotARemoval() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    try laptop.store.add("One", on: Day("2024-05-01")!)
    try laptop.store.add("Two", on: Day("2024-05-02")!)
    try laptop.run("sync \(vdir.path)")
    // The folder removed and made again (or this database copied to another machine).
    let kept = vdir.items().first!
    let text = vdir.text(kept)
    try FileManager.default.removeItem(atPath: vdir.path)
    try vdir.write(kept, text)
    #expect(try laptop.run("sync") == Self.summary(vdir, sent: 1) + "\n")
    #expect(try laptop.store.noteCount() == 2)
    #expect(vdir.items().count == 2)
  }

  @Test func theJSONSummaryHasTheDocumentedShape() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    try laptop.store.add("One", on: Day("2024-05-01")!)
    let text = try laptop.run("sync \(vdir.path) --json")
    #expect(
      text == #"{"sent":1,"received":0,"updated":0,"removed":0,"conflicts":[],"ignored":[]}"# + "\n"
    )
  }

  @Test func badFoldersAndSettingsAreRefusedChangingNothing() throws {
    let laptop = try InProcess()
    try laptop.store.add("One", on: Day("2024-05-01")!)
    let none = laptop.failure("sync")
    #expect(none?.status == 64)
    #expect(none?.message.hasPrefix("No folder given and the setting sync-dir is not set") == true)

    let file = laptop.directory.file("a-file")
    try writeFile(file, "not a folder")
    let notAFolder = laptop.failure("sync \(file)")
    #expect(notAFolder?.status == 1)
    #expect(
      notAFolder?.message == "'\(file)' is not a directory: sync needs a directory of .ics files")
    #expect(contentsOfFile(file) == Array("not a folder".utf8))
    #expect(try laptop.store.settings()["sync-dir"] == nil)

    let command = laptop.failure("config set sync-command vdirsyncer")
    #expect(command?.status == 64)
    #expect(command?.message.hasPrefix("Sync-command is not kept in the database") == true)
    #expect(try laptop.store.settings().isEmpty)
  }
}
