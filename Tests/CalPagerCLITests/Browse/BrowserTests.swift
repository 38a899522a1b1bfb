import CalendarPaging
import DisplayText
import Foundation
@_spi(Testing) import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// The full-screen pager without a terminal: keys in, frames out, on a real database.
@Suite struct BrowserTests {
  let calpager: InProcess
  let browser: Browser

  init(environment: [String: String] = [:]) throws {
    calpager = try InProcess(environment: environment)
    let session = Session(
      store: calpager.store, environment: calpager.session.environment,
      output: Output(capturing: 1 << 12), selectionSaving: .soonWithoutWaiting)
    browser = Browser(session: session, size: TerminalSize(columns: 80, rows: 24)) { $0() }
  }

  /// Starts on `day` with these notes on it (and `others` elsewhere).
  func start(on day: String = "2024-05-01", notes: [String] = [], others: [(String, String)] = [])
    throws
  {
    for body in notes { try calpager.store.add(body, on: Day(day)!) }
    for (day, body) in others { try calpager.store.add(body, on: Day(day)!) }
    try calpager.store.setSelectedDay(Day(day)!)
    try browser.start()
  }

  @discardableResult
  func press(_ keys: Key...) -> Browser.Outcome {
    var outcome = Browser.Outcome.proceed
    for key in keys { outcome = browser.handle(key) }
    return outcome
  }

  func type(_ text: String) {
    for character in text { _ = browser.handle(.character(character)) }
  }

  var day: Day? { browser.page?.day }
  var screen: String { BrowserTests.text(of: browser.frame().lines, width: browser.size.columns) }
  var status: String {
    screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
  }

  /// The frame as text: each row's spans escaped and clipped as the screen draws them, without
  /// trailing spaces.
  static func text(of lines: [ScreenLine], width: Int) -> String {
    lines.map { line in
      var text = ""
      for span in line.spans { text += TerminalText.singleLine(span.text) }
      let (shown, _) = DisplayWidth.prefix(of: text[...], fittingIn: width)
      var row = String(shown)
      while row.hasSuffix(" ") { row.removeLast() }
      return row
    }.joined(separator: "\n")
  }

  @Test func pagingKeysMoveBySaveAndShowTheDay() throws {
    try start()
    let moves: [(Key, String)] = [
      (.right, "2024-05-02"), (.character("l"), "2024-05-03"), (.left, "2024-05-02"),
      (.character("h"), "2024-05-01"), (.down, "2024-05-08"), (.character("j"), "2024-05-15"),
      (.up, "2024-05-08"), (.character("k"), "2024-05-01"), (.pageDown, "2024-06-01"),
      (.pageUp, "2024-05-01"), (.character("t"), "2030-06-15"),
    ]
    for (key, expected) in moves {
      press(key)
      #expect(day == Day(expected), "\(key.name)")
      // Saved once the keys pause, so that no frame waits for a disk sync.
      #expect(browser.wantsSaveSoon)
      browser.saveIfDue()
      #expect(try calpager.store.selectedDay() == Day(expected), "saved after \(key.name)")
    }
    #expect(screen.contains("Saturday 15 June 2030 · today · no notes"))
    #expect(status == " " + Browser.hint)
  }

  @Test func aStepInsideTheWindowMakesNoWindowQuery() throws {
    try start()
    let queries = { self.browser.session.pager.controller?.dataSource.countQueries ?? -1 }
    let before = queries()
    press(.right, .right, .left, .character("l"))
    #expect(queries() == before)
    press(.pageDown)
    #expect(queries() == before + 1, "a month away: a new window, one query")
  }

  @Test func goToTakesADateAndSaysWhatIsWrong() throws {
    try start()
    press(.character("g"))
    #expect(status == "Go to:")
    type("2024-02-30")
    press(.enter)
    #expect(status.contains("Error: '2024-02-30' is not a date"))
    #expect(day == Day("2024-05-01"))
    press(.character("g"))
    type("+10")
    press(.enter)
    #expect(day == Day("2024-05-11"))
    press(.character("g"))
    type("tomorrow")
    press(.escape)
    #expect(day == Day("2024-05-11"), "Escape cancels")
  }

  @Test func movesPastTheEdgeFailAndKeepTheSelection() throws {
    try start(on: "9999-12-31")
    press(.right)
    #expect(status.contains("Error: There is no day after 9999-12-31"))
    #expect(day == .last)
    press(.down)
    #expect(day == .last)
  }

  @Test func nAndShiftNGoToDaysWithNotes() throws {
    try start(others: [("2024-04-20", "before"), ("2024-05-09", "after")])
    press(.character("n"))
    #expect(day == Day("2024-05-09"))
    press(.character("N"))
    #expect(day == Day("2024-04-20"))
    press(.character("N"))
    #expect(status.contains("No day before Saturday 20 April 2024 has notes"))
  }

  @Test func tabSelectsNotesAndTheyScrollIntoView() throws {
    let notes = (1...30).map { "note \($0)" }
    try start(notes: notes)
    #expect(screen.contains(" ›#1   note 1"))
    press(.tab, .tab)
    #expect(screen.contains(" ›#3   note 3"))
    press(.backTab, .backTab, .backTab)
    #expect(screen.contains(" ›#30  note 30"), "wraps around")
    #expect(screen.contains("more above"))
    #expect(browser.frame().lines.count == 24)
  }

  @Test func addDeleteAndUndo() throws {
    try start(notes: ["Dentist at 10:00"])
    press(.character("a"))
    type("Buy flowers")
    press(.enter)
    #expect(status == " Added #2 to Wednesday 1 May 2024")
    #expect(screen.contains(" ›#2  Buy flowers"))
    press(.character("d"))
    #expect(status == " Delete #2 \"Buy flowers\"? (y/n)")
    press(.character("n"))
    #expect(status == " Kept #2")
    press(.character("d"), .character("y"))
    #expect(status == " Removed #2 from Wednesday 1 May 2024")
    #expect(try calpager.store.note(id: 2) == nil)
    press(.character("u"))
    #expect(status == " Undid rm: restored #2")
    #expect(screen.contains(" ›#2  Buy flowers"))
  }

  @Test func editorKeysRunTheEditorWithTheTerminalHandedBack() throws {
    let directory = TemporaryDirectory("browse-editor")
    let editor = directory.file("editor.sh")
    try writeFile(editor, "#!/bin/sh\nprintf 'From the editor\\n' > \"$1\"\n")
    chmod(editor, 0o755)
    let tests = try BrowserTests(environment: ["EDITOR": editor])
    try tests.start(notes: ["Dentist"])
    tests.press(.character("e"))
    #expect(tests.status == " Edited #1 on Wednesday 1 May 2024")
    #expect(try tests.calpager.store.note(id: 1)?.body == "From the editor")
    tests.press(.character("A"))
    #expect(tests.status == " Added #2 to Wednesday 1 May 2024")
    #expect(tests.screen.contains(" ›#2  From the editor"))
  }

  @Test func colonCommandsThatOpenTheEditorHandTheTerminalBack() throws {
    let directory = TemporaryDirectory("browse-editor")
    let editor = directory.file("editor.sh")
    try writeFile(editor, "#!/bin/sh\nprintf 'Typed in the editor\\n' > \"$1\"\n")
    chmod(editor, 0o755)
    var handedBack = 0
    let calpager = try InProcess(environment: ["EDITOR": editor])
    let session = Session(
      store: calpager.store, environment: calpager.session.environment,
      output: Output(capturing: 64), selectionSaving: .soonWithoutWaiting)
    let browser = Browser(session: session, size: TerminalSize(columns: 80, rows: 24)) { body in
      handedBack += 1
      body()
    }
    try browser.start()
    for key in ":add".map(Key.character) + [.enter] { _ = browser.handle(key) }
    #expect(handedBack == 1)
    #expect(try calpager.store.note(id: 1)?.body == "Typed in the editor")
    for key in ":add Lunch".map(Key.character) + [.enter] { _ = browser.handle(key) }
    #expect(handedBack == 1, "text given: no editor")
    #expect(browser.page?.notes.map(\.body) == ["Typed in the editor", "Lunch"])
  }

  @Test func colonExportShowsWhatItWrote() throws {
    try start(notes: ["Dentist"])
    press(.character(":"))
    type("export --format csv")
    press(.enter)
    #expect(screen.hasPrefix(":export --format csv\n  uid,day,body,created,updated"))
    #expect(screen.contains(",2024-05-01,Dentist,"))
    press(.escape)
    #expect(status == " " + Browser.hint)
  }

  @Test func noteKeysOnADayWithoutNotesSaySo() throws {
    try start()
    for key in [Key.character("e"), .character("d"), .tab] {
      press(key)
      #expect(status.contains("No note"), "\(key.name)")
    }
  }

  @Test func searchListsNotesAndEnterGoesToTheDay() throws {
    try start(others: [("2024-06-03", "Call the bank"), ("2024-07-04", "bank holiday")])
    press(.character("/"))
    type("bank")
    press(.enter)
    #expect(screen.hasPrefix("Search 'bank': 2 notes"))
    press(.down, .enter)
    let other = try #require(browser.page?.day)
    #expect(other == Day("2024-06-03") || other == Day("2024-07-04"))
    #expect(browser.selectedNoteValue?.body.contains("bank") == true)
    browser.saveIfDue()
    #expect(try calpager.store.selectedDay() == other)
    press(.character("/"))
    type("nothing-like-it")
    press(.enter)
    #expect(status == " No notes match 'nothing-like-it'")
  }

  @Test func colonRunsLineModeCommandsButNotTheSessionOnes() throws {
    try start(notes: ["Dentist"])
    press(.character(":"))
    type("next 2")
    press(.enter)
    #expect(day == Day("2024-05-03"))
    browser.saveIfDue()
    #expect(try calpager.store.selectedDay() == Day("2024-05-03"))
    press(.character(":"))
    type("list 2024-05")
    press(.enter)
    #expect(screen.hasPrefix(":list 2024-05\n  Wednesday 1 May 2024\n    #1  Dentist"))
    press(.character("q"))
    for refused in ["begin", "commit", "rollback", "shell", "browse"] {
      press(.character(":"))
      type(refused)
      press(.enter)
      #expect(status == " Error: '\(refused)' cannot be run inside browse")
    }
    press(.character(":"))
    type("config set menu-spacing 2")
    press(.enter)
    #expect(status == " menu-spacing = 2")
    press(.character(":"))
    type("nxt")
    press(.enter)
    #expect(status.contains("Error: Unknown command 'nxt'; did you mean 'next'?"))
    press(.character(":"))
    type("quit")
    #expect(press(.enter) == .quit(0))
  }

  @Test func browseHelpListsTheKeysOfTheTable() {
    let discussion = BrowseCommand.spec.discussion
    let lines = BrowseKeys.lines
    #expect(discussion.contains("Keys:\n" + lines.joined(separator: "\n") + "\n\n"))
  }

  @Test func helpQuitSuspendAndRedraw() throws {
    try start()
    press(.character("?"))
    #expect(screen.hasPrefix("calpager browse: keys"))
    for binding in BrowseKeys.bindings {
      #expect(screen.contains(binding.help), "\(binding.label)")
    }
    press(.character("x"))
    #expect(status == " " + Browser.hint)
    #expect(press(.character("q")) == .quit(0))
    #expect(press(.control("c")) == .quit(130))
    #expect(press(.control("z")) == .suspend)
    #expect(press(.control("l")) == .redraw)
  }

  @Test func otherProcessesChangesShowOnATickOrAKey() throws {
    try start()
    let other = try calpager.otherConnection()
    try other.add("From elsewhere", on: Day("2024-05-01")!)
    browser.tick()
    #expect(screen.contains("#1  From elsewhere"))
    try other.add("And more", on: Day("2024-05-01")!)
    press(.character("x"))
    #expect(screen.contains("#2  And more"))
  }

  @Test func aLockedDatabaseNeverHoldsAKeyAndTheSaveIsRetried() throws {
    try start()
    let other = try calpager.otherConnection()
    // The other connection holds the write lock for as long as its body runs.
    try other.inTransaction(.once) { () throws -> TransactionCompletion in
      press(.right)
      #expect(day == Day("2024-05-02"), "the page moves at once")
      browser.saveIfDue()
      #expect(browser.selectionSavePending)
      #expect(!browser.wantsSaveSoon, "a locked save waits for the next tick")
      #expect(status.contains("locked"))
      browser.tick()
      #expect(browser.selectionSavePending, "still locked")
      return .rollback
    }
    browser.tick()
    #expect(!browser.selectionSavePending)
    #expect(try calpager.store.selectedDay() == Day("2024-05-02"))
  }

  @Test func aResizeLaysThePageOutAgain() throws {
    try start(notes: ["A note long enough to wrap when the screen is only forty columns wide"])
    browser.resize(to: TerminalSize(columns: 40, rows: 10))
    let lines = browser.frame().lines
    #expect(lines.count == 10)
    let text = BrowserTests.text(of: lines, width: 1000)
    #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 40 }, "\(text)")
    #expect(text.contains("Wednesday 1 May 2024"))
  }
}
