import CommandLanguage

/// `undo [--sync]`: revert the last add, edit, mv, rm or import, or with `--sync` the last
/// sync.
struct UndoCommand: CalPagerCommand {
  /// `--sync`: undo a sync.
  static let sync = OptionKey.flag(
    "--sync",
    help: "Undo the last change when it is a sync (a plain undo never undoes a sync).")

  static let spec = CommandSpec(
    name: "undo",
    abstract: "Undo the last change to the notes.",
    discussion: """
      Restores the notes as they were before the last add, edit, mv, rm or import. Run it \
      again to go further back. A plain undo never undoes a sync (one a cron job ran would \
      otherwise remove what another device sent): when the last change is a sync it says so, \
      naming the folder and the time, and changes nothing. undo --sync takes that sync back: \
      the notes it added go, the ones it changed or removed come back, and the next sync \
      carries that out to the folder.

      Examples:
        calpager undo
        calpager undo --sync
      """,
    options: [sync.declaration]
  )

  /// `--sync`: undo the last sync.
  var sync = false

  func run(in context: CommandContext) throws -> UndoResult {
    let session = try context.session
    return UndoResult(undone: try session.store.undo(sync: sync))
  }
}

extension UndoCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init(sync: try arguments.read(Self.sync))
    try arguments.expectNoMoreWords()
  }
}
