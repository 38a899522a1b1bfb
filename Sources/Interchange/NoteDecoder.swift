/// Reads notes from an import file one record at a time, pulling bytes from a `ByteSource`:
/// memory grows with the longest record, not with the file.
///
/// ```swift
/// var decoder = try NoteDecoder(format: .jsonl, source: source)
/// while let note = try decoder.next() { … }
/// ```
///
/// `next()` throws `InterchangeError.malformed(line:_:)` for a malformed record, naming the
/// line where the record starts, and passes on what the source throws; after an error the
/// decoder is finished and `next()` returns nil. A UTF-8 byte order mark at the start is
/// skipped in every format.
public struct NoteDecoder<Source: ByteSource> {
  /// The format read.
  public let format: Format
  private var reader: ByteReader
  private var state: State

  /// The default longest record accepted: 64 MiB.
  public static var defaultMaximumRecordSize: Int { 64 << 20 }

  private enum State {
    case jsonl(JSONLinesDecoder)
    case json(JSONArrayDecoder)
    case csv(CSVDecoder)
    case ics(ICSDecoder)
    case finished
  }

  /// Creates a decoder of `format` over `source`.
  ///
  /// - Parameters:
  ///   - format: The format to read; not `md`.
  ///   - source: Where the bytes come from.
  ///   - maximumRecordSize: The longest record accepted, in bytes; a longer one fails with
  ///     `recordTooLong` instead of filling memory.
  /// - Throws: `InterchangeError.exportOnly` for `md`.
  public init(
    format: Format, source: Source, maximumRecordSize: Int = defaultMaximumRecordSize
  ) throws(InterchangeError) {
    precondition(maximumRecordSize > 0, "the maximum record size must be positive")
    self.format = format
    self.reader = ByteReader(source: source, maximumRecordSize: maximumRecordSize)
    switch format {
    case .jsonl: state = .jsonl(JSONLinesDecoder())
    case .json: state = .json(JSONArrayDecoder())
    case .csv: state = .csv(CSVDecoder())
    case .ics: state = .ics(ICSDecoder())
    case .md: throw .exportOnly(.md)
    }
  }

  /// The number of components other than VJOURNAL (VEVENT, VTODO, VTIMEZONE…) skipped so far
  /// directly inside a VCALENDAR; always 0 for other formats.
  public private(set) var skippedComponents = 0

  /// Reads the next note; nil at the end of the input.
  ///
  /// - Throws: `InterchangeError.malformed` naming the record's first line, or what the
  ///   source throws.
  public mutating func next() throws -> DecodedNote? {
    let current = state
    // The state is moved out while it works so that its buffers are not copied on write.
    state = .finished
    do {
      switch consume current {
      case .jsonl(var decoder):
        let note = try decoder.next(from: &reader)
        state = .jsonl(decoder)
        return note
      case .json(var decoder):
        let note = try decoder.next(from: &reader)
        state = .json(decoder)
        return note
      case .csv(var decoder):
        let note = try decoder.next(from: &reader)
        state = .csv(decoder)
        return note
      case .ics(var decoder):
        let note = try decoder.next(from: &reader)
        skippedComponents = decoder.skippedComponents
        state = .ics(decoder)
        return note
      case .finished:
        return nil
      }
    } catch let problem as RecordProblem {
      throw InterchangeError.malformed(line: problem.line, problem.problem)
    }
  }
}

/// An `ImportProblem` with the line it belongs to, thrown inside the decoders.
struct RecordProblem: Error {
  let line: Int
  let problem: ImportProblem
}

extension NoteDecoder where Source == ByteArraySource {
  /// Decodes every note of `bytes` at once (for tests and small inputs; imports stream).
  public static func decodeAll(_ bytes: [UInt8], format: Format) throws -> [DecodedNote] {
    var decoder = try NoteDecoder(format: format, source: ByteArraySource(bytes))
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    return notes
  }
}
