import CommandLanguage

/// `check`: the database's integrity, search index, schema version and counts.
struct CheckCommand: ArgumentlessCommand {
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

  func run(in context: CommandContext) throws -> CheckResult {
    CheckResult(report: try context.store.check())
  }
}
