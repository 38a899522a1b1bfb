import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// Edges users hit around the commands: the environment's `COLUMNS`, `~` in the line mode,
/// and small things of issue 20.
@Suite struct EdgesEndToEndTests {
  // MARK: - COLUMNS

  @Test(arguments: ["9223372036854775807", "99999999999", "10001", "0", "-5", "80x"])
  func aColumnsValueWidthWouldRefuseIsIgnored(_ columns: String) throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at 10:00"])
    try calpager.run(["goto", "2024-05-01"])
    let result = try calpager.run(["show"], environment: ["COLUMNS": columns])
    #expect(result.status == 0, "\(result.stderr)")
    let widest = result.stdout.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 80, "a line of \(widest) columns")
    #expect(result.stdout.contains("Wednesday 1 May 2024"))
  }

  @Test func aColumnsValueInRangeStillSetsTheWidth() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    for columns in ["10000", "120"] {
      let result = try calpager.run(["show"], environment: ["COLUMNS": columns])
      let widest = result.stdout.split(separator: "\n").map(\.count).max() ?? 0
      #expect(widest > 80 && widest <= Int(columns)!, "COLUMNS=\(columns): \(widest)")
    }
  }

  // MARK: - ~ in the line mode

  @Test func aTildeInAFileNameOfTheLineModeIsTheHomeFolder() throws {
    let calpager = Calpager()
    let home = calpager.directory.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    let lines = [
      "add --day 2024-05-01 ~ stays text", "backup ~/b.db", "export --output ~/x.jsonl",
      "rm 1", "import ~/x.jsonl", "export -o ~",
    ]
    let result = try calpager.shell(
      "\"$CALPAGER\" --db \"$DB\" shell", stdin: lines.joined(separator: "\n") + "\n",
      environment: ["HOME": home])
    let files = try FileManager.default.contentsOfDirectory(atPath: home).sorted()
    #expect(files == ["b.db", "x.jsonl"], "\(result.stderr)")
    // `export -o ~` names the home folder itself: refused as a directory, not a file '~'.
    #expect(result.stderr.contains("it is a directory"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: calpager.directory.file("~")))
    #expect(
      try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["~ stays text"])
  }

  @Test func aQuotedTildeStaysATilde() throws {
    let calpager = Calpager()
    let home = calpager.directory.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    try calpager.run(["add", "--day", "2024-05-01", "x"])
    let result = try calpager.shell(
      "\"$CALPAGER\" --db \"$DB\" shell", stdin: "export -o '~'\n",
      environment: ["HOME": home])
    #expect(result.status == 0, "\(result.stderr)")
    // As in a shell, a quoted '~' is a file of that name in the current directory.
    #expect(FileManager.default.fileExists(atPath: calpager.directory.file("~")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
  }
}

/// One note size limit, 10 MiB of UTF-8, at every way in and out.
@Suite struct NoteSizeLimitEndToEndTests {
  static let limit = 10 << 20

  func bodies(_ calpager: Calpager) throws -> [String] {
    try calpager.store().notes(in: Day.first...Day.last).map(\.body)
  }

  @Test func addAndEditRefuseALongerNoteWithOneLine() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "short"])
    let before = calpager.snapshot()
    let long = String(repeating: "a", count: Self.limit + 1)
    for arguments in [["add", "-"], ["edit", "1", "-"]] {
      let result = try calpager.run(arguments, stdin: long)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "Error: The note is 10485761 bytes long; a note holds at most 10 MiB (10485760 "
          + "bytes) of text; nothing was changed\n")
    }
    #expect(calpager.snapshot() == before)
  }

  @Test func theEditorsTooLongTextStaysInItsFile() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "short"])
    let editor = calpager.directory.file("long.sh")
    try writeFile(editor, "#!/bin/sh\nhead -c 11534336 /dev/zero | tr '\\0' 'b' > \"$1\"\n")
    chmod(editor, 0o755)
    let result = try calpager.run(
      ["edit", "1"], environment: ["EDITOR": editor, "TMPDIR": calpager.directory.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("(the note is 11534336 bytes long; a note holds at most 10 MiB"))
    let parts = result.stderr.split(separator: "'", omittingEmptySubsequences: false)
    let kept = String(parts[parts.count - 2])
    #expect(FileManager.default.contents(atPath: kept)?.count == 11 << 20)
    #expect(try bodies(calpager) == ["short"])
  }

  @Test func theLongestNoteWithTheWorstEscapingExportsAndImportsBack() throws {
    let calpager = Calpager()
    // A control character is the worst case of every format: six bytes in JSON.
    let body = "x" + String(repeating: "\u{1}", count: Self.limit - 1)
    let added = try calpager.run(["add", "--day", "2024-05-01", "-"], stdin: body)
    #expect(added.status == 0, "\(added.stderr)")
    let file = calpager.directory.file("all.jsonl")
    let exported = try calpager.run(["export", "--output", file])
    #expect(exported.status == 0, "\(exported.stderr)")
    let other = calpager.directory.file("other.db")
    let imported = try calpager.run(["import", file], database: other)
    #expect(imported.status == 0, "\(imported.stderr)")
    let store = try NoteStore(location: StoreLocation(path: other, createsParentDirectories: false))
    #expect(try store.notes(in: Day.first...Day.last).map(\.body) == [body])
  }

  @Test func importRefusesALongerRecordNamingItsLine() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("long.jsonl")
    let long = String(repeating: "c", count: Self.limit + 1)
    try writeFile(
      file,
      #"{"day":"2024-05-01","body":"fine"}"# + "\n" + #"{"day":"2024-05-02","body":""#
        + long + "\"}\n")
    let result = try calpager.run(["import", file])
    #expect(result.status != 0)
    #expect(
      result.stderr.contains("Line 2: the note is 10485761 bytes long; a note holds at most 10 MiB")
    )
    #expect(try calpager.store().noteCount() == 0)
  }

  @Test(.requires(.python3))
  func exportRefusesANoteStoredBeforeTheLimit() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "short"])
    // As a database from before the limit holds it: written past calpager's checks.
    let script = calpager.directory.file("grow.py")
    try writeFile(
      script,
      """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      db.execute("UPDATE notes SET body = ? WHERE id = 1", ("d" * (11 << 20),))
      db.commit()

      """)
    let grown = try runProcess(try Peer.python3.path(), [script, calpager.database])
    #expect(grown.status == 0, "\(grown.stderr)")
    let file = calpager.directory.file("out.jsonl")
    let result = try calpager.run(["export", "--output", file])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "Note #1 is 11534336 bytes long, more than the 10 MiB (10485760 bytes) a note holds"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }
}

/// Smaller things users hit (issue 20, item 22).
@Suite struct SmallEdgesEndToEndTests {
  @Test(arguments: ["Tomorrow", "TODAY", "YesterDay"])
  func dayWordsAreReadInAnyCaseAsWeekdaysAre(_ word: String) throws {
    let calpager = Calpager()
    let result = try calpager.run(["goto", word])
    #expect(result.status == 0, "\(result.stderr)")
    let expected = ["tomorrow": "2030-06-16", "today": "2030-06-15", "yesterday": "2030-06-14"]
    #expect(try calpager.store().selectedDay()?.description == expected[word.lowercased()])
  }

  @Test func aCountOfManyDigitsIsTooLargeNotInvalid() throws {
    let calpager = Calpager()
    let result = try calpager.run(["next", "99999999999999999999999"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: '99999999999999999999999' is too large: days run from 0001-01-01 to 9999-12-31"))
  }

  @Test func aDirectoryGivenAsTheConfigFileIsNamedAsOne() throws {
    let calpager = Calpager()
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/calpager/config", withIntermediateDirectories: true)
    let result = try calpager.run(
      ["sync", calpager.directory.file("vdir")], environment: ["XDG_CONFIG_HOME": config])
    #expect(result.status != 0)
    #expect(result.stderr.contains("'\(config)/calpager/config'"))
    #expect(result.stderr.contains("it is a directory, not a file"), "\(result.stderr)")
  }

  @Test func aKeyGivenTwiceInTheConfigFileNamesBothLines() throws {
    let calpager = Calpager()
    let config = calpager.directory.file("config")
    try FileManager.default.createDirectory(
      atPath: config + "/calpager", withIntermediateDirectories: true)
    try writeFile(
      config + "/calpager/config",
      "sync-command = vdirsyncer sync\n# a comment\nsync-command = true\n")
    let result = try calpager.run(
      ["sync", calpager.directory.file("vdir")], environment: ["XDG_CONFIG_HOME": config])
    #expect(result.status != 0)
    #expect(
      result.stderr.contains("'sync-command' is set twice, on lines 1 and 3"), "\(result.stderr)")
  }

  @Test func nearWithoutParenthesesSaysWhyItIsNotTheOperator() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Call the bank about the mortgage"])
    let result = try calpager.run(["search", "bank", "NEAR", "mortgage"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("NEAR without parentheses is not the operator"))
    #expect(result.stderr.contains("write NEAR(word word)"))
    let withParentheses = try calpager.run(["search", "NEAR(bank mortgage)"])
    #expect(withParentheses.stdout.contains("mortgage"), "\(withParentheses.stderr)")
  }

  @Test func aFileWithAnEventAndAJournalIsReportedAsBoth() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("both.ics")
    try writeFile(
      file,
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:e1",
        "DTSTAMP:20240501T000000Z", "DTSTART:20240501T100000Z", "SUMMARY:Meeting",
        "END:VEVENT", "BEGIN:VJOURNAL", "UID:j1", "DTSTAMP:20240501T000000Z",
        "DTSTART;VALUE=DATE:20240501", "SUMMARY:Diary", "END:VJOURNAL", "END:VCALENDAR", "",
      ].joined(separator: "\r\n"))
    let result = try calpager.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("1 added"))
    #expect(result.stdout.contains("1 event (VEVENT) not imported"))
  }
}

/// jrnl's files (issue 20, item 21, in part): its JSON export is known by its shape.
@Suite struct JRNLShapeEndToEndTests {
  static let export = """
    {
        "tags": {},
        "entries": [
            {
                "title": "Called in sick.",
                "body": "Cleaned the house.",
                "date": "2024-05-01",
                "time": "09:30",
                "tags": [],
                "starred": false
            }
        ]
    }

    """

  @Test(arguments: ["journal.json", "journal.jsonl", "journal"])
  func jrnlsJSONExportImportsWithoutFormat(_ name: String) throws {
    let calpager = Calpager()
    let file = calpager.directory.file(name)
    try writeFile(file, Self.export)
    let result = try calpager.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    let notes = try calpager.store().notes(in: Day.first...Day.last)
    #expect(notes.map(\.day.description) == ["2024-05-01"])
    #expect(notes.map(\.body) == ["Called in sick.\nCleaned the house."])
  }

  @Test func calpagersOwnJSONIsStillReadAsItsOwn() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("notes.json")
    try writeFile(file, #"[{"day":"2024-05-01","body":"own"}]"# + "\n")
    let result = try calpager.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try calpager.store().notes(in: Day.first...Day.last).map(\.body) == ["own"])
  }
}
