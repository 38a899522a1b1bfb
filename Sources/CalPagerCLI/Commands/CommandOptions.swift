import CalendarPaging
import CommandLanguage

/// The options commands declare in their specs, beyond the global ones. Each has one spelling
/// and arity wherever it appears.
extension Option {
  /// `--with-notes` (`next`, `prev`).
  static let withNotes = Option(long: "--with-notes")
  /// `--by <unit>` (`show`, `next`, `prev`, `goto`, `today`).
  static let by = Option(long: "--by", valueName: "unit")
  /// `--day <date>` (`add`).
  static let day = Option(long: "--day", valueName: "date")
  /// `--format <format>` (`export`, `import`).
  static let format = Option(long: "--format", valueName: "format")
  /// `--from <date>` (`export`, `search`).
  static let from = Option(long: "--from", valueName: "date")
  /// `--to <date>` (`export`, `search`).
  static let to = Option(long: "--to", valueName: "date")
  /// `--limit <n>` (`search`).
  static let limit = Option(long: "--limit", valueName: "n")
  /// `--all` (`search`).
  static let all = Option(long: "--all")
  /// `-o`, `--output <file>` (`export`).
  static let output = Option(long: "--output", short: "-o", valueName: "file")
  /// `--dry-run` (`import`, `sync`).
  static let dryRun = Option(long: "--dry-run")
  /// `--force-delete` (`sync`).
  static let forceDelete = Option(long: "--force-delete")
  /// `--repair` (`check`).
  static let repair = Option(long: "--repair")
  /// `--man` (`help`).
  static let man = Option(long: "--man")
}

extension CommandSpec.OptionHelp {
  /// `--by <unit>` as every paging command declares it (`show`, `next`, `prev`, `goto`,
  /// `today`): one help text, the units as its choices.
  static let by = CommandSpec.OptionHelp(
    .by,
    help: "What to step and show by: day, week (its seven days, from first-weekday) or month "
      + "(a grid and the selected day's notes). (default: the page-by setting, day)",
    kind: .choice(CalendarUnit.allCases.map(\.rawValue)))
}

extension CommandSpec.Argument {
  /// `<id>`, the note a command acts on (`edit`, `mv`, `rm`).
  static let noteID = CommandSpec.Argument(
    label: "<id>", help: "The note's id, such as 12 or #12.", kind: .noteID)
}
