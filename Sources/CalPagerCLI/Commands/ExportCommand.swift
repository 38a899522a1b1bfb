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
      A note that came from another program's iCalendar journal keeps its properties in \
      jsonl, json (the last key, "ical") and ics; csv and md leave them out. --from and --to \
      take a DATE each and include that day.

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
          + "(Markdown). (default: jsonl)", kind: .choice(Format.exportable.map(\.rawValue))),
      OptionHelp(.from, help: "The first day to export. (default: the first day)", kind: .date),
      OptionHelp(.to, help: "The last day to export. (default: the last day)", kind: .date),
      OptionHelp(.output, help: "The file to write. (default: standard output)", kind: .file),
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
    let start = try from?.resolve(today: today, selected: selected) ?? .first
    let end = try to?.resolve(today: today, selected: selected) ?? .last
    guard start <= end else { throw .fromAfterTo(from: start, to: end) }
    return start...end
  }

  @discardableResult
  private func stream(
    format: Format, days: ClosedRange<Day>, from store: NoteStore, to destination: Output
  ) throws -> Int {
    var encoder = NoteEncoder(format: format, zone: LocalTime.zone)
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
    let accepted = importing ? Format.importable : Format.exportable
    let names = accepted.map(\.rawValue)
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

extension ExportCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    format = try Format.option(in: arguments, importing: false)
    from = try arguments.date(.from)
    to = try arguments.date(.to)
    if case .day(let first) = from, case .day(let last) = to, first > last {
      throw arguments.failure(DateExpressionError.fromAfterTo(from: first, to: last).description)
    }
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
