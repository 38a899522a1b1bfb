import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// Browse's `e` keeps the editor's text when the note was removed or changed while the
/// editor was open (issue 20, items 1 and 2), as `edit` does.
@Suite(.requires(.tmux)) struct BrowseEditorTerminalTests {
  @Test func eKeepsTheEditorsTextWhenTheNoteWentOrChangedMeanwhile() throws {
    let browse = try BrowseTerminal()
    let editor = browse.directory.file("editor.sh")
    // The first run removes the note behind browse's back; the second changes the new one.
    try writeFile(
      editor,
      """
      #!/bin/sh
      if [ ! -e "$0.ran" ]; then
        : > "$0.ran"
        "$CALPAGER" --db "$DB" rm 1 >/dev/null
        printf 'Dentist moved to 11:00\\n' > "$1"
      else
        "$CALPAGER" --db "$DB" edit 2 changed by a sync >/dev/null
        printf 'Dentist at noon\\n' > "$1"
      fi

      """)
    chmod(editor, 0o755)
    try browse.calpager(["add", "--day", "2030-06-15", "Dentist at 10:00"])
    try browse.terminal.start(
      command: [
        "env", "EDITOR=\(editor)", "CALPAGER=\(Products.path("calpager"))",
        "DB=\(browse.database)", Products.path("calpager"), "--db", browse.database, "browse",
      ],
      waitingFor: " ›#1  Dentist")
    try browse.press("e", until: "#1 was removed while the editor was open")
    try browse.tmux.waitFor("#2  Dentist moved to 11:00")
    try browse.press("e", until: "#2 changed while the editor was open")
    try browse.tmux.send("q")
    try browse.expectEnd(status: 0)
    let notes = try browse.store().notes(in: Day.first...Day.last)
    #expect(notes.map(\.body) == ["changed by a sync", "Dentist at noon"])
  }
}
