import CalendarPaging
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

/// Data, settings, maintenance and help commands, and global option errors.
@Suite struct CommandParserDataTests {
  @Test func export() throws {
    #expect(try command(["export"]) == .export(ExportOptions()))
    let full = ExportOptions(
      format: .ics, from: .day(day("2024-01-01")), to: .day(day("2024-12-31")), output: "2024.ics")
    #expect(
      try command([
        "export", "--format", "ics", "--from", "2024-01-01", "--to", "2024-12-31", "-o", "2024.ics",
      ]) == .export(full))
    #expect(
      try command([
        "export", "--format=ics", "--from=2024-01-01", "--to=2024-12-31", "--output=2024.ics",
      ]) == .export(full))
    #expect(try command(["export", "--format", "md"]) == .export(ExportOptions(format: .md)))
    #expect(
      try command(["export", "--from", "-7", "--to", "today"])
        == .export(ExportOptions(from: .offset(-7), to: .today)))
    #expect(try command(["export", "-o", "-"]) == .export(ExportOptions(output: "-")))
    #expect(
      try command(["export", "--from", "2024-05-01", "--to", "2024-05-01"])
        == .export(ExportOptions(from: .day(day("2024-05-01")), to: .day(day("2024-05-01")))))
  }

  @Test func importing() throws {
    #expect(
      try command(["import", "notes.jsonl"])
        == .importNotes(ImportOptions(source: .file("notes.jsonl"), format: nil, dryRun: false)))
    #expect(
      try command(["import", "-", "--format", "csv", "--dry-run"])
        == .importNotes(ImportOptions(source: .standardInput, format: .csv, dryRun: true)))
    #expect(
      try command(["import", "--", "-"])
        == .importNotes(ImportOptions(source: .file("-"), format: nil, dryRun: false)))
    #expect(
      try command(["--dry-run", "import", "a.ics", "--format=ics"])
        == .importNotes(ImportOptions(source: .file("a.ics"), format: .ics, dryRun: true)))
  }

  @Test func settingsAndMaintenance() throws {
    #expect(try command(["config", "list"]) == .config(.list))
    #expect(try command(["config", "get", "menu.position"]) == .config(.get(key: "menu.position")))
    #expect(
      try command(["config", "set", "spacing", "-1"]) == .config(.set(key: "spacing", value: "-1")))
    #expect(
      try command(["config", "set", "k", "two words"])
        == .config(.set(key: "k", value: "two words")))
    #expect(try command(["config", "unset", "spacing"]) == .config(.unset(key: "spacing")))
    #expect(try command(["check"]) == .check)
    #expect(try command(["backup", "copy.db"]) == .backup(path: "copy.db"))
    #expect(try command(["backup", "--", "-"]) == .backup(path: "-"))
    #expect(try command(["shell"]) == .shell)
    #expect(try command(["shell", "--json"]) == .shell)
  }

  @Test func help() throws {
    #expect(try command(["help"]) == .help(nil))
    #expect(try command(["help", "next"]) == .help(.next))
    #expect(try command(["help", "exit"]) == .help(.quit))
    #expect(try command(["help", "begin"]) == .help(.begin))
    #expect(try command(["help", "config", "set"]) == .help(.config))
    #expect(try command(["help", "--help"]) == .help(.help))
    #expect(try command(["export", "--format", "bogus", "--help"]) == .help(.export))
  }

  @Test(arguments: [
    (["export", "x"], "unexpected argument 'x'"),
    (["export", "--format", "xml"], "'xml' is not a format: expected jsonl, json, csv, ics or md"),
    (
      ["export", "--format", "jsn"],
      "'jsn' is not a format: expected jsonl, json, csv, ics or md; did you mean 'json'?"
    ),
    (
      ["export", "--format", "JSONL"],
      "'JSONL' is not a format: expected jsonl, json, csv, ics or md; did you mean 'jsonl'?"
    ),
    (
      ["export", "--from", "2024-06-01", "--to", "2024-05-01"],
      "'--from' is after '--to': 2024-06-01 is after 2024-05-01"
    ),
    (
      ["export", "--to", "someday"],
      "'someday' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    ),
    (["export", "-o"], "missing value for '-o <file>'"),
    (["export", "--output"], "missing value for '--output <file>'"),
    (["export", "--output="], "the file name given to '--output' is empty"),
    (["export", "--formt", "csv"], "unknown option '--formt'; did you mean '--format'?"),
    (["export", "--dry-run"], "'export' has no option '--dry-run'"),
    (["import"], "missing argument '<file>': give a file to read, or - for standard input"),
    (["import", ""], "the file name is empty"),
    (["import", "a", "b"], "unexpected argument 'b'"),
    (
      ["import", "a.md", "--format", "md"],
      "'md' cannot be imported: expected jsonl, json, csv, ics, jrnl or jrnl-text"
    ),
    (["import", "a", "--from", "today"], "'import' has no option '--from'"),
    (["import", "a", "--dryrun"], "unknown option '--dryrun'; did you mean '--dry-run'?"),
    (
      ["config"],
      "missing config action: expected list, get <key>, set <key> <value> or unset <key>"
    ),
    (["config", "sett"], "unknown config action 'sett'; did you mean 'set'?"),
    (["config", "show"], "unknown config action 'show': expected list, get, set or unset"),
    (["config", "list", "x"], "unexpected argument 'x'"),
    (["config", "get"], "missing argument '<key>'"),
    (["config", "get", "a", "b"], "unexpected argument 'b'"),
    (["config", "set", "a"], "missing argument '<value>'"),
    (["config", "set", "a", "b", "c"], "unexpected argument 'c'"),
    (["config", "unset"], "missing argument '<key>'"),
    (["check", "x"], "unexpected argument 'x'"),
    (["backup"], "missing argument '<file>': give the file to write the copy to"),
    (["backup", "-"], "'-' is not a file: a backup is a database file, not a stream"),
    (["backup", ""], "the file name is empty"),
    (["backup", "a", "b"], "unexpected argument 'b'"),
    (["shell", "x"], "unexpected argument 'x'"),
    (["help", "nxt"], "unknown command 'nxt'; did you mean 'next'?"),
    (["help", "bogus"], "unknown command 'bogus'"),
    (["help", "next", "prev"], "unexpected argument 'prev'"),
  ])
  func dataErrors(words: [String], expected: String) {
    #expect(message(words) == expected)
    #expect(usageError(words)?.usage == usage(of: words[0]))
  }

  @Test(arguments: [
    (["nxt"], "unknown command 'nxt'; did you mean 'next'?"),
    (["NEXT"], "unknown command 'NEXT'; did you mean 'next'?"),
    (["lsit"], "unknown command 'lsit'; did you mean 'list'?"),
    (["exprot"], "unknown command 'exprot'; did you mean 'export'?"),
    (["serach", "x"], "unknown command 'serach'; did you mean 'search'?"),
    (["sea"], "unknown command 'sea'; did you mean 'search'?"),
    (["delete", "3"], "unknown command 'delete'; did you mean 'rm'?"),
    (["previous"], "unknown command 'previous'; did you mean 'prev'?"),
    (["ls"], "unknown command 'ls'; did you mean 'list'?"),
    (["2024-05-01"], "unknown command '2024-05-01'; to select that day, use 'goto 2024-05-01'"),
    (["+3"], "unknown command '+3'; to select that day, use 'goto +3'"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["quit"], "'quit' works only in the line mode ('calpager shell')"),
    (["--colour", "never"], "unknown option '--colour'; did you mean '--color'?"),
    (["--color", "blue"], "'blue' is not a colour mode: expected auto, always or never"),
    (
      ["--color", "alway"],
      "'alway' is not a colour mode: expected auto, always or never; did you mean 'always'?"
    ),
    (["--color"], "missing value for '--color <when>'"),
    (
      ["--width", "0"],
      "'0' is not a valid width: expected a whole number of columns from 1 to 10000"
    ),
    (
      ["--width", "-5"],
      "'-5' is not a valid width: expected a whole number of columns from 1 to 10000"
    ),
    (
      ["--width", "10001"],
      "'10001' is not a valid width: expected a whole number of columns from 1 to 10000"
    ),
    (
      ["--width", "wide"],
      "'wide' is not a valid width: expected a whole number of columns from 1 to 10000"
    ),
    (["--width"], "missing value for '--width <n>'"),
    (["--db"], "missing value for '--db <path>'"),
    (["--db="], "the database path given to '--db' is empty"),
    (["--json=yes"], "'--json' takes no value"),
    (["--help=next"], "'--help' takes no value"),
    (["-x"], "unknown option '-x'"),
    (["--bogus", "nxt"], "unknown option '--bogus'"),
    (
      ["--width", "0", "--color", "x"],
      "'0' is not a valid width: expected a whole number of columns from 1 to 10000"
    ),
  ])
  func rootErrors(words: [String], expected: String) {
    #expect(message(words) == expected)
  }

  @Test func lineModeSuggestsItsOwnCommands() {
    #expect(message(["qiut"], mode: .shellLine) == "unknown command 'qiut'; did you mean 'quit'?")
    #expect(message(["q"], mode: .shellLine) == "unknown command 'q'; did you mean 'quit'?")
    #expect(message(["q"]) == "unknown command 'q'")
    #expect(message(["shel"], mode: .shellLine) == "unknown command 'shel'")
    #expect(
      message(["calpager", "next"], mode: .shellLine)
        == "unknown command 'calpager': in the line mode, leave out 'calpager'")
  }
}
