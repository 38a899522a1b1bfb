import Foundation
import NoteStore
import TestSupport
import Testing

/// `calpager browse` and a paste (the terminal's bracketed paste): text for a prompt, and no
/// key anywhere else.
@Suite(.serialized, .requires(.tmux))
struct BrowsePasteTerminalTests {
  @Test func aPasteOutsideAPromptRunsNoKey() throws {
    let browse = try BrowseTerminal()
    try browse.calpager(["add", "--day", "2030-06-15", "Dentist at 10:00"])
    try browse.start(waitingFor: " ›#1  Dentist")
    // As keys, d would ask to delete the note and y confirm it; l and q would move and quit.
    try browse.tmux.paste("dy lq")
    // Keys are handled in order: once `→` has moved the page, the paste was handled.
    try browse.press("Right", until: "Sunday 16 June 2030")
    try browse.press("Left", until: " ›#1  Dentist")
    let screen = try browse.tmux.capture()
    #expect(!screen.contains("Removed"))
    #expect(!screen.contains("Delete #1"))
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
    #expect(try browse.store().note(id: 1)?.body == "Dentist at 10:00")
  }

  @Test func aPasteIntoTheAddPromptIsTheNotesTextLineBreaksIncluded() throws {
    let browse = try BrowseTerminal()
    try browse.start(waitingFor: "Saturday 15 June 2030")
    try browse.press("a", until: "Add to 2030-06-15:")
    try browse.tmux.paste("Shopping list\nmilk, eggs")
    // The line break is shown as an escape in the one-line prompt, and is not Enter.
    try browse.tmux.waitFor("Add to 2030-06-15: Shopping list\\nmilk, eggs")
    try browse.press("Enter", until: "Added #1")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
    #expect(try browse.store().note(id: 1)?.body == "Shopping list\nmilk, eggs")
  }

  @Test func aPasteIntoAOneLinePromptMakesItsLineBreaksSpaces() throws {
    let browse = try BrowseTerminal()
    try browse.calpager(["add", "--day", "2024-05-01", "Call the bank"])
    try browse.start(waitingFor: "Saturday 15 June 2030")
    try browse.press("/", until: "Search:")
    try browse.tmux.paste("call\nbank")
    try browse.tmux.waitFor("Search: call bank")
    try browse.press("Enter", until: "Search 'call bank': 1 note")
    try browse.tmux.send("q", "q")
    try browse.expectEnd(status: 0)
  }
}
