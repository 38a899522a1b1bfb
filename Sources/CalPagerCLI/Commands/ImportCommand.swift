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
    help: "The file's format: jsonl, json, csv, ics, jrnl (jrnl --export json) or jrnl-text "
      + "(jrnl's own journal file). (default: from the file's shape or extension, else jsonl)")
  /// `--time-format <strftime>`: the time format of a jrnl journal file's entry lines.
  static let timeFormat = OptionKey<JRNLTimeFormat?>(
    Option(long: "--time-format", valueName: "fmt"),
    help: "The time format of a jrnl journal file's '[TIME]' lines, as jrnl.yaml's "
      + "timeformat (implies --format jrnl-text). (default: jrnl.yaml's, else '%F %r' or "
      + "'%Y-%m-%d %H:%M')"
  ) { (arguments, given) throws(UsageError) in
    guard let given else { return nil }
    do throws(JRNLTimeFormatError) {
      return try JRNLTimeFormat(given.value)
    } catch {
      throw arguments.failure(error.description)
    }
  }

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
      calpager does not read are named. jrnl reads what 'jrnl --export json' writes; \
      jrnl-text reads jrnl's own journal file, whose entries start with '[TIME] Title', TIME \
      in jrnl's default '%F %r' (2024-05-01 09:30:00 AM), in '%Y-%m-%d %H:%M', in the \
      timeformat of $XDG_CONFIG_HOME/jrnl/jrnl.yaml, or as --time-format says. Both are \
      known by their first bytes with no --format.

      Examples:
        calpager import notes.jsonl
        calpager import --format ics 2024.ics --dry-run
        calpager import --format jrnl journal.json
        calpager import journal.txt --time-format '%d.%m.%Y %H:%M'
        calpager export | calpager --db copy.db import -
      """,
    arguments: [source.declaration],
    options: [format.declaration, timeFormat.declaration, dryRun.declaration]
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
  /// `--time-format`: the `[TIME]` format of a `jrnl-text` file.
  var timeFormat: JRNLTimeFormat?
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
    var guessed = false
    if let given = self.format {
      format = given
    } else if timeFormat != nil {
      format = .jrnlText  // only jrnl's journal file has a time format
    } else if case .file = source, let shaped = Format.shape(of: Self.start(of: input)) {
      // jrnl's export is known by its shape, whatever the file is named.
      format = shaped
    } else if case .file(let path) = source, let inferred = Format(path: path) {
      format = inferred  // NoteDecoder refuses md, saying which formats import reads
    } else {
      format = .jsonl
      guessed = { if case .file = source { true } else { false } }()
    }
    var timeFormats = JRNLTimeFormat.defaults
    if let timeFormat {
      timeFormats = [timeFormat]
    } else if format == .jrnlText,
      let configured = try JRNLConfig.timeFormat(
        environment: context.environment)
    {
      // jrnl.yaml's first; a journal still in a default format reads too.
      timeFormats = [configured] + timeFormats.filter { $0 != configured }
    }
    // An iCalendar UTC time is on its local date in $TZ (DESIGN.md section 5).
    var decoder = try NoteDecoder(
      format: format, source: input, zone: LocalTime.zone, timeFormats: timeFormats)
    var read = 0
    let summary = try session.store.importRecords(dryRun: dryRun) {
      do {
        let note = try decoder.next()
        read += 1
        return note
      } catch let error as InterchangeError where guessed && read == 0 {
        // Nothing said the file was jsonl: say which formats there are to try.
        throw CLIError.unrecognisedImport(name: name, reason: error.description)
      }
    }
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
    timeFormat = try arguments.read(Self.timeFormat)
    if let format, format != .jrnlText, arguments.contains(Self.timeFormat) {
      throw arguments.failure("--time-format is for jrnl-text files, not \(format)")
    }
    dryRun = try arguments.read(Self.dryRun)
    try arguments.expectNoMoreWords()
  }
}
