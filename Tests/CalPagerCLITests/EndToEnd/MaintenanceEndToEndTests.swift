import Foundation
import NoteStore
import TestSupport
import Testing

/// `check` (integrity, search index, schema, counts; exit 1 on a problem) and `backup FILE` (a
/// consistent copy made while others write, put in place atomically).
@Suite struct MaintenanceEndToEndTests {
  /// A database of `count` notes of about 400 bytes over 28 days, imported in one go: enough
  /// for the notes table to span many pages.
  func filled(_ calpager: Calpager, count: Int = 300) throws {
    var lines = ""
    for index in 0..<count {
      let day = String(format: "2024-05-%02d", index % 28 + 1)
      let body = "note \(index) " + String(repeating: "lorem ipsum ", count: 33)
      lines += #"{"uid":"u\#(index)","day":"\#(day)","body":"\#(body)"}"# + "\n"
    }
    let file = calpager.directory.file("notes.jsonl")
    try writeFile(file, lines)
    let result = try calpager.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The number of the `offset`th leaf page of `table`, from SQLite's dbstat table.
  func leafPage(of table: String, offset: Int, in path: String) throws -> (page: Int, size: Int) {
    let database = try Database(path: path, mode: .readOnly)
    let page = try #require(
      try database.scalarInt(
        "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno "
          + "LIMIT 1 OFFSET ?", [.text(table), .int(offset)]))
    return (page, try #require(try database.scalarInt("PRAGMA page_size")))
  }

  /// Overwrites `count` bytes at `offset` in the file.
  func scribble(on path: String, at offset: Int, count: Int) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data(repeating: 0x5A, count: count))
    try handle.close()
  }

  // MARK: - check

  @Test func checkReportsASoundDatabaseAndChangesNothing() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    try calpager.run(["add", "--day", "2024-05-01", "Lunch"])
    try calpager.run(["add", "--day", "2024-05-03", "Flowers"])
    try calpager.run(["rm", "2"])
    let before = calpager.snapshot()
    let text = try calpager.run(["check"])
    #expect(text.status == 0, "\(text.stderr)")
    let migrations = Migration.all.map(\.name)
    #expect(
      text.stdout == """
        integrity:    ok
        search index: ok
        schema:       up to date (\(migrations.last ?? ""))
        notes:        2 notes on 2 days, 2024-05-01 to 2024-05-03
        undo:         4 steps

        """)
    let json = try calpager.run(["--json", "check"])
    #expect(json.status == 0)
    let schema = migrations.map { "\"\($0)\"" }.joined(separator: ",")
    #expect(
      json.stdout == #"{"ok":true,"integrity":"ok","searchIndex":true,"#
        + #""schema":["# + schema + #"],"notes":2,"days":2,"undo":4}"# + "\n")
    let unchanged = calpager.snapshot() == before
    #expect(unchanged, "check changed the files")
  }

  @Test func checkFailsOnADamagedNotesPageAndSaysWhere() throws {
    let calpager = Calpager()
    try filled(calpager)
    let (page, size) = try leafPage(of: "notes", offset: 3, in: calpager.database)
    // Past the page header: the cell pointers now point outside the page.
    try scribble(on: calpager.database, at: (page - 1) * size + 8, count: 64)
    let result = try calpager.run(["check"])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("integrity:    *** in database main ***"), "\(result.stdout)")
    #expect(result.stdout.contains("On tree page \(page) cell"))
    #expect(
      result.stderr
        == "Error: The database has problems (see above); restore a backup or export what reads\n")
    let json = try calpager.run(["--json", "check"])
    #expect(json.status == 1)
    #expect(json.stdout.hasPrefix(#"{"ok":false,"integrity":"*** in database main ***\n"#))
  }

  @Test func checkFailsOnADamagedIndexPage() throws {
    let calpager = Calpager()
    try filled(calpager)
    let (page, size) = try leafPage(of: "notes_by_uid", offset: 0, in: calpager.database)
    try scribble(on: calpager.database, at: (page - 1) * size, count: 64)
    let result = try calpager.run(["check"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: '\(calpager.database)' is damaged: database disk image is malformed\n")
  }

  @Test func checkFailsWhenTheSearchIndexMissesANote() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at ten"])
    try calpager.run(["add", "--day", "2024-05-02", "Lunch with Ana"])
    do {
      let database = try Database(path: calpager.database, mode: .readWrite)
      try database.execute(
        "INSERT INTO notes_fts (notes_fts, rowid, body) SELECT 'delete', id, body FROM notes "
          + "WHERE id = 2")
    }
    #expect(try calpager.run(["search", "Ana"]).stdout == "No notes match 'Ana'\n")
    let result = try calpager.run(["check"])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "integrity:    ok\nsearch index: words: out of step with the notes (it holds 1 of 2); "
          + "'calpager check --repair' rebuilds it from the notes\n"))
    #expect(result.stderr.hasPrefix("Error: The search index is damaged"))
    let json = try calpager.run(["--json", "check"])
    #expect(json.stdout.hasPrefix(#"{"ok":false,"integrity":"ok","searchIndex":false,"#))
    let repaired = try calpager.run(["check", "--repair"])
    #expect(repaired.status == 0)
    #expect(repaired.stdout.contains("search index: ok (rebuilt from the notes)\n"))
    #expect(try calpager.run(["search", "Ana"]).stdout.contains("Lunch with Ana"))
  }

  /// Issue 12, item 15: an index whose data rows are gone still holds an entry per note;
  /// FTS5's own integrity-check finds it, and `--repair` rebuilds it.
  @Test func checkRunsFTS5sIntegrityCheckAndRepairRebuildsTheIndex() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at ten"])
    try calpager.run(["add", "--day", "2024-05-02", "Lunch with Ana"])
    do {
      let database = try Database(path: calpager.database, mode: .readWrite)
      try database.execute("DELETE FROM notes_fts_data WHERE id > 10")
    }
    #expect(try calpager.run(["search", "Ana"]).status == 1)
    let result = try calpager.run(["check"])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "search index: words: damaged (FTS5's integrity-check failed); 'calpager check --repair' "
          + "rebuilds it from the notes\n"), "\(result.stdout)")
    #expect(
      result.stderr
        == "Error: The search index is damaged (see above); no note is lost: "
        + "'calpager check --repair' rebuilds it from the notes\n")
    let json = try calpager.run(["--json", "check"])
    #expect(json.stdout.contains(#""searchIndex":false,"searchIndexProblems":["words: damaged"#))
    let repaired = try calpager.run(["check", "--repair"])
    #expect(repaired.status == 0, "\(repaired.stderr)")
    #expect(repaired.stdout.contains("search index: ok (rebuilt from the notes)\n"))
    #expect(try calpager.run(["check"]).stdout.contains("search index: ok\n"))
    #expect(try calpager.run(["search", "Ana"]).stdout.contains("Lunch with Ana"))
  }

  /// Issue 20, item 18: `--repair` makes an index again when FTS5's `rebuild` cannot run.
  ///
  /// Damage that FTS5 cannot get past (it cannot even open the index) blocked `--repair`,
  /// `add` and `rm` for good. `--repair` now drops and makes the indexes again from the
  /// notes, and every command works afterwards.
  @Test(arguments: [
    // The structure record of both indexes: "vtable constructor failed".
    "DELETE FROM notes_fts_data WHERE id = 10; DELETE FROM notes_cjk_data WHERE id = 10",
    // A format version FTS5 does not know: "invalid fts5 file format".
    "UPDATE notes_fts_config SET v = 99 WHERE k = 'version';"
      + "UPDATE notes_cjk_config SET v = 99 WHERE k = 'version'",
    // A shadow table gone.
    "DROP TABLE notes_fts_data; DROP TABLE notes_cjk_idx",
  ])
  func repairMakesAnIndexAgainWhenRebuildCannotRun(damage: String) throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at ten"])
    try calpager.run(["add", "--day", "2024-05-02", "Lunch with Ana"])
    try calpager.run(["add", "--day", "2024-05-03", "会議は東京で"])
    do {
      let database = try Database(path: calpager.database, mode: .readWrite)
      try database.execute(script: damage)
    }
    #expect(try calpager.run(["add", "--day", "2024-05-04", "Blocked"]).status == 1)
    #expect(try calpager.run(["check"]).status == 1)
    let repaired = try calpager.run(["check", "--repair"])
    #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)")
    #expect(repaired.stdout.contains("search index: ok (rebuilt from the notes)\n"))
    let added = try calpager.run(["add", "--day", "2024-05-04", "Flowers for Ana"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try calpager.run(["add", "--day", "2024-05-05", "東京の会議"]).status == 0)
    let removed = try calpager.run(["rm", "1"])
    #expect(removed.status == 0, "\(removed.stderr)")
    let found = try calpager.run(["--json", "search", "Ana"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout.contains("Lunch with Ana") && found.stdout.contains("Flowers for Ana"))
    #expect(try calpager.run(["search", "Dentist"]).stdout == "No notes match 'Dentist'\n")
    let cjk = try calpager.run(["search", "会議"])
    #expect(cjk.stdout.contains("会議は東京で") && cjk.stdout.contains("東京の会議"))
    let check = try calpager.run(["check"])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.hasPrefix("integrity:    ok\nsearch index: ok\n"))
  }

  // MARK: - backup

  /// The bodies of the notes in a copy, by id, after checking the copy's integrity.
  func bodiesOfIntactCopy(_ path: String) throws -> [String] {
    let copy = try Database(path: path, mode: .readOnly)
    #expect(try copy.scalarString("PRAGMA integrity_check") == "ok")
    #expect(try copy.scalarString("PRAGMA journal_mode") == "delete")
    var bodies: [String] = []
    try copy.prepare("SELECT body FROM notes ORDER BY id").forEachRow {
      bodies.append($0.string(at: 0))
    }
    return bodies
  }

  @Test func aBackupWhileAnotherProcessWritesHoldsAPrefixOfItsNotes() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let acknowledged = Counter()
    let writer = Thread {
      // One process per note, as a script would; a note counts once its add exited 0.
      while !acknowledged.stopped {
        let number = acknowledged.value
        guard (try? calpager.run(["add", "note \(number)"]))?.status == 0 else { break }
        acknowledged.increment()
      }
      acknowledged.finish()
    }
    writer.start()
    defer { acknowledged.stop() }
    var sizes: [Int] = []
    var lastAfter = 0
    for copy in 0..<6 {
      // Two more notes acknowledged since the last copy ended, so that this copy, which holds
      // at least those acknowledged before it began, holds more than the last, which held at
      // most one more than those acknowledged when it ended: a wait for the writer, not a time.
      #expect(acknowledged.waitUntil(atLeast: lastAfter + 2), "the writer stopped: \(sizes)")
      let before = acknowledged.value
      let target = calpager.directory.file("copy-\(copy).db")
      let result = try calpager.run(["backup", target])
      let after = acknowledged.value
      lastAfter = after
      #expect(result.status == 0, "\(result.stderr)")
      let bodies = try bodiesOfIntactCopy(target)
      #expect(bodies == (0..<bodies.count).map { "note \($0)" }, "not a prefix: \(bodies)")
      #expect(
        (before...(after + 1)).contains(bodies.count),
        "\(bodies.count) notes; \(before) acknowledged before, \(after) after")
      let notes = bodies.count == 1 ? "1 note" : "\(bodies.count) notes"
      #expect(result.stdout == "Backed up \(notes) to \(target)\n", "the count is the copy's")
      sizes.append(bodies.count)
    }
    acknowledged.stop()
    acknowledged.waitUntilFinished()
    #expect(Set(sizes).count > 1, "the writer made no progress between backups: \(sizes)")
    let check = try calpager.run(["check"], database: calpager.directory.file("copy-5.db"))
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test func aBackupReplacesTheTargetAtomically() throws {
    let calpager = Calpager()
    try filled(calpager, count: 2000)
    let target = calpager.directory.file("backup.db")
    let old = Array("an older backup\n".utf8)
    try writeFile(target, old)
    // Held open, the old file keeps its inode (no reuse) and shows whether it was rewritten.
    let oldFile = try #require(FileHandle(forReadingAtPath: target))
    defer { try? oldFile.close() }
    // A reader opening the target while backups run sees the old file or a whole database.
    let views = Counter()
    let partial = Counter()
    let reader = Thread {
      while !views.stopped {
        let bytes = contentsOfFile(target) ?? []
        if bytes != old && !MaintenanceEndToEndTests.isWholeDatabase(bytes) { partial.increment() }
        views.increment()
      }
      views.finish()
    }
    reader.start()
    // The reader is reading before the first backup starts (and not only, perhaps, after).
    #expect(views.waitUntil(atLeast: 1))
    for _ in 0..<5 {
      #expect(try calpager.run(["backup", target]).status == 0)
    }
    views.stop()
    views.waitUntilFinished()
    #expect(partial.value == 0, "\(partial.value) of \(views.value) reads saw a partial file")
    #expect(views.value > 0)
    #expect(try oldFile.readToEnd() == Data(old), "the old file was rewritten in place")
    var oldInfo = stat()
    var newInfo = stat()
    fstat(oldFile.fileDescriptor, &oldInfo)
    stat(target, &newInfo)
    #expect(oldInfo.st_ino != newInfo.st_ino, "the target was not replaced")
    #expect(try bodiesOfIntactCopy(target).count == 2000)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: calpager.directory.path)
      .filter { $0.hasPrefix(".calpager-backup") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
  }

  @Test func aFailedBackupSaysWhyAndLeavesNoFile() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    let before = calpager.snapshot()
    let missing = calpager.directory.file("no/such/backup.db")
    let result = try calpager.run(["backup", missing])
    #expect(result.status == 1)
    #expect(
      result.stderr == "Error: Cannot create '\(missing)': directory "
        + "'\(calpager.directory.file("no/such"))' does not exist\n")
    let directory = try calpager.run(["backup", calpager.directory.path])
    #expect(directory.status == 1)
    #expect(
      directory.stderr
        == "Error: '\(calpager.directory.path)' is a directory, not a database file\n")
    let unchanged = calpager.snapshot() == before
    #expect(unchanged, "files changed or left behind")
  }

  @Test func aBackupGivesUpLikeOtherCommandsWhenTheDatabaseStaysLocked() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: Products.path("calpager"))
    shell.arguments = ["--db", calpager.database, "shell"]
    shell.environment = ProcessInfo.processInfo.environment.merging(
      ["CALPAGER_BUSY_TIMEOUT_MS": "200", "CALPAGER_TODAY": Calpager.today]
    ) { $1 }
    let input = Pipe()
    let errors = Pipe()
    shell.standardInput = input
    shell.standardOutput = FileHandle.nullDevice
    shell.standardError = errors
    try shell.run()
    // The shell opens the database before it reads a line; the error for line 1, written at
    // once, shows it has. Then the lock is taken, so it is the backup that meets it.
    input.fileHandleForWriting.write(Data("frobnicate\n".utf8))
    var stderr = ""
    while !stderr.contains("\n") {
      let data = errors.fileHandleForReading.availableData
      if data.isEmpty { break }
      stderr += String(decoding: data, as: UTF8.self)
    }
    let holder = try Database(path: calpager.database, mode: .readWrite)
    try holder.execute("BEGIN EXCLUSIVE")
    let target = calpager.directory.file("backup.db")
    input.fileHandleForWriting.write(Data("backup \(target)\nquit\n".utf8))
    let started = Date()
    while shell.isRunning && Date().timeIntervalSince(started) < 10 { usleep(10_000) }
    let waited = Date().timeIntervalSince(started)
    try holder.execute("ROLLBACK")
    shell.waitUntilExit()
    // About time: the backup gives up after the 3 s busy timeout rather than wait for good;
    // 5 s leaves 2 s of margin for a busy machine (the loop above gives up at 10 s).
    #expect(waited < 5, "the backup waited \(waited) s for a lock held for good")
    stderr += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(shell.terminationStatus == 1)
    #expect(
      stderr.hasSuffix(
        "line 2: Error: '\(calpager.database)' is locked by another process; try again\n"),
      "\(stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: calpager.directory.path)
    #expect(left.sorted() == ["calpager.db"], "files left: \(left)")
  }

  /// Whether `bytes` is an SQLite file as long as its header says: not cut short.
  static func isWholeDatabase(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 100, bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
      return false
    }
    let rawSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let pageSize = rawSize == 1 ? 65_536 : rawSize
    let pages = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
    return bytes.count == pageSize * pages
  }
}

/// A counter and a stop flag shared between a test and the thread it starts.
final class Counter: @unchecked Sendable {
  private let lock = NSCondition()
  private var count = 0
  private var stopRequested = false
  private var finished = false

  var value: Int { lock.withLock { count } }
  var stopped: Bool { lock.withLock { stopRequested } }

  func increment() {
    lock.withLock {
      count += 1
      lock.broadcast()
    }
  }
  func stop() { lock.withLock { stopRequested = true } }

  func finish() {
    lock.withLock {
      finished = true
      lock.broadcast()
    }
  }

  /// Waits until the count is at least `target`; false when the counting thread finished
  /// first, or after a minute (a bound on a thread that hangs, not on how fast it counts).
  func waitUntil(atLeast target: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let deadline = Date().addingTimeInterval(60)
    while count < target && !finished && lock.wait(until: deadline) {}
    return count >= target
  }

  func waitUntilFinished() {
    lock.lock()
    while !finished { lock.wait() }
    lock.unlock()
  }
}
