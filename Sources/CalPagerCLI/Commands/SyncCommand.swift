import CommandLanguage
import NoteStore
import VdirSync

/// `sync [DIR] [--dry-run]`: a two-way sync of the notes with a vdir.
struct SyncCommand: CalPagerCommand {
  /// `[<dir>]`: the vdir.
  static let directory = ArgumentKey.optionalFile(
    label: "<dir>", help: "The folder of .ics files. (default: the setting sync-dir)",
    expected: "give the folder to sync with")
  /// `--force-delete`: sync with an emptied folder.
  static let forceDelete = OptionKey.flag(
    "--force-delete",
    help: "Sync with a folder that holds no item at all although notes were synced with "
      + "it, removing them (else refused: such a folder is more likely lost than emptied).")
  /// `--dry-run`: plan, change nothing.
  static let dryRun = ImportCommand.dryRun.with(help: "Say what a sync would do; change nothing.")

  static let spec = CommandSpec(
    name: "sync",
    abstract: "Sync the notes with a folder of .ics files (a vdir), both ways.",
    discussion: """
      Each note is one file DIR/NAME.ics holding one journal (VJOURNAL): vdirsyncer keeps \
      such a folder in step with any CalDAV server, and khal and phone apps read the same \
      journals. A note changed or removed on one side since the last sync is changed or \
      removed on the other; changed on both sides, the later version stays and the other \
      becomes a note of its own (a conflict), so nothing is lost. Events, to-dos and files \
      that are not journals are left alone and named. DIR is remembered as the setting \
      sync-dir once a sync with it succeeded; it is created (mode 0700) when missing. When \
      $XDG_CONFIG_HOME/calpager/config sets sync-command (such as 'vdirsyncer sync \
      notes'), it runs before and after the merge, and its failure makes the exit status \
      1. A plain undo never undoes a sync; undo --sync right after a sync takes the whole \
      sync back (the next sync carries that out).

      Examples:
        calpager sync ~/.local/share/calpager/vdir
        calpager sync --dry-run
      """,
    arguments: [directory.declaration],
    options: [dryRun.declaration, forceDelete.declaration]
  )

  /// The folder given; nil for the setting `sync-dir`.
  var directory: String?
  /// `--dry-run`: plan, change nothing.
  var dryRun = false
  /// `--force-delete`: sync with an emptied folder.
  var forceDelete = false

  func run(in context: CommandContext) throws -> SyncResult {
    let session = try context.session
    let store = session.store
    let stored = try store.settings()[SyncSettings.directory]
    guard let path = directory ?? stored, !path.isEmpty else {
      throw Self.spec.failure(
        "no folder given and the setting sync-dir is not set: give one (calpager sync DIR), "
          + "and it is remembered")
    }
    let config = try UserConfig.load(environment: context.environment)
    let vdir = try Vdir.open(path, creating: !dryRun)
    try vdir.lock()
    let command = dryRun ? nil : config.syncCommand
    var failure = command.flatMap { runSyncCommand($0, before: true) }
    let report = try Synchronizer(
      store: store, vdir: vdir,
      options: SyncOptions(dryRun: dryRun, zone: LocalTime.zone, forceDelete: forceDelete)
    ).run()
    // Only once a sync with the folder succeeded: a folder that fails (read-only, a typo's
    // new folder on a full disk) must not replace the one that works.
    if directory != nil, !dryRun, stored != vdir.path {
      try store.setSetting(SyncSettings.directory, to: vdir.path)
    }
    if let command, let after = runSyncCommand(command, before: false) {
      failure = failure ?? after
    }
    return SyncResult(report: report, failure: failure)
  }

  /// Runs the sync command with `sh -c` (standard input from /dev/null, its output to
  /// standard error); the failure to report, if it failed.
  private func runSyncCommand(_ command: String, before: Bool) -> CLIError? {
    switch ChildProcess.run(["/bin/sh", "-c", command], streams: .quiet) {
    case .success(0): return nil
    case .success(let status):
      return .syncCommandFailed(command: command, status: status, spawned: true, before: before)
    case .failure(let error):
      return .syncCommandFailed(
        command: command, status: error.code, spawned: false, before: before)
    }
  }
}

extension SyncCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init(
      directory: try arguments.read(Self.directory), dryRun: try arguments.read(Self.dryRun),
      forceDelete: try arguments.read(Self.forceDelete))
    try arguments.expectNoMoreWords()
  }
}
