import CalendarPaging
import Recurrence
import Testing

@testable import CalPagerCLI

/// `browse` with calendars: the day's events above its notes, and `n`/`N` stopping at days
/// with events as at days with notes.
@Suite struct BrowserEventTests {
  @Test func browseShowsEventsAndStopsAtTheirDays() throws {
    let calpager = try InProcess()
    let session = Session(
      store: calpager.store, environment: calpager.session.environment,
      output: Output(capturing: 1 << 12), selectionSaving: .soonWithoutWaiting)
    session.events = try EventPageTests.source()
    let browser = Browser(session: session, size: TerminalSize(columns: 80, rows: 24)) { $0() }
    try calpager.store.add("Buy flowers", on: Day("2024-05-20")!)
    try calpager.store.setSelectedDay(Day("2024-04-20")!)
    try browser.start()
    // 20 April has nothing; the next day with events is 24 April (the standup's first).
    _ = browser.handle(.character("n"))
    #expect(browser.page?.day == Day("2024-04-24"))
    var screen = BrowserTests.text(of: browser.frame().lines, width: 80)
    #expect(screen.contains("Wednesday 24 April 2024 · 1 event · no notes"), "\(screen)")
    #expect(screen.contains("\n  09:00–09:15  Standup · work\n"), "\(screen)")
    // Then the party of 30 April, and on past the events to the note of 20 May.
    _ = browser.handle(.character("n"))
    #expect(browser.page?.day == Day("2024-04-30"))
    for _ in 0..<4 { _ = browser.handle(.character("n")) }
    #expect(browser.page?.day == Day("2024-05-08"))
    _ = browser.handle(.character("n"))
    #expect(browser.page?.day == Day("2024-05-20"))
    screen = BrowserTests.text(of: browser.frame().lines, width: 80)
    #expect(screen.contains("#1  Buy flowers"), "\(screen)")
    // Back: N stops at the standup's last instance.
    _ = browser.handle(.character("N"))
    #expect(browser.page?.day == Day("2024-05-08"))
  }
}
