import CalendarPaging
import CommandLanguage
import Interchange
import NoteStore

#if canImport(Glibc)
  import Glibc
#endif

/// `export [--format F] [--from DATE] [--to DATE] [-o FILE]`: the notes as a stream of
/// bytes, to standard output or to a file written atomically.
struct ExportCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Write the notes to a file or standard output.",
    discussion: """
      Notes are written by day, then in the order they were added, and the same notes \
      always give the same bytes. Every format but md can be imported again without loss. \
      --from and --to take a DATE each and include that day; a month or a week given to --to \
      ends on its last day.

      \(CommandSpec.dateForms)

      Examples:
        calpager export > notes.jsonl
        calpager export --format ics --from 2024-01-01 --to 2024-12-31 -o 2024.ics
      """,
    usage: ["calpager export [--format <format>] [--from <date>] [--to <date>] [-o <file>]"],
    options: [
      OptionHelp(
        .format,
        help: "The format: jsonl (one note per line), json, csv, ics (iCalendar) or md "
          + "(Markdown). (default: jsonl)"),
      OptionHelp(.from, help: "The first day to export. (default: the first day)"),
      OptionHelp(.to, help: "The last day to export. (default: the last day)"),
      OptionHelp(.output, help: "The file to write. (default: standard output)"),
    ]
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
    let session = try context.session
    let days = try self.days(today: context.today, selected: session.selectedDay())
    let target = output.flatMap { $0 == "-" ? nil : $0 }
    let format = self.format ?? target.flatMap { Format(path: $0) } ?? .jsonl
    guard let target else {
      try stream(format: format, days: days, from: session.store, to: session.output)
      return ExportResult(count: nil, format: format, file: nil)
    }
    let file = try AtomicFile(path: target)
    let count: Int
    do {
      let destination = Output(descriptor: file.descriptor)
      count = try stream(format: format, days: days, from: session.store, to: destination)
      guard destination.flush() else {
        throw CLIError.cannotWrite(path: target, reason: String(cString: strerror(errno)))
      }
      try file.commit()
    } catch {
      file.abandon()
      throw error
    }
    return ExportResult(count: count, format: format, file: target)
  }

  /// The days exported: `from`…`to`, open sides reaching 0001-01-01 and 9999-12-31.
  ///
  /// - Throws: `DateExpressionError` when a side leaves the calendar or `from` is after `to`.
  func days(today: Day, selected: Day) throws(DateExpressionError) -> ClosedRange<Day> {
    try DateExpression.days(from: from, to: to, today: today, selected: selected)
  }

  @discardableResult
  private func stream(
    format: Format, days: ClosedRange<Day>, from store: NoteStore, to destination: Output
  ) throws -> Int {
    var encoder = NoteEncoder(format: format)
    destination.append { encoder.header(into: &$0) }
    let count = try store.forEachNote(in: days) { fields in
      destination.append { encoder.append(fields, into: &$0) }
    }
    destination.append { encoder.footer(into: &$0) }
    return count
  }
}

extension Format {
  /// The `--format` of `arguments`, nil when not given.
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments.
  ///   - importing: Whether only the formats `import` reads are accepted.
  /// - Returns: The format, or nil.
  /// - Throws: `UsageError` naming the value and the formats accepted.
  static func option(in arguments: ParsedArguments, importing: Bool) throws(UsageError) -> Format? {
    guard let given = arguments.value(.format) else { return nil }
    let accepted = Format.allCases.filter { $0.isImportable || !importing }
    let names = accepted.map(\.rawValue)
    let expected = "expected " + ParsedArguments.list(names, or: true)
    guard let format = Format(rawValue: given.value) else {
      throw arguments.failure(
        "\(Quote.quoted(given.value)) is not a format: \(expected)"
          + Suggestion.phrase(for: given.value, among: names))
    }
    guard accepted.contains(format) else {
      throw arguments.failure("'\(format.rawValue)' cannot be imported: \(expected)")
    }
    return format
  }
}

extension ExportCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    format = try Format.option(in: arguments, importing: false)
    (from, to) = try arguments.dateBounds(from: .from, to: .to)
    if let given = arguments.value(.output) {
      guard !given.value.isEmpty else {
        throw arguments.failure("the file name given to '\(given.spelling)' is empty")
      }
      output = given.value
    } else {
      output = nil
    }
    try arguments.expectAtMost(0)
  }
}
