import CalendarPaging
import Foundation
import Glibc
import TestSupport
import Testing

/// Issue 12, items 2–4 and 17: what `export -o` and `backup` write, and how.
///
/// The database and its journal are refused whatever path names them; symbolic
/// links are written through, FIFOs and devices into; modes never get wider than the
/// database's; a new database is 0600 in directories made 0700.
@Suite struct OutputFilesEndToEndTests {
  /// The permission bits of `path` (symbolic links followed).
  static func mode(_ path: String) -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
  }

  /// Whether `path` itself (not followed) is a symbolic link.
  static func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  /// A database holding two notes.
  static func filled() throws -> Calpager {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    try calpager.run(["add", "--day", "2024-05-02", "Lunch"])
    return calpager
  }

  // MARK: - Item 2: never over the database

  @Test func exportAndBackupRefuseTheDatabaseByAnyName() throws {
    let calpager = try Self.filled()
    symlink(calpager.database, calpager.directory.file("alias.db"))
    link(calpager.database, calpager.directory.file("hard.db"))
    let before = try calpager.store().notes(in: Day.first...Day.last)
    let names = [
      calpager.database, calpager.directory.file("./calpager.db"),
      calpager.directory.file("alias.db"), calpager.directory.file("hard.db"),
      calpager.database + "-journal",
    ]
    for name in names {
      for command in [["export", "-o", name], ["backup", name]] {
        let result = try calpager.run(command)
        #expect(result.status == 1, "\(command)")
        #expect(
          result.stderr.contains("writing it would destroy the notes"), "\(command): \(result)")
      }
    }
    #expect(try calpager.store().notes(in: Day.first...Day.last) == before)
    #expect(try calpager.run(["check"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: calpager.database + "-journal"))
  }

  // MARK: - Item 3: links, FIFOs and devices

  @Test func aSymbolicLinkIsWrittenThroughToItsTarget() throws {
    let calpager = try Self.filled()
    for command in ["export", "backup"] {
      let target = calpager.directory.file("\(command)-target")
      let link = calpager.directory.file("\(command)-link")
      try writeFile(target, "old\n")
      symlink(target, link)
      #expect(
        try calpager.run([command] + (command == "export" ? ["-o"] : []) + [link]).status == 0)
      #expect(Self.isLink(link), "\(command) replaced the link")
      #expect(contentsOfFile(target) != Array("old\n".utf8), "\(command) left the target")
    }
    let exported = try #require(contentsOfFile(calpager.directory.file("export-target")))
    #expect(String(decoding: exported, as: UTF8.self).contains("Lunch"))
  }

  @Test func aFIFOIsWrittenIntoNotReplaced() throws {
    let calpager = try Self.filled()
    let fifo = calpager.directory.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let copy = calpager.directory.file("from-pipe")
    let result = try calpager.shell(
      // (A reader that never meets a writer gives up, so that a failing build cannot hang.)
      #"timeout 10 cat pipe > from-pipe & "$CALPAGER" --db "$DB" export -o pipe; status=$?; "#
        + #"wait; exit $status"#)
    #expect(result.status == 0, "\(result.stderr)")
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
    #expect(String(decoding: contentsOfFile(copy) ?? [], as: UTF8.self).contains("Dentist"))
  }

  @Test(.requires(.deviceNodes)) func aDeviceIsWrittenIntoNotReplaced() throws {
    let calpager = try Self.filled()
    // A null device of the test's own, so that a failing build replaces nothing of the system.
    let device = calpager.directory.file("null")
    try #require(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
    for command in [["backup", device], ["export", "-o", device]] {
      let result = try calpager.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      var info = stat()
      #expect(
        lstat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR,
        "\(command) replaced the device")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: calpager.directory.path)
    #expect(left.sorted() == ["calpager.db", "null"], "files left: \(left)")
  }

  @Test(.requires(.deviceNodes)) func anExportIntoAFullDeviceFails() throws {
    let calpager = try Self.filled()
    let device = calpager.directory.file("full")
    try #require(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0)
    let result = try calpager.run(["export", "-o", device])
    #expect(result.status == 1)
    #expect(result.stderr == "Error: Cannot write '\(device)': No space left on device\n")
  }

  // MARK: - Item 4: permissions

  @Test func aNewDatabaseIsPrivateAndSoAreTheDirectoriesMadeForIt() throws {
    let calpager = Calpager()
    let home = calpager.directory.file("home")
    let result = try calpager.shell(
      #"umask 022; exec "$CALPAGER" add Private"#,
      environment: ["HOME": home, "XDG_DATA_HOME": nil])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.mode(home + "/.local/share/calpager/calpager.db") == 0o600)
    for directory in [
      home, home + "/.local", home + "/.local/share", home + "/.local/share/calpager",
    ] {
      #expect(Self.mode(directory) == 0o700, "\(directory)")
    }
    let explicit = try calpager.shell(#"umask 022; exec "$CALPAGER" --db new.db add Private"#)
    #expect(explicit.status == 0)
    #expect(Self.mode(calpager.directory.file("new.db")) == 0o600)
  }

  @Test func anExistingDatabaseKeepsTheModeItsUserGaveIt() throws {
    let calpager = try Self.filled()
    chmod(calpager.database, 0o640)
    try calpager.run(["add", "More"])
    #expect(Self.mode(calpager.database) == 0o640)
  }

  @Test func exportsAndBackupsAreNoWiderThanTheDatabase() throws {
    let calpager = try Self.filled()
    chmod(calpager.database, 0o600)
    let result = try calpager.shell(
      #"umask 022; "$CALPAGER" --db "$DB" export -o new.jsonl && "$CALPAGER" --db "$DB" backup new.db"#
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.mode(calpager.directory.file("new.jsonl")) == 0o600)
    #expect(Self.mode(calpager.directory.file("new.db")) == 0o600)
    // A group-readable database gives group-readable copies, within the umask.
    chmod(calpager.database, 0o640)
    let wider = try calpager.shell(
      #"umask 027; "$CALPAGER" --db "$DB" export -o group.jsonl && umask 077 && "#
        + #""$CALPAGER" --db "$DB" export -o masked.jsonl"#)
    #expect(wider.status == 0, "\(wider.stderr)")
    #expect(Self.mode(calpager.directory.file("group.jsonl")) == 0o640)
    #expect(Self.mode(calpager.directory.file("masked.jsonl")) == 0o600)
  }

  @Test func anOverwrittenFileKeepsItsMode() throws {
    let calpager = try Self.filled()
    chmod(calpager.database, 0o644)
    for command in ["export", "backup"] {
      let target = calpager.directory.file("\(command).out")
      try writeFile(target, "old\n")
      chmod(target, 0o600)
      let arguments = command == "export" ? ["export", "-o", target] : ["backup", target]
      #expect(try calpager.run(arguments).status == 0)
      #expect(Self.mode(target) == 0o600, "\(command)")
    }
  }

  // MARK: - Item 17: -ofile

  @Test func anAttachedShortOptionValueNamesTheFile() throws {
    let calpager = try Self.filled()
    let result = try calpager.shell(#"exec "$CALPAGER" --db "$DB" export -oattached.jsonl"#)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Exported 2 notes to attached.jsonl\n")
    let written = contentsOfFile(calpager.directory.file("attached.jsonl")) ?? []
    #expect(String(decoding: written, as: UTF8.self).contains("Lunch"))
  }
}
