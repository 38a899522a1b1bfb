import CalendarPaging
import CommandLanguage
import DisplayText
import Glibc
import Interchange
import NoteStore

/// `export [--format F] [--from DATE] [--to DATE] [-o FILE]`: the notes as a stream of
/// bytes, to standard output or to a file written atomically.
struct ExportCommand: CalPagerCommand {
  /// `--format <format>`: the format written.
  static let format = Format.option(
    importing: false,
    help: "The format: jsonl (one note per line), json, csv, ics (iCalendar) or md "
      + "(Markdown). (default: jsonl)")
  /// `--from <date>`: the first day exported.
  static let from = OptionKey.date(
    "--from", help: "The first day to export. (default: the first day)")
  /// `--to <date>`: the last day exported.
  static let to = OptionKey.date("--to", help: "The last day to export. (default: the last day)")
  /// `-o`, `--output <file>`: the file written.
  static let output = OptionKey.file(
    "--output", short: "-o", help: "The file to write. (default: standard output)")

  static let spec = CommandSpec(
    name: "export",
    abstract: "Write the notes to a file or standard output.",
    discussion: """
      Notes are written by day, then in the order they were added, and the same notes \
      always give the same bytes. Every format but md can be imported again without loss. \
      A note that came from another program's iCalendar journal keeps its properties in \
      jsonl, json (the last key, "ical") and ics; csv and md leave them out. --from and --to \
      take a DATE each and include that day; a month or a week given to --to ends on its \
      last day.

      \(CommandSpec.dateForms)

      Examples:
        calpager export > notes.jsonl
        calpager export --format ics --from 2024-01-01 --to 2024-12-31 -o 2024.ics
      """,
    options: [format.declaration, from.declaration, to.declaration, output.declaration]
  )

  /// `--format`; nil when not given (then the file's extension, else jsonl).
  var format: Format?
  /// `--from`: the first day exported; nil for no lower bound.
  var from: DateExpression?
  /// `--to`: the last day exported; nil for no upper bound.
  var to: DateExpression?
  /// The file `-o` names; nil (or `-`) for standard output.
  var output: String?

  func run(in context: CommandContext) throws -> ExportResult {
    let target = output.flatMap { $0 == "-" ? nil : $0 }
    if target == nil && context.mode == .shellLine && context.style.json {
      throw Self.spec.failure(
        "with --json every line of the shell answers with one JSON object, so an export "
          + "cannot go to standard output: write it to a file with -o <file>")
    }
    let session = try context.session
    let days = try self.days(today: context.today, selected: session.selectedDay())
    let format = self.format ?? target.flatMap { Format(path: $0) } ?? .jsonl
    guard let target else {
      // Standard output is written out by the command's end (or, in the line mode, before
      // the next read); a write that failed on the way stops the export here.
      try stream(
        format: format, days: days, from: session.store, to: session.output, flushing: false
      ) { CLIError.outputFailed(reason: $0, rolledBackSince: nil) }
      return ExportResult(count: nil, format: format, file: nil)
    }
    let destination = try OutputTarget(path: target, database: session.store.location.path)
    if destination.kind == .directory { throw CLIError.outputIsDirectory(path: target) }
    let file = try OutputFile(destination)
    let count: Int
    do {
      count = try stream(
        format: format, days: days, from: session.store,
        to: Output(descriptor: file.descriptor), flushing: true
      ) { CLIError.cannotWrite(path: target, reason: $0) }
    } catch {
      file.abandon()
      throw error
    }
    try file.commit()
    return ExportResult(count: count, format: format, file: target)
  }

  /// The days exported: `from`…`to`, open sides reaching 0001-01-01 and 9999-12-31.
  ///
  /// - Throws: `DateExpressionError` when a side leaves the calendar or `from` is after `to`.
  func days(today: Day, selected: Day) throws(DateExpressionError) -> ClosedRange<Day> {
    try DateExpression.days(from: from, to: to, today: today, selected: selected)
  }

  /// Writes the notes of `days` to `destination`, and flushes it when `flushing`.
  ///
  /// - Parameters:
  ///   - format: The format written.
  ///   - days: The days whose notes are written.
  ///   - store: Where the notes come from.
  ///   - destination: Where they go.
  ///   - flushing: Whether to write out what is left in `destination` at the end.
  ///   - failure: The error for a failed write, given its reason: the export stops at the
  ///     first one (the rest could not make the output whole).
  /// - Returns: The number of notes written.
  /// - Throws: `failure`'s error; the store's error.
  @discardableResult
  private func stream(
    format: Format, days: ClosedRange<Day>, from store: NoteStore, to destination: Output,
    flushing: Bool, failure: (String) -> CLIError
  ) throws -> Int {
    var encoder = NoteEncoder(format: format, zone: LocalTime.zone)
    destination.append { encoder.header(into: &$0) }
    let count = try store.forEachNote(in: days) { fields in
      destination.append { encoder.append(fields, into: &$0) }
      if destination.failed { throw failure(destination.writeErrorReason) }
    }
    destination.append { encoder.footer(into: &$0) }
    if flushing { destination.flush() }
    if destination.failed { throw failure(destination.writeErrorReason) }
    return count
  }
}

extension Format {
  /// `--format <format>` of `export` or `import` (`importing`), with its `help`: the format,
  /// nil when not given.
  ///
  /// The value is refused, naming it and the formats accepted, when it is not a format or not
  /// one the command takes (with `importing`, those `import` reads; else those `export`
  /// writes).
  static func option(importing: Bool, help: String) -> OptionKey<Format?> {
    let accepted = importing ? Format.importable : Format.exportable
    let names = accepted.map(\.rawValue)
    return OptionKey(
      Option(long: "--format", valueName: "format"), help: help, kind: .choice(names)
    ) { (arguments, given) throws(UsageError) in
      guard let given else { return nil }
      let expected = "expected " + ParsedArguments.list(names, or: true)
      guard let format = Format(rawValue: given.value) else {
        throw arguments.failure(
          "\(Quote.quoted(given.value)) is not a format: \(expected)"
            + Suggestion.phrase(for: given.value, among: names))
      }
      guard accepted.contains(format) else {
        let action = importing ? "imported" : "exported"
        throw arguments.failure("'\(format.rawValue)' cannot be \(action): \(expected)")
      }
      return format
    }
  }
}

extension ExportCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    format = try arguments.read(Self.format)
    (from, to) = try arguments.dateBounds(Self.from, Self.to)
    output = try arguments.read(Self.output)
    try arguments.expectNoMoreWords()
  }
}
