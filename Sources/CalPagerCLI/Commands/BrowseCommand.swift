import CommandLanguage

/// `browse`: the full-screen, key-driven pager.
///
/// The keys in the discussion are `BrowseKeys.lines` written out (a test keeps them equal):
/// the spec is built on every run of every command, and laying the table out there would cost
/// each one-shot command a tenth of a millisecond.
struct BrowseCommand: ArgumentlessCommand {
  static let spec = CommandSpec(
    name: "browse",
    abstract: "Page through the days full-screen, a key at a time.",
    discussion: """
      The menu of days and the selected day's notes fill the terminal; keys page, and add, \
      edit and delete notes. The selection is saved as it moves, and changes made by other \
      calpager processes show within a second. The terminal is restored as it was when \
      browse ends, however it ends. Standard input and output must be a terminal.

      Keys:
        ← h     The day before
        → l     The day after
        ↑ k     A week back
        ↓ j     A week on
        PgUp    A month back
        PgDn    A month on
        t       Today
        g       Go to a date
        n       The next day with notes
        N       The previous day with notes
        Tab     The next note
        S-Tab   The previous note
        J       Scroll notes down a line
        K       Scroll notes up a line
        Space   Scroll notes down a screen
        b       Scroll notes up a screen
        a       Add a note
        A       Add a note in $EDITOR
        e       Edit the note in $EDITOR
        d       Delete the note (asks)
        u       Undo the last change
        /       Search the notes
        :       Run a command (as in shell)
        ?       These keys
        C-l     Draw the screen again
        C-z     Suspend (fg resumes)
        q       Quit
        C-c     Quit (status 130)

      Example:
        calpager browse
      """,
    availability: .commandLineOnly, runsInBrowse: false
  )

  func run(in context: CommandContext) throws -> BrowseResult {
    guard Terminal.isTerminal(0), Terminal.isTerminal(1) else { throw BrowseError.notATerminal }
    // The browser's own session: what its commands print is captured for the screen.
    let session = Session(
      store: try context.store, environment: context.environment,
      output: Output(capturing: 1 << 12), selectionSaving: .soonWithoutWaiting)
    return BrowseResult(status: try BrowseLoop.run(session: session, options: context.options))
  }
}

/// What `browse` returns: its exit status (130 after Ctrl-C).
struct BrowseResult: CommandResult {
  /// The exit status.
  let status: Int32

  var exitStatus: Int32 { status }

  func render(to output: Output, style: Style) {}
}
