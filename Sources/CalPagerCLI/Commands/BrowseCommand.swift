import CommandLanguage

/// `browse`: the full-screen, key-driven pager.
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
      \(BrowseKeys.lines.joined(separator: "\n"))

      Example:
        calpager browse
      """,
    usage: ["calpager browse"],
    availability: .commandLineOnly
  )

  func run(in context: CommandContext) throws -> BrowseResult {
    guard Terminal.isTerminal(0), Terminal.isTerminal(1) else { throw BrowseError.notATerminal }
    // The browser's own session: what its commands print is captured for the screen.
    let session = Session(
      store: try context.store, environment: context.environment,
      output: Output(capturing: 1 << 12), savesEveryMove: false)
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
