import CommandLanguage

/// `check`: the database's integrity, search index, schema version and counts.
struct CheckCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check the database's integrity.",
    discussion: """
      Runs SQLite's integrity check, checks the schema version and counts the notes. The \
      exit status is 1 if anything is wrong.

      Example:
        calpager check
      """,
    usage: ["calpager check"]
  )

  /// `check` takes no arguments.
  init() {}

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try arguments.expectAtMost(0)
  }

  func run(in context: CommandContext) throws -> CheckResult {
    CheckResult(report: try context.store.check())
  }
}
