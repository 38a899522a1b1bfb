import CommandLanguage

/// `check [--repair]`: the database's integrity, search index, schema version and counts;
/// `--repair` rebuilds a damaged search index from the notes.
struct CheckCommand: CalPagerCommand {
  /// `--repair`: rebuild a damaged search index.
  static let repair = OptionKey.flag(
    "--repair", help: "Rebuild the search index from the notes if it is damaged.")

  static let spec = CommandSpec(
    name: "check",
    abstract: "Check the database's integrity.",
    discussion: """
      Runs SQLite's integrity check and FTS5's check of the search index, checks the \
      schema version and counts the notes. The exit status is 1 if anything is wrong. \
      A damaged search index loses no note: --repair rebuilds it from the notes.

      Examples:
        calpager check
        calpager check --repair
      """,
    options: [repair.declaration]
  )

  /// `--repair`: rebuild a damaged search index first.
  var repair = false

  func run(in context: CommandContext) throws -> CheckResult {
    let store = try context.store
    guard repair else { return CheckResult(report: try store.check()) }
    let rebuilt = try store.repairSearchIndexes().rebuilt
    return CheckResult(report: try store.check(), rebuilt: rebuilt, repairAsked: true)
  }
}

extension CheckCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    repair = try arguments.read(Self.repair)
    try arguments.expectNoMoreWords()
  }
}
