import CommandLanguage

/// The options commands declare in their specs, beyond the global ones. Each has one spelling
/// and arity wherever it appears.
extension Option {
  /// `--with-notes` (`next`, `prev`).
  static let withNotes = Option(long: "--with-notes")
  /// `--day <date>` (`add`).
  static let day = Option(long: "--day", valueName: "date")
  /// `--format <format>` (`export`, `import`).
  static let format = Option(long: "--format", valueName: "format")
  /// `--from <date>` (`export`).
  static let from = Option(long: "--from", valueName: "date")
  /// `--to <date>` (`export`).
  static let to = Option(long: "--to", valueName: "date")
  /// `-o`, `--output <file>` (`export`).
  static let output = Option(long: "--output", short: "-o", valueName: "file")
  /// `--dry-run` (`import`, `sync`).
  static let dryRun = Option(long: "--dry-run")
  /// `--force-delete` (`sync`).
  static let forceDelete = Option(long: "--force-delete")
  /// `--man` (`help`).
  static let man = Option(long: "--man")
}
