import CalendarPaging
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

/// The scan: global options, `--opt=value`, `--`, `-h` anywhere, values that look negative.
@Suite struct CommandParserTests {
  @Test func noWordsShowsTheSelectedDay() throws {
    #expect(
      try parse([])
        == Invocation(
          options: GlobalOptions(),
          request: .command(ParsedArguments(spec: ShowCommand.spec, words: [], mode: .commandLine)))
    )
    #expect(try command(["--json"]) == .show)
  }

  @Test func readsGlobalOptionsBeforeAndAfterTheCommand() throws {
    let expected = GlobalOptions(databasePath: "/tmp/x.db", json: true, color: .never, width: 60)
    let spellings = [
      ["--db", "/tmp/x.db", "--json", "--color", "never", "--width", "60", "next"],
      ["next", "--db", "/tmp/x.db", "--json", "--color", "never", "--width", "60"],
      ["--db=/tmp/x.db", "next", "--json", "--color=never", "--width=60"],
      ["--width", "60", "--color=never", "next", "--db=/tmp/x.db", "--json"],
    ]
    for words in spellings {
      let invocation = try parse(words)
      #expect(invocation.options == expected, "\(words)")
      #expect(invocation.command == .next(count: 1, withNotes: false), "\(words)")
    }
  }

  @Test func keepsTheLastValueOfARepeatedOption() throws {
    let invocation = try parse(["--width", "60", "--width=100", "show"])
    #expect(invocation.options.width == 100)
  }

  @Test func takesAnyTextAfterEqualsAsTheValue() throws {
    let invocation = try parse(["--db=-odd=name", "export", "--output=--x"])
    #expect(invocation.options.databasePath == "-odd=name")
    #expect(invocation.command == .export(ExportOptions(output: "--x")))
  }

  @Test(arguments: ColorMode.allCases)
  func readsEveryColourMode(mode: ColorMode) throws {
    #expect(try parse(["--color", mode.rawValue]).options.color == mode)
  }

  @Test func readsWidthsAtTheLimits() throws {
    #expect(try parse(["--width", "1"]).options.width == 1)
    #expect(try parse(["--width", "+80"]).options.width == 80)
    #expect(try parse(["--width", "10000"]).options.width == 10000)
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try command(["add", "--", "--json", "-h"]) == .add(day: nil, body: .text("--json -h")))
    #expect(try command(["--", "add", "--json"]) == .add(day: nil, body: .text("--json")))
    #expect(try command(["add", "--", "--"]) == .add(day: nil, body: .text("--")))
    #expect(try command(["add", "x", "--", "-"]) == .add(day: nil, body: .text("x -")))
    let invocation = try parse(["add", "--json", "--", "--json"])
    #expect(invocation.options.json)
    #expect(invocation.command == .add(day: nil, body: .text("--json")))
  }

  @Test func loneDashAfterDoubleDashIsText() throws {
    #expect(try command(["add", "-"]) == .add(day: nil, body: .standardInput))
    #expect(try command(["add", "--", "-"]) == .add(day: nil, body: .text("-")))
    #expect(try command(["edit", "3", "-"]) == .edit(id: 3, body: .standardInput))
    #expect(try command(["edit", "--", "3", "-"]) == .edit(id: 3, body: .text("-")))
  }

  @Test func negativeNumbersAreValuesNotOptions() throws {
    #expect(try command(["goto", "-2"]) == .goto(.offset(-2)))
    #expect(
      try command(["add", "--day", "-1", "text"]) == .add(day: .offset(-1), body: .text("text")))
    #expect(try command(["add", "-5", "degrees"]) == .add(day: nil, body: .text("-5 degrees")))
    #expect(try command(["mv", "4", "-10"]) == .move(id: 4, to: .offset(-10)))
    #expect(
      try command(["list", "-7..today"])
        == .list(RangeExpression(from: .date(.offset(-7)), to: .date(.today))))
  }

  @Test(arguments: [
    ["-h"], ["--help"], ["next", "-h"], ["-h", "next"], ["next", "--help", "3"],
    ["next", "bad", "--bogus", "-h"], ["--width", "0", "next", "--help"],
  ])
  func helpAnywhereShowsTheCommandsHelp(words: [String]) throws {
    let expected: CommandName? = words.contains("next") ? .next : nil
    #expect(try command(words) == .help(expected))
  }

  @Test func helpIsNotAnOptionAfterDoubleDash() throws {
    #expect(try command(["add", "--", "-h"]) == .add(day: nil, body: .text("-h")))
  }

  @Test func helpCannotRescueAnUnknownCommand() {
    #expect(message(["nxt", "--help"]) == "unknown command 'nxt'; did you mean 'next'?")
  }

  @Test func versionWinsOverTheCommand() throws {
    #expect(try command(["--version"]) == .version)
    #expect(try command(["next", "--version"]) == .version)
    #expect(try command(["--version", "--help"]) == .help(nil))
  }

  @Test func commandOptionsMayComeBeforeTheCommandWord() throws {
    #expect(try command(["--with-notes", "next", "2"]) == .next(count: 2, withNotes: true))
    #expect(try command(["--day", "today", "add", "x"]) == .add(day: .today, body: .text("x")))
  }

  @Test func lineModeRejectsShellDbAndStandardInput() {
    #expect(
      message(["shell"], mode: .shellLine) == "'shell' cannot be used inside the line mode")
    #expect(
      message(["--db", "x.db", "next"], mode: .shellLine)
        == "'--db' cannot be used in the line mode: give it to 'calpager shell' instead")
    let standardInput =
      "'-' (standard input) cannot be used in the line mode: standard input holds the commands"
    #expect(message(["add", "-"], mode: .shellLine) == standardInput)
    #expect(message(["edit", "1", "-"], mode: .shellLine) == standardInput)
    #expect(message(["import", "-"], mode: .shellLine) == standardInput)
  }

  @Test func lineModeAcceptsItsOwnCommands() throws {
    #expect(try command(line: "quit") == .quit)
    #expect(try command(line: "exit") == .quit)
    #expect(try command(line: "begin") == .begin)
    #expect(try command(line: "commit") == .commit)
    #expect(try command(line: "rollback") == .rollback)
    #expect(try command(line: "add -- -") == .add(day: nil, body: .text("-")))
    #expect(try parseLine("next --json")?.options.json == true)
    for word in ["quit", "begin", "commit", "rollback"] {
      #expect(try command(line: word)?.name == CommandName(word: word)?.rawValue)
      #expect(try parseLine(word)?.commandWords == [word])
    }
  }

  @Test(arguments: ["quit", "exit", "begin", "commit", "rollback"])
  func commandLineRejectsLineModeCommands(word: String) {
    #expect(message([word]) == "'\(word)' works only in the line mode ('calpager shell')")
    #expect((try? command([word, "--help"])) == .help(CommandName(word: word)))
  }

  @Test func blankAndCommentLinesAreNoCommand() throws {
    #expect(try parseLine("") == nil)
    #expect(try parseLine("   ") == nil)
    #expect(try parseLine("# goto 2024-05-01") == nil)
  }

  @Test func shellLineUsesTheTokenizer() throws {
    #expect(
      try command(line: #"add "Lunch with Ana" at '12:30'"#)
        == .add(day: nil, body: .text("Lunch with Ana at 12:30")))
    #expect(try command(line: "rm #12") == .remove(id: 12))
    #expect(
      try command(line: "add --day=\"2024-05-01\" x")
        == .add(day: .day(day("2024-05-01")), body: .text("x")))
    let error = #expect(throws: UsageError.self) { try parseLine("add 'x") }
    #expect(error?.message == "unterminated single quote starting at column 5")
  }

  @Test func canonicalArgumentsParseBack() throws {
    let samples: [[String]] = [
      [], ["next", "3", "--with-notes"], ["prev"], ["goto", "-2"], ["today"],
      ["add", "--day", "+1", "--", "-x", "y"], ["add", "-"], ["add"], ["add", "--", "-"],
      ["edit", "#4", "new", "text"], ["edit", "4"], ["rm", "9"], ["mv", "2", "tomorrow"],
      ["list"], ["list", "2024-05..2024-06"], ["search", "a", "b"], ["undo"],
      ["export", "--format", "md", "--from", "2024-01-01", "--to=+3", "-o", "-"],
      ["import", "-", "--dry-run"], ["import", "--", "-"], ["import", "x.ics", "--format=ics"],
      ["config", "list"], ["config", "get", "k"], ["config", "set", "k", "-1"],
      ["config", "unset", "k"], ["check"], ["backup", "b.db"], ["shell"], ["help"],
      ["help", "next"], ["--version"], ["quit", "-h"],
      ["--db", "/x", "--json", "--color", "always", "--width", "9"],
    ]
    for words in samples {
      let invocation = try parse(words)
      #expect(try parse(invocation.arguments) == invocation, "\(words)")
      switch invocation.request {
      case .command(let arguments): #expect(invocation.commandWords.first == arguments.name)
      case .help: #expect(invocation.arguments.last == "--help", "\(words)")
      case .version: #expect(invocation.arguments.last == "--version", "\(words)")
      }
      let line = invocation.arguments.map(Tokenizer.quoted).joined(separator: " ")
      if let inShell = try? parse(words, mode: .shellLine) {
        #expect(try parseLine(line) == inShell, "\(line)")
      }
    }
  }
}

/// Inputs the fuzzers found.
@Suite struct CommandParserRegressionTests {
  /// A value starting with a combining mark (FuzzCommandParser, crash-c366c8d6).
  ///
  /// The `=` of `--db=` and the mark form one Character, so looking for the Character `=`
  /// missed it, and `--db=\u{36F}` (the canonical form of `--db \u{36F}`) became an unknown
  /// option.
  @Test func valueStartingWithACombiningMark() throws {
    let invocation = try parse(["--db", "\u{36F}"])
    #expect(invocation.options.databasePath == "\u{36F}")
    #expect(try parse(["--db=\u{36F}"]) == invocation)
    #expect(try parse(invocation.arguments) == invocation)
    #expect(
      try command(["export", "--output=\u{301}x"]) == .export(ExportOptions(output: "\u{301}x")))
    #expect(
      try command(line: "export --output=\u{301}x") == .export(ExportOptions(output: "\u{301}x")))
  }
}
