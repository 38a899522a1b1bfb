import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// `add`, `edit`, `rm`, `mv`, `list`, `search`, `undo`: output, exit status, and the notes in
/// the database afterwards.
@Suite struct NotesEndToEndTests {
  func bodies(_ calpager: Calpager) throws -> [String] {
    try calpager.store().notes(in: Day.first...Day.last).map(\.body)
  }

  @Test func addPutsANoteOnTheSelectedOrGivenDay() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let added = try calpager.run(["add", "Buy", "flowers"])
    #expect(added.status == 0)
    #expect(added.stdout == "Added #1 to Wednesday 1 May 2024\n")
    let dated = try calpager.run(["add", "--day", "+1", "Lunch"])
    #expect(dated.stdout == "Added #2 to Thursday 2 May 2024\n")
    let json = try calpager.run(["--json", "add", "--day=2024-05-03", "--", "--literal"])
    #expect(json.stdout.hasPrefix(#"{"id":3,"uid":""#))
    #expect(json.stdout.contains(#""day":"2024-05-03","body":"--literal","created":""#))
    let notes = try calpager.store().notes(in: Day.first...Day.last)
    #expect(notes.map(\.body) == ["Buy flowers", "Lunch", "--literal"])
    #expect(notes.map(\.day.description) == ["2024-05-01", "2024-05-02", "2024-05-03"])
  }

  @Test func addReadsStandardInputForADash() throws {
    let calpager = Calpager()
    let result = try calpager.run(
      ["add", "--day", "2024-05-01", "-"], stdin: "line one\nline two\n\n")
    #expect(result.status == 0)
    #expect(try bodies(calpager) == ["line one\nline two"])
  }

  @Test func addWithoutTextOpensTheEditor() throws {
    let calpager = Calpager()
    let editor = calpager.directory.file("editor.sh")
    try writeFile(editor, "#!/bin/sh\nprintf 'From the editor\\n' > \"$1\"\n")
    chmod(editor, 0o755)
    let result = try calpager.run(["add", "--day", "2024-05-01"], environment: ["EDITOR": editor])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try bodies(calpager) == ["From the editor"])
    // VISUAL wins over EDITOR; an editor with arguments goes through the shell.
    let visual = try calpager.run(
      ["add", "--day", "2024-05-01"],
      environment: ["VISUAL": "sh -c 'echo visual > \"$0\"'", "EDITOR": editor])
    #expect(visual.status == 0, "\(visual.stderr)")
    #expect(try bodies(calpager) == ["From the editor", "visual"])
  }

  @Test func anEmptyEditorResultAddsNothingAndSaysSo() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let before = calpager.snapshot()
    let result = try calpager.run(["add"], environment: ["EDITOR": "true"])
    #expect(result.status == 1)
    #expect(result.stderr == "Error: The note is empty; nothing was added\n")
    #expect(calpager.snapshot() == before)
    let noEditor = try calpager.run(["add"])
    #expect(noEditor.status == 1)
    #expect(noEditor.stderr.contains("neither $VISUAL nor $EDITOR is set"))
    #expect(calpager.snapshot() == before)
  }

  @Test func editReplacesTheTextAndTheEditorStartsFromIt() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "draft"])
    let edited = try calpager.run(["edit", "1", "final", "text"])
    #expect(edited.stdout == "Edited #1 on Wednesday 1 May 2024\n")
    #expect(try bodies(calpager) == ["final text"])
    let editor = calpager.directory.file("append.sh")
    try writeFile(editor, "#!/bin/sh\nprintf 'more\\n' >> \"$1\"\n")
    chmod(editor, 0o755)
    let result = try calpager.run(["edit", "#1"], environment: ["EDITOR": editor])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try bodies(calpager) == ["final text\nmore"])
  }

  @Test func rmAndMvChangeTheNoteAndMissingIdsFail() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "one"])
    try calpager.run(["add", "--day", "2024-05-01", "two"])
    #expect(
      try calpager.run(["mv", "2", "2024-06-01"]).stdout == "Moved #2 to Saturday 1 June 2024\n")
    #expect(try calpager.run(["rm", "1"]).stdout == "Removed #1 from Wednesday 1 May 2024\n")
    let notes = try calpager.store().notes(in: Day.first...Day.last)
    #expect(notes.map(\.body) == ["two"] && notes[0].day == Day("2024-06-01"))
    let before = calpager.snapshot()
    for arguments in [["rm", "7"], ["mv", "7", "2024-01-01"], ["edit", "7", "x"]] {
      let result = try calpager.run(arguments)
      #expect(result.status == 1)
      #expect(result.stderr == "Error: There is no note #7\n")
    }
    #expect(calpager.snapshot() == before)
  }

  @Test func listShowsARangeGroupedByDay() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-02", "second"])
    try calpager.run(["add", "--day", "2024-05-01", "first"])
    try calpager.run(["add", "--day", "2024-05-01", "also first"])
    try calpager.run(["add", "--day", "2024-06-01", "june"])
    try calpager.run(["goto", "2024-05-20"])
    let expected = """
      Wednesday 1 May 2024
        #2  first
        #3  also first

      Thursday 2 May 2024
        #1  second

      """
    #expect(try calpager.run(["list"]).stdout == expected)  // the selected day's month
    #expect(try calpager.run(["list", "2024-05"]).stdout == expected)
    #expect(try calpager.run(["list", "2024-05-01..2024-05-31"]).stdout == expected)
    #expect(try calpager.run(["list", "2024"]).stdout.contains("june"))
    #expect(
      try calpager.run(["list", "2024-05-02"]).stdout == "Thursday 2 May 2024\n  #1  second\n")
    #expect(
      try calpager.run(["list", "2023"]).stdout
        == "No notes from Sunday 1 January 2023 to Sunday 31 December 2023\n")
    let json = try calpager.run(["--json", "list", "2024-05"])
    #expect(json.stdout.hasPrefix(#"{"from":"2024-05-01","to":"2024-05-31","notes":[{"id":2,"#))
  }

  @Test func searchFindsNotesBestFirst() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Lunch with Ana at noon"])
    try calpager.run(["add", "--day", "2024-06-01", "Ana Ana birthday"])
    try calpager.run(["add", "--day", "2024-07-01", "nothing"])
    let result = try calpager.run(["search", "ana"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        #2  2024-06-01  Ana Ana birthday
        #1  2024-05-01  Lunch with Ana at noon

        """)
    #expect(try calpager.run(["search", "zebra"]).stdout == "No notes match 'zebra'\n")
    let json = try calpager.run(["--json", "search", "birthday"])
    #expect(
      json.stdout.hasPrefix(
        #"{"query":"birthday","hits":[{"snippet":"Ana Ana birthday","note":{"id":2,"#))
  }

  @Test func undoStepsBackThroughEveryChange() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "one"])
    try calpager.run(["edit", "1", "two"])
    try calpager.run(["mv", "1", "2024-05-02"])
    try calpager.run(["rm", "1"])
    #expect(try calpager.run(["undo"]).stdout == "Undid rm: restored #1\n")
    #expect(try calpager.store().note(id: 1)?.day == Day("2024-05-02"))
    #expect(try calpager.run(["undo"]).stdout == "Undid mv: restored #1\n")
    #expect(try calpager.store().note(id: 1)?.day == Day("2024-05-01"))
    #expect(try calpager.run(["undo"]).stdout == "Undid edit: restored #1\n")
    #expect(try bodies(calpager) == ["one"])
    #expect(try calpager.run(["undo"]).stdout == "Undid add: removed 1 note\n")
    #expect(try bodies(calpager) == [])
    let none = try calpager.run(["undo"])
    #expect(none.status == 1 && none.stderr == "Error: There is nothing to undo\n")
  }

  @Test func configSetsValidatesAndResets() throws {
    let calpager = Calpager()
    #expect(try calpager.run(["config", "get", "menu-spacing"]).stdout == "1\n")
    #expect(
      try calpager.run(["config", "set", "menu-spacing", "3"]).stdout == "menu-spacing = 3\n")
    #expect(try calpager.run(["config", "get", "menu-spacing"]).stdout == "3\n")
    #expect(try calpager.run(["config", "list"]).stdout.contains("menu-spacing       3\n"))
    let before = calpager.snapshot()
    let bad = try calpager.run(["config", "set", "menu-spacing", "lots"])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("Error: Invalid menu-spacing 'lots': expected"))
    let unknown = try calpager.run(["config", "set", "colour", "red"])
    #expect(unknown.status == 64 && unknown.stderr.hasPrefix("Error: Unknown setting 'colour'"))
    #expect(calpager.snapshot() == before)
    #expect(try calpager.run(["config", "unset", "menu-spacing"]).stdout == "menu-spacing = 1\n")
    #expect(try calpager.store().settings().isEmpty)
    let json = try calpager.run(["--json", "config", "list"])
    #expect(json.stdout.hasPrefix(#"{"menu-item-size":"fixed:8","menu-spacing":"1","#))
  }

  @Test func helpAndVersionNeedNoDatabase() throws {
    let calpager = Calpager()
    let missing = calpager.directory.file("never/created.db")
    for arguments in [["--help"], ["help", "next"], ["next", "--help"], ["-h"], ["help"]] {
      let result = try calpager.run(arguments, database: missing)
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("OVERVIEW: "))
      #expect(result.stdout.contains("USAGE: calpager"))
    }
    #expect(try calpager.run(["--version"], database: missing).stdout == "calpager 0.1.0\n")
    #expect(!FileManager.default.fileExists(atPath: calpager.directory.file("never")))
  }
}
