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
  private var state: State
  private var contentUIDs: ContentUID?
  private var derivedUIDs = 0

  /// The default longest record accepted: 64 MiB.
  public static var defaultMaximumRecordSize: Int { 64 << 20 }

  private enum State {
    case jsonl(JSONLinesDecoder)
    case json(JSONArrayDecoder)
    case csv(CSVDecoder)
    case ics(ICSDecoder)
    case jrnl(JRNLDecoder)
    case finished
  }

  /// Creates a decoder of `format` over `source`.
  ///
  /// - Parameters:
  ///   - format: The format to read; not `md`.
  ///   - source: Where the bytes come from.
  ///   - maximumRecordSize: The longest record accepted, in bytes; a longer one fails with
  ///     `recordTooLong` instead of filling memory.
  ///   - zone: The local time zone: the day of an iCalendar UTC time, the instant of a jrnl
  ///     entry's local time.
  /// - Throws: `InterchangeError.exportOnly` for `md`.
  public init(
    format: Format, source: Source, maximumRecordSize: Int = defaultMaximumRecordSize,
    zone: LocalZone = .utc
  ) throws(InterchangeError) {
    precondition(maximumRecordSize > 0, "the maximum record size must be positive")
    self.format = format
    self.reader = ByteReader(source: source, maximumRecordSize: maximumRecordSize)
    switch format {
    case .jsonl: state = .jsonl(JSONLinesDecoder())
    case .json: state = .json(JSONArrayDecoder())
    case .csv: state = .csv(CSVDecoder())
    case .ics: state = .ics(ICSDecoder(zone: zone))
    case .jrnl: state = .jrnl(JRNLDecoder(zone: zone))
    case .md: throw .exportOnly(.md)
    }
  }

  /// The number of components other than VJOURNAL (VEVENT, VTODO, VTIMEZONE…) skipped so far
  /// directly inside a VCALENDAR; always 0 for other formats.
  public var skippedComponents: Int {
    if case .ics(let decoder) = state { return decoder.skippedComponents }
    guard let components = finalReport?.components else { return 0 }
    return components.timeZones + components.ignored
  }

  /// What was read so far besides notes: records skipped, components left out, unknown CSV
  /// columns, starred jrnl entries, derived uids.
  public var report: ImportReport {
    var report = finalReport ?? ImportReport()
    switch state {
    case .csv(let decoder):
      report.unknownColumns = decoder.unknownColumns
      report.separator = decoder.separator.map { String(UnicodeScalar($0)) }
    case .ics(let decoder):
      report.components = decoder.components
      report.skippedRecords = decoder.skippedRecords
      report.skippedRecordCount = decoder.skippedRecordCount
    case .jrnl(let decoder):
      report.starred = decoder.starred
    case .jsonl, .json, .finished:
      break
    }
    report.derivedUIDs = derivedUIDs
    return report
  }

  /// The report as it was when an error finished the decoder.
  private var finalReport: ImportReport?

  /// Reads the next note; nil at the end of the input.
  ///
  /// - Throws: `InterchangeError.malformed` naming the record's first line, or what the
  ///   source throws.
  public mutating func next() throws -> DecodedNote? {
    let current = state
    // The state is moved out while it works so that its buffers are not copied on write.
    state = .finished
    var note: DecodedNote?
    do {
      switch consume current {
      case .jsonl(var decoder):
        note = try decoder.next(from: &reader)
        state = .jsonl(decoder)
      case .json(var decoder):
        note = try decoder.next(from: &reader)
        state = .json(decoder)
      case .csv(var decoder):
        do {
          note = try decoder.next(from: &reader)
        } catch {
          finish(.csv(decoder))
          throw error
        }
        state = .csv(decoder)
      case .ics(var decoder):
        do {
          note = try decoder.next(from: &reader)
        } catch {
          finish(.ics(decoder))
          throw error
        }
        state = .ics(decoder)
      case .jrnl(var decoder):
        do {
          note = try decoder.next(from: &reader)
        } catch {
          finish(.jrnl(decoder))
          throw error
        }
        state = .jrnl(decoder)
      case .finished:
        return nil
      }
    } catch let problem as RecordProblem {
      throw InterchangeError.malformed(line: problem.line, problem.problem)
    }
    if var derived = note, derived.uid == nil {
      if contentUIDs == nil { contentUIDs = ContentUID() }
      derived.uid = contentUIDs!.uid(day: derived.day, body: derived.body)
      derived.uidIsDerived = true
      derivedUIDs += 1
      return derived
    }
    return note
  }

  /// Keeps the report of a decoder an error finished.
  private mutating func finish(_ failed: State) {
    state = failed
    finalReport = report
    state = .finished
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
