extension CommandSpec {
  /// `export`.
  static let export = CommandSpec(
    name: .export,
    abstract: "Write the notes to a file or standard output.",
    discussion: """
      Notes are written by day, then in the order they were added, and the same notes \
      always give the same bytes. Every format but md can be imported again without loss. \
      --from and --to take a DATE each and include that day.

      \(dateForms)

      Examples:
        calpager export > notes.jsonl
        calpager export --format ics --from 2024-01-01 --to 2024-12-31 -o 2024.ics
      """,
    usage: ["calpager export [--format <format>] [--from <date>] [--to <date>] [-o <file>]"],
    options: [
      Option(
        name: .format,
        help: "The format: jsonl (one note per line), json, csv, ics (iCalendar) or md "
          + "(Markdown). (default: jsonl)"),
      Option(name: .from, help: "The first day to export. (default: the first day)"),
      Option(name: .to, help: "The last day to export. (default: the last day)"),
      Option(name: .output, help: "The file to write. (default: standard output)"),
    ]
  )

  /// `import`.
  static let importNotes = CommandSpec(
    name: .import,
    abstract: "Read notes from a file or standard input.",
    discussion: """
      The import is all or nothing: a bad record fails the whole import, naming its line, \
      and nothing changes. '-' reads standard input (not in the line mode, where standard \
      input holds the commands). undo takes a whole import back.

      Examples:
        calpager import notes.jsonl
        calpager import --format ics 2024.ics --dry-run
        calpager export | calpager --db copy.db import -
      """,
    usage: ["calpager import <file> [--format <format>] [--dry-run]"],
    arguments: [Argument(label: "<file>", help: "The file to read, or - for standard input.")],
    options: [
      Option(
        name: .format, help: "The file's format: jsonl, json, csv or ics. (default: jsonl)"),
      Option(name: .dryRun, help: "Read and check the file and say what it holds; change nothing."),
    ]
  )

  /// `config`.
  static let config = CommandSpec(
    name: .config,
    abstract: "Show or change the settings.",
    discussion: """
      The settings are the menu's options: item widths, spacing, where the selected day \
      sits, the indicator and border, and the menu at the top or bottom. 'config list' shows \
      each setting with its value, 'config set' checks a value before keeping it, and \
      'config unset' restores a setting's default.

      Examples:
        calpager config list
        calpager config get <key>
      """,
    usage: [
      "calpager config list",
      "calpager config get <key>",
      "calpager config set <key> <value>",
      "calpager config unset <key>",
    ],
    arguments: [
      Argument(label: "<key>", help: "A setting's name, as 'config list' shows it."),
      Argument(label: "<value>", help: "The setting's new value."),
    ]
  )

  /// `check`.
  static let check = CommandSpec(
    name: .check,
    abstract: "Check the database's integrity.",
    discussion: """
      Runs SQLite's integrity check, checks the schema version and counts the notes. The \
      exit status is 1 if anything is wrong.

      Example:
        calpager check
      """,
    usage: ["calpager check"]
  )

  /// `backup`.
  static let backup = CommandSpec(
    name: .backup,
    abstract: "Copy the database to a file, safely while in use.",
    discussion: """
      Uses SQLite's online backup, so the copy is consistent even while other calpager \
      processes write. The copy is a calpager database that --db can open.

      Example:
        calpager backup ~/calpager-backup.db
      """,
    usage: ["calpager backup <file>"],
    arguments: [Argument(label: "<file>", help: "The file to write the copy to.")]
  )
}
