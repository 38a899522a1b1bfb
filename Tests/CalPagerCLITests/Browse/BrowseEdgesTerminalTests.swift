import Foundation
import TestSupport
import Testing

/// `calpager browse` at the screen's edges (issue 20 item 22): a note taller than the
/// screen is read by scrolling, and an error wider than the screen is shown whole.
@Suite(.serialized, .requires(.tmux))
struct BrowseEdgesTerminalTests {
  /// The rows of the pane that show `text`.
  private static func rows(_ screen: String, showing text: String) -> Int {
    screen.split(separator: "\n").filter { $0.contains(text) }.count
  }

  @Test func aNoteTallerThanTheScreenScrollsToItsLastLine() throws {
    let browse = try BrowseTerminal(columns: 80, rows: 24)
    let body = (1...200).map { "row \(100 + $0)" }.joined(separator: "\n")
    try browse.calpager(["add", "--day", "2030-06-15", body])
    try browse.start(waitingFor: " ›#1  row 101")
    let top = try browse.tmux.waitFor("more below")
    #expect(!top.contains("row 300"))
    #expect(top.contains("more below"))
    // Space pages down; past the end it stays at the last row.
    for _ in 1...15 { try browse.tmux.send("Space") }
    let bottom = try browse.tmux.waitFor("row 300")
    #expect(!bottom.contains("more below"))
    #expect(bottom.contains("more above"))
    #expect(!bottom.contains("row 101"))
    // K scrolls up a line at once (a Space past the end did not pile up), J down again.
    try browse.tmux.send("K")
    let up = try browse.tmux.waitUntil("row 300 scrolled out") { !$0.contains("row 300") }
    #expect(up.contains("more below"))
    try browse.press("J", until: "row 300")
    // b pages back up to the note's first line.
    for _ in 1...15 { try browse.tmux.send("b") }
    try browse.tmux.waitFor(" ›#1  row 101")
    // `?` names the keys.
    // The frame's last row of keys, so that the whole table is drawn.
    let help = try browse.press("?", until: "C-c     Quit (status 130)")
    #expect(help.contains("Space"))
    #expect(help.contains("Scroll notes down a line"))
    // The table still fits the screen, its right column whole.
    #expect(help.contains("Scroll notes down a screen"))
    #expect(help.contains("Quit (status 130)"))
    try browse.tmux.send("x")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }

  @Test func aDayOfManyNotesScrollsPastTheSelectedOne() throws {
    let browse = try BrowseTerminal(columns: 80, rows: 24)
    for number in 1...40 {
      try browse.calpager(["add", "--day", "2030-06-15", "item \(100 + number)"])
    }
    try browse.start(waitingFor: " ›#1   item 101")
    for _ in 1...5 { try browse.tmux.send("Space") }
    let screen = try browse.tmux.waitFor("item 140")
    #expect(!screen.contains("more below"))
    // Tab selects the next note and brings it back into view.
    try browse.press("Tab", until: " ›#2   item 102")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }

  @Test func anErrorWiderThanTheScreenIsShownWhole() throws {
    let browse = try BrowseTerminal(columns: 40, rows: 12)
    try browse.start()
    try browse.press("g", until: "Go to:")
    let date = "the-first-monday-after-the-twelfth-of-never"
    try browse.tmux.sendLiteral(date)
    try browse.tmux.send("Enter")
    // The message's first row, not the prompt still showing what was typed.
    let screen = try browse.tmux.waitFor(" Error: ")
    // The message's rows, read back and joined, are the whole message.
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let first = try #require(lines.firstIndex { $0.hasPrefix(" Error: ") })
    let shown = lines[first...].map { $0.dropFirst() }.joined()
    #expect(Self.rows(screen, showing: "never") == 1)
    #expect(lines.allSatisfy { $0.count <= 40 })
    // Rows break at spaces and inside the quoted date (wider than a row), so the spaces are
    // left out of the comparison.
    let expected =
      "Error: '\(date)' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, "
      + "yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like "
      + "+3, -2, +2w or -1m"
    #expect(
      shown.replacingOccurrences(of: " ", with: "")
        == expected.replacingOccurrences(of: " ", with: ""))
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
  }
}
