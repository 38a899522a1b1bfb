import CalendarPaging
import CommandLanguage

/// `backup FILE`: a consistent copy of the database, written atomically.
struct BackupCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "backup",
    abstract: "Copy the database to a file, safely while in use.",
    discussion: """
      Uses SQLite's online backup, so the copy is consistent even while other calpager \
      processes write. The copy is a calpager database that --db can open.

      Example:
        calpager backup ~/calpager-backup.db
      """,
    usage: ["calpager backup <file>"],
    arguments: [
      Argument(label: "<file>", help: "The file to write the copy to.", kind: .file)
    ]
  )

  /// The file the copy is written to.
  let path: String

  func run(in context: CommandContext) throws -> MessageResult {
    let session = try context.session
    try session.saveSelection()
    // The copy's own count: other processes may have added notes since it was made.
    let count = try session.store.backup(to: path)
    return MessageResult(
      message: "Backed up \(countText(count, "note")) to \(TerminalText.singleLine(path))"
    ) { json in
      json.field("backup", path)
      json.field("notes", count)
    }
  }
}

extension BackupCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = try arguments.file(at: 0, expected: "give the file to write the copy to")
    guard path != "-" || arguments.literalFrom == 0 else {
      throw arguments.failure("'-' is not a file: a backup is a database file, not a stream")
    }
    try arguments.expectAtMost(1)
  }
}
