public import NoteModel

/// Reads notes from an import file one record at a time, pulling bytes from a `ByteSource`:
/// memory grows with the longest record, not with the file.
///
/// ```swift
/// var decoder = try NoteDecoder(format: .jsonl, source: source, zone: zone)
/// while let note = try decoder.next() { … }
/// let report = decoder.report  // skipped records, unknown columns, … for the summary
/// ```
///
/// `next()` throws `InterchangeError.malformed(line:_:)` for a malformed record, naming the
/// line where the record starts, and passes on what the source throws; after an error the
/// decoder is finished and `next()` returns nil. A UTF-8 byte order mark at the start is
/// skipped in every format, and an input that is empty or only white space holds no records
/// in every format. A record without a uid gets one derived from its content
/// (`ContentUID`: the same file imported twice finds the same notes). A record of `jsonl`,
/// `json` or `csv` whose body is empty or only white space is malformed; an iCalendar journal
/// with no text is skipped (`report`).
public struct NoteDecoder<Source: ByteSource> {
  /// The format read.
  public let format: Format
  private var reader: ByteReader
  // The one decoder of `format`, kept in place (not in an enum taken apart on every call)
  // so that neither it nor its buffers are copied per record.
  private var jsonl: JSONLinesDecoder?
  private var json: JSONArrayDecoder?
  private var csv: CSVDecoder?
  private var ics: ICSDecoder?
  private var jrnl: JRNLDecoder?
  private var jrnlText: JRNLTextDecoder?
  /// Set once an error ended decoding.
  private var isFinished = false
  private var contentUIDs: ContentUID?
  private var derivedUIDs = 0

  /// The default longest record accepted: 64 MiB.
  public static var defaultMaximumRecordSize: Int { 64 << 20 }

  /// Creates a decoder of `format` over `source`.
  ///
  /// - Parameters:
  ///   - format: The format to read; not `md`.
  ///   - source: Where the bytes come from.
  ///   - maximumRecordSize: The longest record accepted, in bytes; a longer one fails with
  ///     `recordTooLong` instead of filling memory.
  ///   - zone: The local time zone: the day of an iCalendar UTC time, the instant of a jrnl
  ///     entry's local time.
  ///   - timeFormats: The formats a `jrnl-text` entry's `[TIME]` is tried in, first to last:
  ///     the first that reads the first entry's reads them all.
  /// - Throws: `InterchangeError.exportOnly` for `md`.
  public init(
    format: Format, source: Source, maximumRecordSize: Int = defaultMaximumRecordSize,
    zone: LocalZone = .utc, timeFormats: [JRNLTimeFormat] = JRNLTimeFormat.defaults
  ) throws(InterchangeError) {
    try self.init(
      format: format, source: source, maximumRecordSize: maximumRecordSize, zone: zone,
      fastPath: true, timeFormats: timeFormats)
  }

  /// A decoder as `init(format:source:maximumRecordSize:zone:)` makes it, with `ics`'s fast
  /// path (`ICSOwnJournal`) on or off: the differential test's hook.
  package init(
    format: Format, source: Source, maximumRecordSize: Int = defaultMaximumRecordSize,
    zone: LocalZone = .utc, fastPath: Bool,
    timeFormats: [JRNLTimeFormat] = JRNLTimeFormat.defaults
  ) throws(InterchangeError) {
    precondition(maximumRecordSize > 0, "the maximum record size must be positive")
    self.format = format
    self.reader = ByteReader(source: source, maximumRecordSize: maximumRecordSize)
    switch format {
    case .jsonl: jsonl = JSONLinesDecoder()
    case .json: json = JSONArrayDecoder()
    case .csv: csv = CSVDecoder()
    case .ics: ics = ICSDecoder(zone: zone, fastPath: fastPath)
    case .jrnl: jrnl = JRNLDecoder(zone: zone)
    case .jrnlText:
      jrnlText = JRNLTextDecoder(
        zone: zone, formats: timeFormats.isEmpty ? JRNLTimeFormat.defaults : timeFormats)
    case .md: throw .exportOnly(.md)
    }
  }

  /// The number of components other than VJOURNAL (VEVENT, VTODO, VTIMEZONE…) skipped so far
  /// directly inside a VCALENDAR; always 0 for other formats.
  public var skippedComponents: Int {
    ics?.skippedComponents ?? 0
  }

  /// What was read so far besides notes: records skipped, components left out, unknown CSV
  /// columns, starred jrnl entries, derived uids.
  public var report: ImportReport {
    var report = ImportReport()
    if let csv {
      report.unknownColumns = csv.unknownColumns
      report.separator = csv.separator.map { String(UnicodeScalar($0)) }
    }
    if let ics {
      report.components = ics.components
      report.skippedRecords = ics.skippedRecords
      report.skippedRecordCount = ics.skippedRecordCount
    }
    report.starred = jrnl?.starred ?? jrnlText?.starred ?? 0
    report.derivedUIDs = derivedUIDs
    return report
  }

  /// Reads the next note; nil at the end of the input.
  ///
  /// - Throws: `InterchangeError.malformed` naming the record's first line, or what the
  ///   source throws.
  public mutating func next() throws -> DecodedNote? {
    guard !isFinished else { return nil }
    let note: DecodedNote?
    do {
      switch format {
      case .jsonl: note = try jsonl!.next(from: &reader)
      case .json: note = try json!.next(from: &reader)
      case .csv: note = try csv!.next(from: &reader)
      case .ics: note = try ics!.next(from: &reader)
      case .jrnl: note = try jrnl!.next(from: &reader)
      case .jrnlText: note = try jrnlText!.next(from: &reader)
      case .md: preconditionFailure("md has no decoder")
      }
    } catch let problem as RecordProblem {
      isFinished = true
      throw InterchangeError.malformed(line: problem.line, problem.problem)
    } catch {
      isFinished = true
      throw error
    }
    guard note?.uid == nil, var derived = note else { return note }
    if contentUIDs == nil { contentUIDs = ContentUID() }
    derived.uid = contentUIDs!.uid(day: derived.day, body: derived.body)
    derived.uidIsDerived = true
    derivedUIDs += 1
    return derived
  }
}

/// An `ImportProblem` with the line it belongs to, thrown inside the decoders.
struct RecordProblem: Error {
  let line: Int
  let problem: ImportProblem
}

extension NoteDecoder where Source == ByteArraySource {
  /// Decodes every note of `bytes` at once (for tests and small inputs; imports stream).
  public static func decodeAll(_ bytes: [UInt8], format: Format, zone: LocalZone = .utc) throws
    -> [DecodedNote]
  {
    var decoder = try NoteDecoder(format: format, source: ByteArraySource(bytes), zone: zone)
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    return notes
  }
}
