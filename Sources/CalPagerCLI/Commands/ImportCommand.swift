import CommandLanguage
import Glibc
import Interchange

/// `import FILE|- [--format F] [--dry-run]`: notes read in one transaction, idempotently by
/// uid.
struct ImportCommand: CalPagerCommand {
  /// `--dry-run`: change nothing.
  static let dryRun = OptionKey.flag(
    "--dry-run", help: "Read and check the file and say what it holds; change nothing.")
  /// `<file>`: the file read, or `-` for standard input.
  static let source = ArgumentKey<Source>(
    label: "<file>", help: "The file to read, or - for standard input.", kind: .file
  ) { (arguments, slot) throws(UsageError) in
    let file = try arguments.file(
      at: slot, expected: "give a file to read, or - for standard input")
    return try arguments.isStandardInput(at: slot.index) ? .standardInput : .file(file)
  }
  /// `--format <format>`: the file's format.
  static let format = Format.option(
    importing: true,
    help: "The file's format: jsonl, json, csv, ics or jrnl (jrnl --export json). "
      + "(default: from the file's extension, else jsonl)")

  static let spec = CommandSpec(
    name: "import",
    abstract: "Read notes from a file or standard input.",
    discussion: """
      The import is all or nothing: a bad record (an empty body too) fails the whole import, \
      naming its line, and nothing changes. Notes are matched by uid: a record without one \
      gets a uid made from its day and text, so importing a file again changes nothing. A \
      record that is older than the stored note, or differs from it with no 'updated', is \
      skipped; one with the same 'updated' but other text is a conflict; both keep the \
      stored note and are named in the summary. An empty file holds no notes, in every \
      format. '-' reads standard input (not in the line mode, where standard \
      input holds the commands). undo takes a whole import back. A journal an iCalendar \
      file holds that calpager cannot take (no text, say) is skipped and named, and events \
      and to-dos are counted; every property of the journals it takes is kept with the note. \
      CSV may use ';' between fields, as spreadsheets save it in many languages; columns \
      calpager does not read are named. jrnl reads what 'jrnl --export json' writes.

      Examples:
        calpager import notes.jsonl
        calpager import --format ics 2024.ics --dry-run
        calpager import --format jrnl journal.json
        calpager export | calpager --db copy.db import -
      """,
    arguments: [source.declaration],
    options: [format.declaration, dryRun.declaration]
  )

  /// Where `import` reads from.
  enum Source: Hashable, Sendable {
    /// A file path.
    case file(String)
    /// Standard input, asked for with a lone `-` (not after `--`).
    case standardInput
  }

  /// The file read.
  let source: Source
  /// The `--format` given; nil when none was (then the file's extension, else jsonl).
  var format: Format?
  /// `--dry-run`: check and count, change nothing.
  var dryRun = false

  func run(in context: CommandContext) throws -> ImportResult {
    let session = try context.session
    let input: FileSource
    let name: String
    switch source {
    case .standardInput:
      input = FileSource(descriptor: 0, name: "standard input")
      name = "standard input"
    case .file(let path):
      var info = stat()
      if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
        throw CLIError.importDirectory(path: path)
      }
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw CLIError.cannotImport(path: path, reason: String(cString: strerror(errno)))
      }
      input = FileSource(descriptor: descriptor, name: "'\(path)'")
      name = path
    }
    defer { if input.descriptor != 0 { close(input.descriptor) } }
    let format: Format
    if let given = self.format {
      format = given
    } else if case .file = source, let shaped = Format.shape(of: Self.start(of: input)) {
      // jrnl's export is known by its shape, whatever the file is named.
      format = shaped
    } else if case .file(let path) = source, let inferred = Format(path: path) {
      format = inferred  // NoteDecoder refuses md, saying which formats import reads
    } else {
      format = .jsonl
    }
    // An iCalendar UTC time is on its local date in $TZ (DESIGN.md section 5).
    var decoder = try NoteDecoder(format: format, source: input, zone: LocalTime.zone)
    let summary = try session.store.importRecords(dryRun: dryRun) { try decoder.next() }
    return ImportResult(
      name: name, summary: summary, report: decoder.report,
      otherComponents: decoder.skippedComponents, dryRun: dryRun)
  }
}

extension ImportCommand {
  /// The first bytes of the file `input` reads, read with `pread` so that decoding still
  /// starts at its beginning; none when it cannot be read so (a pipe).
  static func start(of input: FileSource) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = bytes.withUnsafeMutableBytes { pread(input.descriptor, $0.baseAddress, 256, 0) }
    return count > 0 ? Array(bytes[..<count]) : []
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    source = try arguments.read(Self.source)
    format = try arguments.read(Self.format)
    dryRun = try arguments.read(Self.dryRun)
    try arguments.expectNoMoreWords()
  }
}
