import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// Bad input of every kind DESIGN.md section 6 names: one clear `Error: ` line, exit 64 for a
/// usage error or 1 for a runtime error, and the database byte-identical afterwards.
@Suite struct BadInputEndToEndTests {
  /// A database with a note and a saved selection, so "unchanged" means something.
  func populated() throws -> Calpager {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    try calpager.run(["add", "Dentist at 10:00"])
    return calpager
  }

  /// Checks a failed run: `status`, nothing on stdout, one `Error: ` line naming `phrase`
  /// (followed by the command's `Usage:` lines when `withUsage`), and every file as it was.
  func expectFailure(
    _ result: ProcessResult, status: Int32, mentioning phrase: String, withUsage: Bool = false,
    calpager: Calpager, unchanged before: [String: [UInt8]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectOneError(
      result, status: status, mentioning: phrase, withUsage: withUsage,
      sourceLocation: sourceLocation)
    let unchanged = calpager.snapshot() == before
    #expect(unchanged, "files changed", sourceLocation: sourceLocation)
  }

  /// Checks a failed run: `status`, nothing on stdout, one `Error: ` line naming `phrase`,
  /// then the `Usage:` lines when `withUsage` and nothing else otherwise.
  func expectOneError(
    _ result: ProcessResult, status: Int32, mentioning phrase: String, withUsage: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(result.stdout)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Error: ") == true, sourceLocation: sourceLocation)
    #expect(
      lines.filter { $0.contains("Error") }.count == 1, "\(result.stderr)",
      sourceLocation: sourceLocation)
    if withUsage {
      #expect(
        lines.count > 1 && lines[1].hasPrefix("Usage: "), "\(result.stderr)",
        sourceLocation: sourceLocation)
    } else {
      #expect(lines.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
    }
    #expect(
      result.stderr.contains(phrase), "\(result.stderr) lacks \(phrase)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    (["goto", "2024-02-30"], "'2024-02-30' is not a date: February 2024 has 29 days"),
    (["add", "--day", "2024-13-01", "x"], "there is no month 13"),
    (["list", "2024-02-30..2024-03-01"], "'2024-02-30' is not a date"),
    (["list", "2024-13"], "'2024-13' is not a month"),
    (["frobnicate"], "Unknown command 'frobnicate'"),
    (["show", "--bogus"], "Unknown option '--bogus'"),
    (["--color", "sometimes", "show"], "'sometimes' is not a colour mode"),
    (["--width", "0", "show"], "'0' is not a valid width"),
    (["rm"], "Missing argument '<id>'"),
    (["edit"], "Missing argument '<id>'"),
    (["rm", "abc"], "'abc' is not a note id"),
    (["mv", "1"], "Missing argument '<date>'"),
    (["next", "abc"], "'abc' is not a valid count"),
    (["export", "--format", "xml"], "'xml' is not a format"),
    (["config", "set", "menu-spacing", "-5"], "Invalid menu-spacing '-5'"),
  ])
  func usageErrorsNameTheBadInput(arguments: [String], phrase: String) throws {
    let calpager = try populated()
    let before = calpager.snapshot()
    let result = try calpager.run(arguments)
    expectFailure(
      result, status: 64, mentioning: phrase, withUsage: true, calpager: calpager,
      unchanged: before)
  }

  /// A setting `config` refuses (found while it runs, not while its words are read) is a
  /// usage error of `config`, with config's usage, in one-shot commands and in the line mode.
  @Test func aSettingConfigRefusesShowsConfigsUsage() throws {
    let calpager = Calpager()
    let result = try calpager.run(["config", "set", "colour", "red"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: Unknown setting 'colour'"))
    #expect(
      result.stderr.hasSuffix(
        """
        Usage: calpager config list
               calpager config get <key>
               calpager config set <key> <value>
               calpager config unset <key>
          See 'calpager help config' for more information.

        """))
    let line = try calpager.run(["shell", "--json"], stdin: "config set menu-spacing lots\n")
    #expect(line.stdout.contains(#""exit":64,"line":1}"#), "\(line.stdout)")
  }

  @Test(arguments: [
    (["rm", "999"], "There is no note #999"),
    (["import", "/no/such/file.jsonl"], "Cannot import '/no/such/file.jsonl'"),
    (["import", "/tmp"], "it is a directory"),
    (["export", "-o", "/no/such/dir/notes.jsonl"], "Cannot write '/no/such/dir/notes.jsonl'"),
  ])
  func runtimeErrorsNameTheBadInput(arguments: [String], phrase: String) throws {
    let calpager = try populated()
    let before = calpager.snapshot()
    let result = try calpager.run(arguments)
    expectFailure(result, status: 1, mentioning: phrase, calpager: calpager, unchanged: before)
  }

  /// `café` in Latin-1: its last byte, 0xE9, is not UTF-8.
  static let latin1Cafe: [UInt8] = [0x63, 0x61, 0x66, 0xE9]

  @Test(arguments: [
    (
      "syntax.jsonl",
      Array("{\"day\":\"2024-05-01\",\"body\":\"ok\"}\n{\"day\":\"2024-05-01\",\"body\":\n".utf8),
      "Line 2: unexpected end of input"
    ),
    (
      "quote.csv", Array("day,body\n2024-05-01,ok\n2024-05-02,\"unterminated\n".utf8),
      "Line 3: unterminated"
    ),
    ("type.json", Array("[{\"day\":\"2024-05-01\",\"body\":5}]".utf8), "'body' must be a string"),
    (
      "bytes.jsonl",
      Array("{\"day\":\"2024-05-01\",\"body\":\"".utf8) + latin1Cafe + Array("\"}\n".utf8),
      "Line 1: invalid UTF-8"
    ),
    (
      "bytes.csv", Array("day,body\n2024-05-01,ok\n2024-05-02,".utf8) + latin1Cafe + [0x0A],
      "Line 3: invalid UTF-8"
    ),
  ])
  func aMalformedImportLineChangesNothing(name: String, bytes: [UInt8], phrase: String) throws {
    let calpager = try populated()
    let file = calpager.directory.file(name)
    try writeFile(file, bytes)
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file])
    expectFailure(result, status: 1, mentioning: phrase, calpager: calpager, unchanged: before)
  }

  // MARK: - Invalid UTF-8

  @Test func anArgumentThatIsNotUTF8IsRefusedNotRepaired() throws {
    let calpager = try populated()
    let before = calpager.snapshot()
    let note = try calpager.run(rawArguments: [Array("add".utf8), BadInputEndToEndTests.latin1Cafe])
    expectFailure(
      note, status: 64, mentioning: "Argument 4 has invalid UTF-8 at column 4",
      calpager: calpager, unchanged: before)
    // A path with a Latin-1 byte must not silently become another file (U+FFFD in its name).
    let path = Array(calpager.directory.file("").utf8) + BadInputEndToEndTests.latin1Cafe
    let database = try runProcess(
      Products.path("calpager"), rawArguments: [Array("--db".utf8), path, Array("show".utf8)],
      environment: ["CALPAGER_TODAY": Calpager.today])
    expectFailure(
      database, status: 64, mentioning: "Argument 2 has invalid UTF-8", calpager: calpager,
      unchanged: before)
    let importing = try calpager.run(rawArguments: [Array("import".utf8), path])
    expectFailure(
      importing, status: 64, mentioning: "Argument 4 has invalid UTF-8", calpager: calpager,
      unchanged: before)
  }

  @Test func aShellLineThatIsNotUTF8FailsAndTheSessionGoesOn() throws {
    let calpager = try populated()
    let script =
      Array("add ".utf8) + BadInputEndToEndTests.latin1Cafe + Array("\nlist 2024-05\n".utf8)
    let before = calpager.snapshot()
    let result = try runProcess(
      Products.path("calpager"),
      rawArguments: [Array("--db".utf8), Array(calpager.database.utf8), Array("shell".utf8)],
      environment: ["CALPAGER_TODAY": Calpager.today, "NO_COLOR": "1"], stdin: script)
    #expect(result.status == 1)
    #expect(result.stderr == "line 1: Error: Invalid UTF-8 at column 8\n")
    #expect(result.stdout.contains("Dentist at 10:00"))
    let unchanged = calpager.snapshot() == before
    #expect(unchanged, "files changed")
  }

  // MARK: - Permissions and locks

  @Test(.requires(.anotherUser))
  func aDatabaseInAReadOnlyDirectoryIsReadableButNotWritten() throws {
    let calpager = Calpager()
    let directory = calpager.directory.file("readonly")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let database = directory + "/calpager.db"
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at 10:00"], database: database)
    // The directory and the file belong to nobody; the file is writable, the directory is not,
    // so SQLite cannot create its journal beside the database.
    chown(database, 65534, 65534)
    chown(directory, 65534, 65534)
    chmod(directory, 0o555)
    defer { chmod(directory, 0o755) }
    let before = contentsOfFile(database)
    let list = try calpager.runAsNobody(["list", "2024-05"], database: database)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Dentist at 10:00"))
    for arguments in [
      ["add", "Lunch"], ["goto", "2024-06-01"], ["config", "set", "border", "visible"],
    ] {
      let result = try calpager.runAsNobody(arguments, database: database)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "Error: Cannot write '\(database)': its directory is read-only\n")
    }
    #expect(contentsOfFile(database) == before)
    let fresh = try calpager.runAsNobody(["show"], database: directory + "/new.db")
    #expect(fresh.status == 1)
    #expect(fresh.stderr.hasPrefix("Error: Cannot open '\(directory)/new.db': "))
    #expect(!FileManager.default.fileExists(atPath: directory + "/new.db"))
  }

  @Test(.requires(.anotherUser))
  func aReadOnlyDatabaseFileIsNotWritten() throws {
    let calpager = try populated()
    // Only the file is read-only: nobody owns the directory and may create a journal there.
    chown(calpager.directory.path, 65534, 65534)
    chmod(calpager.database, 0o444)
    let before = calpager.snapshot()
    let result = try calpager.runAsNobody(["add", "Lunch"], database: calpager.database)
    expectFailure(
      result, status: 1, mentioning: "Cannot write '\(calpager.database)'", calpager: calpager,
      unchanged: before)
  }

  @Test func aDatabaseLockedPastTheBusyTimeoutFailsClearlyAndChangesNothing() throws {
    let calpager = try populated()
    let before = calpager.snapshot()
    // Nothing in this process may open and close the file while the lock is held: closing any
    // descriptor of a file drops all of the process's POSIX locks on it.
    let holder = try Database(path: calpager.database, mode: .readWrite)
    try holder.execute("BEGIN EXCLUSIVE")
    for arguments in [["add", "Lunch"], ["show"], ["list", "2024"]] {
      let started = Date()
      let result = try calpager.run(arguments, environment: ["CALPAGER_BUSY_TIMEOUT_MS": "100"])
      expectOneError(result, status: 1, mentioning: "is locked by another process; try again")
      // About time: the variable shortens the busy timeout. A run that waited the default
      // 3 s takes more than 3 s; one that honoured 100 ms has 2.4 s of margin for its start
      // and a busy machine.
      #expect(Date().timeIntervalSince(started) < 2.5, "waited the short timeout, not 3 s")
    }
    try holder.execute("ROLLBACK")
    let unchanged = calpager.snapshot() == before
    #expect(unchanged, "files changed")
    #expect(try calpager.run(["add", "Lunch"]).status == 0)
  }

  @Test func aLockShorterThanTheBusyTimeoutIsWaitedOut() throws {
    let calpager = try populated()
    nonisolated(unsafe) let holder = try Database(path: calpager.database, mode: .readWrite)
    try holder.execute("BEGIN EXCLUSIVE")
    let release = Thread {
      usleep(300_000)
      try? holder.execute("ROLLBACK")
    }
    let started = Date()
    release.start()
    let result = try calpager.run(["add", "Lunch"])
    #expect(result.status == 0, "\(result.stderr)")
    // About time: the add waited for the lock, held at least 300 ms after `started` (the
    // thread starts after it); a slow machine only makes the wait longer, so the bound has
    // 50 ms to spare and cannot fail from slowness.
    #expect(Date().timeIntervalSince(started) >= 0.25)
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body).contains("Lunch"))
  }

  // MARK: - Long notes

  /// Text of about `count` UTF-8 bytes, of several scripts and lines, ending in a letter.
  static func longText(bytes count: Int) -> String {
    let words = ["alpha", "Ωmega", "日本語", "🙂", "naïve", "line\nbreak", "tab\there", "x"]
    var text = ""
    var index = 0
    while text.utf8.count < count - 32 {
      text += words[index] + " "
      index = (index * 5 + 3) % words.count
    }
    while text.utf8.count < count - 1 { text += "z" }
    return text + "."
  }

  /// The notes' bodies as `export` writes them (JSON Lines), decoded.
  func exportedBodies(_ calpager: Calpager) throws -> [String] {
    let export = try calpager.run(["export"])
    #expect(export.status == 0)
    return try export.stdout.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return try #require(object?["body"] as? String)
    }
  }

  @Test func theLongestNoteArgvAllowsRoundTrips() throws {
    // Linux limits one argument to MAX_ARG_STRLEN, 128 KiB with its terminating NUL.
    let calpager = Calpager()
    let text = BadInputEndToEndTests.longText(bytes: 128 * 1024 - 1)
    #expect(text.utf8.count == 131_071)
    let added = try calpager.run(["--json", "add", "--day", "2024-05-01", "--", text])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try exportedBodies(calpager) == [text])
  }

  @Test func aTenMegabyteNoteRoundTripsThroughStandardInputAndImport() throws {
    let calpager = Calpager()
    let text = BadInputEndToEndTests.longText(bytes: 10 * 1024 * 1024)
    let added = try calpager.run(["add", "--day", "2024-05-01", "-"], stdin: text)
    #expect(added.status == 0, "\(added.stderr)")
    var record: [UInt8] = []
    record.append(contentsOf: #"{"uid":"ten-megabytes","day":"2024-05-02","body":"#.utf8)
    record.append(
      contentsOf: try JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed))
    record.append(contentsOf: "}\n".utf8)
    let file = calpager.directory.file("big.jsonl")
    try writeFile(file, record)
    let imported = try calpager.run(["import", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try exportedBodies(calpager) == [text, text])
  }

  // MARK: - Terminal control sequences

  /// A note that would clear the screen, set the title, write the clipboard, hide a link, ring,
  /// overwrite what was printed and reverse the text, were it printed raw.
  static let hostile =
    "Meeting \u{1B}[2J\u{1B}[31mred\u{1B}]0;pwned\u{07} \u{1B}]52;c;Y2xpcA==\u{07}"
    + "\u{1B}]8;;http://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\ bell\u{07} back\u{08}\u{08}"
    + " cr\rover \u{202E}desrever\u{202C} \u{2066}iso\u{2069} c1\u{9B}31m \u{7F}del zebra\nline two"

  /// The bytes of `text` that a terminal would act on, other than newlines and, when `sgr`, the
  /// colour sequences calpager writes itself (`ESC [ digits ; … m`).
  static func controlBytes(in bytes: [UInt8], allowingSGR sgr: Bool) -> [String] {
    var found: [String] = []
    var index = 0
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}" && sgr, index + 1 < scalars.count, scalars[index + 1] == "[" {
        var end = index + 2
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == ";" {
          end += 1
        }
        if end < scalars.count, scalars[end] == "m" {
          index = end + 1
          continue
        }
      }
      if scalar != "\n" && TerminalTextProbe.isControl(scalar) {
        found.append("U+" + String(scalar.value, radix: 16, uppercase: true))
      }
      index += 1
    }
    return found
  }

  @Test(arguments: ["never", "always"])
  func aNoteFullOfControlSequencesIsNeutralisedInText(color: String) throws {
    let calpager = Calpager()
    let added = try calpager.run(["add", "--day", "2024-05-01", "-"], stdin: Self.hostile)
    #expect(added.status == 0)
    for arguments in [
      ["goto", "2024-05-01"], ["show"], ["list", "2024-05"], ["search", "zebra"],
      ["search", "Meeting"], ["edit", "1", Self.hostile], ["mv", "1", "2024-05-01"],
      ["goto", Self.hostile], ["search", "\u{1B}]0;x\u{07}"], ["frobnicate\u{1B}[2J"],
      ["export", "-o", calpager.directory.file("no/such/\u{1B}[2J.jsonl")],
    ] {
      let result = try calpager.run(["--color", color] + arguments)
      for (stream, bytes) in [
        ("stdout", result.stdoutBytes), ("stderr", Array(result.stderr.utf8)),
      ] {
        let found = Self.controlBytes(in: bytes, allowingSGR: color == "always")
        #expect(found.isEmpty, "\(arguments.first ?? ""): \(stream) carries \(found)")
      }
    }
    let page = try calpager.run(["--color", color, "show"])
    #expect(page.stdout.contains("Meeting \\e[2J\\e[31mred\\e]0;pwned\\x07"))
    #expect(page.stdout.contains("\\u{202E}desrever\\u{202C}"))
  }

  @Test func aNoteFullOfControlSequencesIsExactInJSONAndExports() throws {
    let calpager = Calpager()
    let added = try calpager.run(["--json", "add", "--day", "2024-05-01", "--", Self.hostile])
    #expect(added.status == 0)
    let printed = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
    #expect(printed?["body"] as? String == Self.hostile)
    let page = try calpager.run(["--json", "goto", "2024-05-01"])
    let object = try JSONSerialization.jsonObject(with: Data(page.stdout.utf8)) as? [String: Any]
    let notes = object?["notes"] as? [[String: Any]]
    #expect(notes?.first?["body"] as? String == Self.hostile)
    #expect(try exportedBodies(calpager) == [Self.hostile])
    let csv = try calpager.run(["export", "--format", "csv"])
    let quoted = "\"" + Self.hostile.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    #expect(csv.stdout.contains("," + quoted + ","), "\(csv.stdout)")
    // And it comes back: an import of the CSV into another database gives the same note.
    let file = calpager.directory.file("notes.csv")
    try writeFile(file, csv.stdout)
    let other = calpager.directory.file("other.db")
    #expect(try calpager.run(["import", file], database: other).status == 0)
    let again = try calpager.run(["export"], database: other)
    let line = try #require(again.stdout.split(separator: "\n").first)
    let reimported = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(reimported?["body"] as? String == Self.hostile)
  }
}

/// What a terminal acts on: C0 controls but newline, DEL, C1 controls, and the invisible bidi
/// and format characters that reorder or hide text.
enum TerminalTextProbe {
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x09, 0x0B...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true
    default: return false
    }
  }
}
